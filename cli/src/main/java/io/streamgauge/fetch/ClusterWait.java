package io.streamgauge.fetch;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.series.SeriesOutcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Waits on a cluster for a BenchmarkRun or BenchmarkSuite to end — its {@code Ended} condition
 * True, so with its verdict (Valid, and Gate with a gate) written — saying each new progress line,
 * and tells how it ended in the exit code a local run of it would have.
 */
public final class ClusterWait {

  /** How often the resource is read again. */
  public static final Duration POLL = Duration.ofSeconds(2);

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** Which kind of resource, as kubectl names it. */
  public enum Kind {
    /** A BenchmarkRun. */
    RUN("BenchmarkRun", "benchmarkruns"),
    /** A BenchmarkSuite. */
    SUITE("BenchmarkSuite", "benchmarksuites");

    private final String kind;
    private final String plural;

    Kind(String kind, String plural) {
      this.kind = kind;
      this.plural = plural;
    }

    /** BenchmarkRun or BenchmarkSuite. */
    public String kindName() {
      return kind;
    }

    ResourceDefinitionContext context() {
      return new ResourceDefinitionContext.Builder()
          .withGroup(BenchmarkRun.GROUP)
          .withVersion(BenchmarkRun.VERSION)
          .withKind(kind)
          .withPlural(plural)
          .withNamespaced(true)
          .build();
    }

    /**
     * The kind and name of {@code resource}: {@code NAME} (a run), or {@code KIND/NAME} with KIND
     * as kubectl takes it (benchmarkrun, br, bench; benchmarksuite, bs, suite).
     *
     * @throws IllegalArgumentException for any other kind
     */
    public static Named parse(String resource) {
      int slash = resource.indexOf('/');
      if (resource.isBlank()) {
        throw new IllegalArgumentException("the name is missing");
      }
      if (slash < 0) {
        return new Named(RUN, resource);
      }
      String kind = resource.substring(0, slash).toLowerCase(Locale.ROOT);
      String name = resource.substring(slash + 1);
      if (name.isEmpty()) {
        throw new IllegalArgumentException("'" + resource + "': the name is missing");
      }
      return switch (kind) {
        case "benchmarkrun", "benchmarkruns", "br", "bench" -> new Named(RUN, name);
        case "benchmarksuite", "benchmarksuites", "bs", "suite" -> new Named(SUITE, name);
        default ->
            throw new IllegalArgumentException(
                "'" + resource + "': expected NAME, benchmarkrun/NAME or benchmarksuite/NAME");
      };
    }
  }

  /** A resource by kind and name. */
  public record Named(Kind kind, String name) {}

  /** How a run or suite ended, as its conditions say; the CLI exits with a local run's code. */
  public enum Verdict {
    /** Succeeded, valid, its gate (if any) passed. */
    SUCCEEDED,
    /** Succeeded with Valid False: a check failed (for a suite: a run failed or was invalid). */
    INVALID,
    /** Its Gate condition is False. */
    GATE_FAILED,
    /** Failed (a suite: could not run, or every run failed). */
    FAILED
  }

  /**
   * How a wait ended.
   *
   * @param resource the resource as last read, as JSON
   * @param verdict how it ended
   */
  public record Ended(JsonNode resource, Verdict verdict) {

    /**
     * {@code Succeeded, Valid False (ChecksFailed: producedRate ...)}: the phase, why it failed,
     * then each verdict condition with the reason and message of those that are not True.
     */
    public String describe() {
      List<String> parts = new ArrayList<>();
      parts.add(resource.path("status").path("phase").asText());
      condition(resource, "Ready")
          .filter(c -> "False".equals(c.path("status").asText()))
          .ifPresent(c -> parts.add(said(c)));
      for (String type : List.of("Valid", "Gate")) {
        condition(resource, type)
            .ifPresent(
                c -> {
                  String status = c.path("status").asText();
                  parts.add(
                      type + " " + status + (status.equals("True") ? "" : " (" + said(c) + ")"));
                });
      }
      return String.join(", ", parts);
    }

    private static String said(JsonNode condition) {
      return condition.path("reason").asText() + ": " + condition.path("message").asText();
    }
  }

  /** Pauses between reads: the CLI sleeps the thread. */
  @FunctionalInterface
  public interface Pause {
    /** Pauses for {@code duration}. */
    void pause(Duration duration) throws InterruptedException;
  }

  private final KubernetesClient client;
  private final Clock clock;
  private final Pause pause;

