package io.streamgauge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.AppSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.conformance.ConformanceCheck;
import io.streamgauge.conformance.ConformanceRun;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.localrun.LocalOptions;
import io.streamgauge.localrun.LocalSpec;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.LocalModeHost;
import io.streamgauge.platform.local.LocalPlatform;
import io.streamgauge.platform.local.LocalPorts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code streamgauge conformance}: what an app does against the contract every app under test meets
 * (docs/guides/runtimes.md), check by check, on this machine: a reference app of a runtime, or a
 * jar or command of the user's. Exit 0 when it conforms, {@link ExitCodes#NOT_CONFORMANT} when a
 * check failed.
 */
@Command(
    name = "conformance",
    mixinStandardHelpOptions = true,
    description =
        "Check an app against the contract every app under test meets (docs/guides/runtimes.md):"
            + " readiness, every output topic written, input timestamps and trace headers carried,"
            + " exactly-once output committed in transactions on the commit interval and aborted"
            + " ones never seen, the figures its metric profile reads, a clean stop on SIGTERM."
            + " Runs on this machine with a real Kafka broker and Prometheus, about two minutes.")
final class ConformanceCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  @CommandLine.Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "FILE",
      description =
          "A BenchmarkRun file describing the app: its scenario (custom included, with its own"
              + " topics and records), guarantee, runtime, settings and metrics; the options given"
              + " apply on top of it. Without it the options alone describe the app.")
  Path file;

  @Option(
      names = "--scenario",
      paramLabel = "SCENARIO",
      defaultValue = "stateless-simple",
      description =
          "The scenario the app implements (its topics and records). Default ${DEFAULT-VALUE}.")
  String scenario;

  @Option(
      names = "--runtime",
      paramLabel = "RUNTIME",
      defaultValue = "kafka-streams",
      description =
          "spec.app.runtime: without --app-jar or --app-command, whose reference app to check"
              + " (kafka-streams, flink, kafka-clients). Default ${DEFAULT-VALUE}.")
  String runtime;

  @ArgGroup(exclusive = true)
  LocalRunOptions.OwnApp ownApp;

  @Option(
      names = "--guarantee",
      paramLabel = "GUARANTEE",
      defaultValue = "exactly_once_v2",
      description =
          "exactly_once_v2 (every check, the transactional ones too) or at_least_once."
              + " Default ${DEFAULT-VALUE}.")
  String guarantee;

  @Option(
      names = "--commit-interval",
      paramLabel = "DURATION",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description =
          "commit.interval.ms given to the app: long enough for a commit to be told apart from the"
              + " next (at least 2s). Default ${DEFAULT-VALUE}.")
  Duration commitInterval;

  @Option(
      names = "--config",
      paramLabel = "KEY=VALUE",
      description = "A setting of spec.app.config for the app; repeatable.")
  Map<String, String> config = new LinkedHashMap<>();

  @Option(
      names = "--metrics-profile",
      paramLabel = "PROFILE",
      description = "spec.app.metrics.profile (default prometheus-jvm).")
  String metricsProfile;

  @Option(
      names = "--metrics-port",
      paramLabel = "PORT",
      description = "spec.app.metrics.port where a jar or command listens (default 9404).")
  Integer metricsPort;

  @Option(
      names = "--readiness-path",
      paramLabel = "PATH",
      description =
          "spec.app.metrics.readinessPath (default /health for a reference app, else the metrics path).")
  String readinessPath;

  @Option(
      names = "--prometheus-bin",
      paramLabel = "PATH",
      description =
          "Prometheus binary. Default: $PROMETHEUS_BIN, else prometheus beside this"
              + " command, on the PATH or in its checkout's bin/.")
  String prometheusBin;

  @Option(
      names = {"-d", "--output-dir"},
      paramLabel = "DIR",
      description =
          "Where conformance.json and the logs go. Default streamgauge-results/conformance-<time>.")
  Path outputDir;

  @Mixin OutputFormatOption format = new OutputFormatOption();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = command.commandLine().getOut();
    PrintWriter err = command.commandLine().getErr();
    PrintWriter said = format.said(out, err);
    Optional<String> notHere = LocalModeHost.unsupported();
    if (notHere.isPresent()) {
      err.println("streamgauge: conformance runs the app in " + notHere.get());
      return ExitCodes.ENVIRONMENT;
    }
    if (commitInterval.compareTo(Duration.ofSeconds(2)) < 0) {
      err.println(
          "streamgauge: --commit-interval must be at least 2s, so one commit is told apart from the"
              + " next; got "
              + commitInterval.toMillis()
              + "ms");
      return ExitCodes.INVALID;
    }
    LocalSpec spec;
    try {
      spec = LocalSpec.resolve("conformance", spec(), options(), LocalRunOptions.appChoice(ownApp));
    } catch (InvalidSpecException e) {
      e.problems()
          .forEach(p -> err.println("streamgauge: " + (file != null ? file + ": " : "") + p));
      return ExitCodes.INVALID;
    } catch (IllegalArgumentException e) {
      err.println("streamgauge: " + e.getMessage());
      return ExitCodes.INVALID;
    }
    Path dir =
        outputDir != null
            ? outputDir
            : Path.of("streamgauge-results", "conformance-" + STAMP.format(Instant.now()));
    List<ConformanceCheck> checks;
    try {
      LocalPlatform.requireSetsid(System.getenv());
      String prometheus = LocalPlatform.prometheusBinary(prometheusBin, System.getenv());
      Files.createDirectories(dir);
      said.printf(
          "Conformance of %s: %s, %s, commit.interval.ms %d; logs in %s%n",
          spec.app().describe(),
          spec.spec().getScenario().value(),
          spec.spec().getProcessingGuarantee().value(),
          commitInterval.toMillis(),
          dir.resolve("logs"));
      said.flush();
      checks = new ConformanceRun(spec, commitInterval, prometheus, dir, said).run();
    } catch (LocalEnvironmentException
        | LocalPorts.PortInUseException
        | IOException
        | IllegalStateException e) {
      err.println("streamgauge: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
    ObjectNode document = document(spec, checks);
    Files.writeString(
        dir.resolve("conformance.json"),
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document));
    said.print(table(checks));
    long failed = checks.stream().filter(c -> c.verdict() == ConformanceCheck.Verdict.FAIL).count();
    long warned = checks.stream().filter(c -> c.verdict() == ConformanceCheck.Verdict.WARN).count();
    said.printf(
        "%s: %d checks, %d failed, %d warning(s); wrote %s%n",
        failed == 0 ? "conforms" : "does not conform",
        checks.size(),
        failed,
        warned,
        dir.resolve("conformance.json"));
    said.flush();
    format.print(document, out);
    return failed == 0 ? ExitCodes.SUCCESS : ExitCodes.NOT_CONFORMANT;
  }

  /**
   * The run the app is checked as: {@code FILE}'s spec with the options given on top, or the
   * options alone. The check's own settings always apply: the commit interval, and two cores and a
   * GiB (a trickle of probes needs no more).
   */
  private BenchmarkRunSpec spec() throws InvalidSpecException {
    BenchmarkRunSpec spec = file != null ? SpecFile.read(file).spec() : new BenchmarkRunSpec();
    if (given("--scenario") || file == null) {
      spec.setScenario(parse(Scenario.class, scenario, "--scenario"));
    }
    if (spec.getScenario() == Scenario.STATEFUL_JOINS) {
      // Its probes would need the run's schema registry, and its outputs hold only some inputs.
      throw new IllegalArgumentException(
          "--scenario: stateful-joins is not checked by conformance; measure such an app with"
              + " `streamgauge run --local --app-jar JAR` on examples/run-stateful-joins-eos.yaml,"
              + " whose integrity check is the join's");
    }
    if (given("--guarantee") || file == null) {
      spec.setProcessingGuarantee(parse(ProcessingGuarantee.class, guarantee, "--guarantee"));
    }
    AppSpec app = spec.getApp() != null ? spec.getApp() : new AppSpec();
    if (given("--runtime") || app.getRuntime() == null) {
      app.setRuntime(runtime);
    }
    Map<String, String> settings =
        new LinkedHashMap<>(app.getConfig() != null ? app.getConfig() : Map.of());
    settings.putAll(config);
    settings.put("commit.interval.ms", String.valueOf(commitInterval.toMillis()));
    app.setConfig(settings);
    // Two cores and a GiB, as the small examples give the app: enough for a trickle of probes.
    ResourceRequirements resources = new ResourceRequirements();
    resources.setLimits(Map.of("cpu", new Quantity("2"), "memory", new Quantity("1Gi")));
    app.setResources(resources);
    AppMetricsSpec metrics = app.getMetrics() != null ? app.getMetrics() : new AppMetricsSpec();
    if (metricsProfile != null) {
      metrics.setProfile(metricsProfile);
    }
    if (metricsPort != null) {
      metrics.setPort(metricsPort);
    }
    if (readinessPath != null) {
      metrics.setReadinessPath(readinessPath);
    }
    app.setMetrics(metrics);
    spec.setApp(app);
    return spec;
  }

  /** True when the command line names {@code option} (not merely its default). */
  private boolean given(String option) {
    return command.commandLine().getParseResult().hasMatchedOption(option);
  }

  private static <E extends Enum<E>> E parse(Class<E> type, String value, String option) {
    for (E constant : type.getEnumConstants()) {
      if (JSON.convertValue(constant, String.class).equals(value)) {
        return constant;
      }
    }
    throw new IllegalArgumentException(
        option
            + ": '"
            + value
            + "' is none of "
            + String.join(
                ", ",
                java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> JSON.convertValue(c, String.class))
                    .toList()));
  }

  private static LocalOptions options() {
    return new LocalOptions(null, null, null, null, null, 1.0, Duration.ofSeconds(1), null);
  }

  /** The checks as a table, one per line: verdict, point, what was seen. */
  static String table(List<ConformanceCheck> checks) {
    StringBuilder table = new StringBuilder();
    int width = checks.stream().mapToInt(c -> c.name().length()).max().orElse(10);
    for (ConformanceCheck check : checks) {
      table.append(
          String.format(
              Locale.ROOT,
              "  %-11s  %-" + width + "s  %s%n",
              check.verdict().name().replace('_', ' '),
              check.name(),
              check.detail()));
    }
    return table.toString();
  }

  private ObjectNode document(LocalSpec spec, List<ConformanceCheck> checks) {
    ObjectNode document = JSON.createObjectNode();
    document.put("app", spec.app().describe());
    document.put("runtime", spec.spec().getApp().getRuntime());
    document.put("scenario", spec.spec().getScenario().value());
    document.put("processingGuarantee", spec.spec().getProcessingGuarantee().value());
    document.put("commitIntervalMs", commitInterval.toMillis());
    document.put(
        "conforms", checks.stream().noneMatch(c -> c.verdict() == ConformanceCheck.Verdict.FAIL));
    ArrayNode list = document.putArray("checks");
    for (ConformanceCheck check : checks) {
      ObjectNode item = list.addObject();
      item.put("name", check.name());
      item.put("verdict", check.verdict().name());
      item.put("detail", check.detail());
    }
    return document;
  }
}
