package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.testing.BoundEdge;
import io.streamgauge.testing.CrdEdges;
import io.streamgauge.testing.InvalidSpecs;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The real API server enforces the BenchmarkRun CRD: schema, CEL rules, immutability, docs. */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BenchmarkRunCrdIT {

  private static final String NAMESPACE = "crd-it";
  private static final ResourceDefinitionContext RUNS =
      new ResourceDefinitionContext.Builder()
          .withGroup("streamgauge.io")
          .withVersion("v1alpha1")
          .withKind("BenchmarkRun")
          .withPlural("benchmarkruns")
          .withNamespaced(true)
          .build();

  private static final String VALID = InvalidSpecs.VALID;

  private final AtomicInteger names = new AtomicInteger();
  private TestControlPlane plane;
  private KubernetesClient client;

  @BeforeAll
  void createNamespace(TestControlPlane plane) {
    this.plane = plane;
    this.client = plane.client();
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .serverSideApply();
  }

  static Stream<Path> examples() {
    return RepoFiles.exampleRuns().stream();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void examplesAreAcceptedByTheApiServer(Path example) {
    CommandResult result = plane.kubectl("apply", "-n", NAMESPACE, "-f", example.toString());

    assertThat(result.succeeded()).as(result.stderr()).isTrue();
    assertThat(result.stdout()).contains("benchmarkrun.streamgauge.io/").contains("created");
  }

  @Test
  void theRequiredExamplesExist() {
    assertThat(RepoFiles.exampleRuns())
        .extracting(p -> p.getFileName().toString())
        .contains(
            "run-stateless-simple-eos.yaml",
            "run-stateless-simple-alo.yaml",
            "run-stateless-advanced-eos.yaml",
            "run-stateful-joins-eos.yaml",
            "run-wordcount-eos.yaml",
            "run-wordcount-alo.yaml",
            "run-external-kafka.yaml",
            "run-custom-app.yaml",
            "run-wordcount-eos-small.yaml");
    assertThat(RepoFiles.examplesDir().resolve("README.md"))
        .content()
        .contains(
            RepoFiles.yamlFiles(RepoFiles.examplesDir()).stream()
                .map(p -> "`" + p.getFileName() + "`")
                .toList());
  }

  @Test
  void aMinimalSpecIsAcceptedAndReadBackAsTheJavaModel() {
    String name = create(VALID).getMetadata().getName();

    BenchmarkRun run =
        client.resources(BenchmarkRun.class).inNamespace(NAMESPACE).withName(name).get();

    assertThat(run.getSpec().getScenario().value()).isEqualTo("wordcount");
    assertThat(run.getSpec().getApp().getImage()).isEqualTo("example.invalid/app:1");
  }

  static Stream<Arguments> invalidSpecs() {
    return InvalidSpecs.cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidSpecs")
  void invalidSpecsAreRejectedNamingTheField(String why, String spec, String field) {
    assertThatThrownBy(() -> create(spec))
        .as(why)
        .isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(422))
        .hasMessageContaining(field + ":");
  }

  static Stream<BoundEdge> edges() {
    return CrdEdges.runs().stream();
  }

  /**
   * Every bound of the schema from both sides: {@code CrdEdges} (its completeness is unit-tested).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("edges")
  void specsJustInsideEachBoundAreAcceptedAndJustPastItRefused(BoundEdge edge) {
    assertThat(create(edge.inside())).as("inside").isNotNull();
    assertThatThrownBy(() -> create(edge.past()))
        .as("past")
        .isInstanceOf(KubernetesClientException.class)
        .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isEqualTo(422))
        .hasMessageContaining(edge.field() + ":")
        .hasMessageContaining(edge.says());
  }

  /**
   * The run's name goes into Services (DNS-1035), labels and Strimzi's pod names: the longest
   * accepted name is {@link BenchmarkRun#MAX_NAME_LENGTH}; a longer one, or a dot, is refused.
   */
  @Test
  void runNamesAreShortDnsLabels() {
    String longest = "r" + "x".repeat(BenchmarkRun.MAX_NAME_LENGTH - 1);
    assertThat(createNamed(longest, VALID).getMetadata().getName()).isEqualTo(longest);
    assertThatThrownBy(() -> createNamed(longest + "y", VALID))
        .hasMessageContaining("metadata.name: at most 40 characters");
    assertThatThrownBy(() -> createNamed("wc.eos", VALID))
        .hasMessageContaining("metadata.name: lowercase letters, digits and '-'");
    assertThatThrownBy(() -> createNamed("1wc", VALID))
        .hasMessageContaining("metadata.name: lowercase letters, digits and '-'");
  }

  private GenericKubernetesResource createNamed(String name, String spec) {
    GenericKubernetesResource run =
        Serialization.unmarshal(document(spec), GenericKubernetesResource.class);
    run.getMetadata().setName(name);
    return client.genericKubernetesResources(RUNS).inNamespace(NAMESPACE).resource(run).create();
  }

  @Test
  void aRunWithoutSpecIsRejected() {
    GenericKubernetesResource run = new GenericKubernetesResource();
    run.setApiVersion("streamgauge.io/v1alpha1");
    run.setKind("BenchmarkRun");
    run.setMetadata(new ObjectMetaBuilder().withName("no-spec").build());

    assertThatThrownBy(
            () ->
                client
                    .genericKubernetesResources(RUNS)
                    .inNamespace(NAMESPACE)
                    .resource(run)
                    .create())
        .hasMessageContaining("spec: Required value");
  }

  @Test
  void kubectlRejectsUnknownFieldsInsteadOfDroppingThem() {
    CommandResult result = kubectlApply(VALID.replace("scenario:", "scenarios: x\nscenario:"));

    assertThat(result.succeeded()).isFalse();
    assertThat(result.stderr()).contains("unknown field \"spec.scenarios\"");
  }

  @Test
  void theSpecCannotChangeOnceCreated() {
    String name = create(VALID).getMetadata().getName();

    assertThatThrownBy(
            () ->
                client
                    .genericKubernetesResources(RUNS)
                    .inNamespace(NAMESPACE)
                    .withName(name)
                    .edit(
                        r -> {
                          @SuppressWarnings("unchecked")
                          Map<String, Object> spec =
                              (Map<String, Object>) r.getAdditionalProperties().get("spec");
                          spec.put("processingGuarantee", "at_least_once");
                          return r;
                        }))
        .isInstanceOf(KubernetesClientException.class)
        .hasMessageContaining("spec: Invalid value")
        .hasMessageContaining("spec is immutable");
  }

  /**
   * What a GitOps tool's sync can do with a changed run (charts/streamgauge/README.md): Argo CD's
   * {@code Replace=true} is {@code kubectl replace}, an update, which the immutable spec refuses;
   * with {@code Force=true} too it is {@code kubectl replace --force}, a delete and a create: a new
   * run.
   */
  @Test
  void aChangedRunRunsAgainOnlyWhenReplacedWholeNeverByAnUpdate() throws IOException {
    Path file = Files.createTempFile("rerun", ".yaml");
    String first = VALID;
    String changed = VALID.replace("exactly_once_v2", "at_least_once");
    Files.writeString(file, named("rerun", first));
    CommandResult created = plane.kubectl("apply", "-n", NAMESPACE, "-f", file.toString());
    String uid = run("rerun").getMetadata().getUid();
    Files.writeString(file, named("rerun", changed));

    CommandResult replaced = plane.kubectl("replace", "-n", NAMESPACE, "-f", file.toString());
    CommandResult forced =
        plane.kubectl("replace", "--force", "-n", NAMESPACE, "-f", file.toString());

    assertThat(created.succeeded()).as(created.stderr()).isTrue();
    assertThat(replaced.succeeded()).as("an update of the spec").isFalse();
    assertThat(replaced.stderr()).contains("spec is immutable");
    assertThat(forced.succeeded()).as(forced.stderr()).isTrue();
    assertThat(forced.stdout()).contains("deleted").contains("replaced");
    BenchmarkRun again = run("rerun");
    assertThat(again.getMetadata().getUid()).as("a new run").isNotEqualTo(uid);
    assertThat(again.getSpec().getProcessingGuarantee().value()).isEqualTo("at_least_once");
  }

  private BenchmarkRun run(String name) {
    return client.resources(BenchmarkRun.class).inNamespace(NAMESPACE).withName(name).get();
  }

  private static String named(String name, String spec) {
    return "apiVersion: streamgauge.io/v1alpha1\nkind: BenchmarkRun\nmetadata:\n  name: "
        + name
        + "\nspec:\n"
        + spec.indent(2);
  }

  @Test
  void statusAndLabelsStayWritableAndShowInKubectlGet() {
    String name = create(VALID).getMetadata().getName();
    var runs = client.resources(BenchmarkRun.class).inNamespace(NAMESPACE);
    runs.withName(name)
        .edit(
            r -> {
              r.getMetadata().getLabels().put("team", "perf");
              return r;
            });
    BenchmarkRun run = runs.withName(name).get();
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setPhase(Phase.Measuring);
    LatencySummary latency = new LatencySummary();
    latency.setP99Ms(215.0);
    RunSummary summary = new RunSummary();
    summary.setLatency(latency);
    status.setSummary(summary);
    run.setStatus(status);
    runs.resource(run).updateStatus();

    CommandResult table = plane.kubectl("get", "br", name, "-n", NAMESPACE);

    assertThat(table.succeeded()).as(table.stderr()).isTrue();
    assertThat(table.stdout().lines().findFirst().orElseThrow())
        .contains(
            "PHASE",
            "SCENARIO",
            "RUNTIME",
            "GUARANTEE",
            "P99 (MS)",
            "VALID",
            "REASON",
            "PROGRESS",
            "WARNINGS",
            "AGE");
    assertThat(table.stdout()).contains("Measuring", "wordcount", "exactly_once_v2", "215");
    assertThat(runs.withName(name).get().getMetadata().getLabels()).containsEntry("team", "perf");
  }

  @Test
  void pipelinesCanWaitForTheRunToEndWithKubectlWait() {
    String name = create(VALID).getMetadata().getName();
    var runs = client.resources(BenchmarkRun.class).inNamespace(NAMESPACE);
    BenchmarkRun run = runs.withName(name).get();
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setPhase(Phase.Measuring);
    run.setStatus(status);
    runs.resource(run).updateStatus();

    CommandResult tooEarly = kubectlWait("--for=jsonpath={.status.phase}=Succeeded", name, "1s");
    run = runs.withName(name).get();
    run.getStatus().setPhase(Phase.Succeeded);
    run.getStatus()
        .getConditions()
        .add(
            new ConditionBuilder()
                .withType("Ready")
                .withStatus("True")
                .withReason("Succeeded")
                .withLastTransitionTime("2026-11-22T10:00:00Z")
                .build());
    runs.resource(run).updateStatus();
    CommandResult phase = kubectlWait("--for=jsonpath={.status.phase}=Succeeded", name, "30s");
    CommandResult ready = kubectlWait("--for=condition=Ready", name, "30s");

    assertThat(tooEarly.succeeded()).as("still measuring").isFalse();
    assertThat(phase.succeeded()).as(phase.stderr()).isTrue();
    assertThat(phase.stdout()).contains("condition met");
    assertThat(ready.succeeded()).as(ready.stderr()).isTrue();
  }

  @Test
  void kubectlExplainShowsTheFieldDocumentation() {
    CommandResult topics = plane.kubectl("explain", "benchmarkrun.spec.load.topics");
    CommandResult warmup = plane.kubectl("explain", "bench.spec.schedule.warmup");

    assertThat(topics.succeeded()).as(topics.stderr()).isTrue();
    assertThat(topics.stdout())
        .contains("Input topics with their rate and record profile")
        .contains("ratePerSecond")
        .contains("open-loop schedule");
    assertThat(warmup.stdout()).contains("Load runs this long before measurement starts");
    assertThat(plane.kubectl("explain", "benchmarkrun").stdout())
        .contains("One benchmark of a Kafka stream-processing application");
    assertThat(plane.kubectl("explain", "benchmarkrun.spec").stdout())
        .contains("What to benchmark and how");
    assertThat(plane.kubectl("explain", "benchmarksuite").stdout())
        .contains("A matrix of BenchmarkRuns");
  }

  private GenericKubernetesResource create(String spec) {
    GenericKubernetesResource run =
        Serialization.unmarshal(document(spec), GenericKubernetesResource.class);
    return client.genericKubernetesResources(RUNS).inNamespace(NAMESPACE).resource(run).create();
  }

  /**
   * {@code kubectl wait <condition> benchmarkrun/<name> --timeout=<timeout>}, as a pipeline runs
   * it.
   */
  private CommandResult kubectlWait(String condition, String name, String timeout) {
    return plane.kubectl(
        "wait", condition, "benchmarkrun/" + name, "-n", NAMESPACE, "--timeout=" + timeout);
  }

  private CommandResult kubectlApply(String spec) {
    try {
      Path file = Files.createTempFile("run", ".yaml");
      Files.writeString(file, document(spec));
      return plane.kubectl("apply", "-n", NAMESPACE, "-f", file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String document(String spec) {
    return "apiVersion: streamgauge.io/v1alpha1\nkind: BenchmarkRun\nmetadata:\n  name: run-"
        + names.incrementAndGet()
        + "\nspec:\n"
        + spec.indent(2);
  }
}