  public ClusterWait(KubernetesClient client, Clock clock, Pause pause) {
    this.client = client;
    this.clock = clock;
    this.pause = pause;
  }

  /**
   * Waits at most {@code timeout} for {@code target} in {@code namespace} to end, giving {@code
   * progress} every line that differs from the one before.
   *
   * @return how it ended, or empty when {@code timeout} passed first
   * @throws ClusterResult.FetchException when it does not exist or the cluster cannot be reached
   */
  public Optional<Ended> until(
      String namespace, Named target, Duration timeout, Consumer<String> progress)
      throws InterruptedException {
    Instant deadline = clock.instant().plus(timeout);
    String said = null;
    while (true) {
      JsonNode resource = read(namespace, target);
      String line = progressLine(resource);
      if (!Objects.equals(line, said)) {
        progress.accept(line);
        said = line;
      }
      if (ended(resource)) {
        return Optional.of(new Ended(resource, verdict(target.kind(), resource)));
      }
      if (!clock.instant().isBefore(deadline)) {
        return Optional.empty();
      }
      pause.pause(POLL);
    }
  }

  private JsonNode read(String namespace, Named target) {
    GenericKubernetesResource resource;
    String what = target.kind().kindName() + " " + namespace + "/" + target.name();
    try {
      resource =
          client
              .genericKubernetesResources(target.kind().context())
              .inNamespace(namespace)
              .withName(target.name())
              .get();
    } catch (KubernetesClientException e) {
      throw new ClusterResult.FetchException(
          "cannot read "
              + what
              + ": "
              + String.valueOf(e.getMessage()).lines().findFirst().orElse(""),
          true);
    }
    if (resource == null) {
      throw new ClusterResult.FetchException(
          "no " + target.kind().kindName() + " " + target.name() + " in namespace " + namespace,
          false);
    }
    return SERIALIZATION.convertValue(resource, JsonNode.class);
  }

  /**
   * Its progress line as the operator writes it ({@code Measuring 1m10s/2m}), after its phase when
   * the line does not start with it ({@code Repeating: run 2 of 3: ...}).
   */
  static String progressLine(JsonNode resource) {
    JsonNode status = resource.path("status");
    String phase = status.path("phase").asText("");
    String progress = status.path("progress").asText("");
    if (phase.isEmpty()) {
      return "waiting for the Streamgauge operator to accept it";
    }
    if (progress.isEmpty()) {
      return phase;
    }
    return progress.startsWith(phase) ? progress : phase + ": " + progress;
  }

  /**
   * True once it ended: its Ended condition True; from an operator older than that condition,
   * Succeeded or Failed with its gate, if any, judged.
   */
  static boolean ended(JsonNode resource) {
    Optional<JsonNode> ended = condition(resource, "Ended");
    if (ended.isPresent()) {
      return "True".equals(ended.get().path("status").asText());
    }
    String phase = resource.path("status").path("phase").asText("");
    boolean terminal = phase.equals("Succeeded") || phase.equals("Failed");
    boolean gatePending =
        !resource.path("spec").path("gate").isMissingNode()
            && condition(resource, "Gate")
                .map(c -> !"Unknown".equals(c.path("status").asText()))
                .isEmpty();
    return terminal && !(phase.equals("Succeeded") && gatePending);
  }

  /**
   * How it ended: failed; its gate failed; invalid; else succeeded. A suite whose every run failed
   * has failed, as a local suite has.
   */
  static Verdict verdict(Kind kind, JsonNode resource) {
    if (resource.path("status").path("phase").asText("").equals("Failed")) {
      return Verdict.FAILED;
    }
    if (isFalse(resource, "Gate")) {
      return Verdict.GATE_FAILED;
    }
    Optional<JsonNode> valid = condition(resource, "Valid");
    if (kind == Kind.SUITE
        && valid
            .flatMap(v -> SeriesOutcome.ofValidReason(v.path("reason").asText()))
            .filter(SeriesOutcome.FAILED::equals)
            .isPresent()) {
      return Verdict.FAILED;
    }
    return isFalse(resource, "Valid") ? Verdict.INVALID : Verdict.SUCCEEDED;
  }

  private static boolean isFalse(JsonNode resource, String type) {
    return condition(resource, type)
        .map(c -> "False".equals(c.path("status").asText()))
        .orElse(false);
  }

  private static Optional<JsonNode> condition(JsonNode resource, String type) {
    for (JsonNode c : resource.path("status").path("conditions")) {
      if (type.equals(c.path("type").asText())) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }
}
