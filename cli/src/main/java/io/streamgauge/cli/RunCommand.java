package io.streamgauge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.Phase;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.compare.RepetitionSummary;
import io.streamgauge.compare.ResultFileReader;
import io.streamgauge.localrun.Interruption;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.localrun.LocalOptions;
import io.streamgauge.localrun.LocalRun;
import io.streamgauge.localrun.LocalSecrets;
import io.streamgauge.localrun.LocalSpec;
import io.streamgauge.localrun.Report;
import io.streamgauge.localrun.ResultFiles;
import io.streamgauge.localrun.RunRecord;
import io.streamgauge.localrun.TerminalReporter;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.LocalPlatform;
import io.streamgauge.platform.local.LocalPorts;
import io.streamgauge.platform.local.LocalSetup;
import io.streamgauge.platform.local.ProcessGuard;
import io.streamgauge.run.RunStateMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sun.misc.Signal;

/**
 * {@code streamgauge run --local FILE}: the BenchmarkRun in FILE on this machine — a real Kafka
 * broker, the app, the load generator, the latency consumer and Prometheus as processes, the
 * operator's phase machine and summary — with the windows and rates the options give. Ctrl-C or a
 * process dying stops every process, writes what was measured and exits non-zero.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run a BenchmarkRun file on this machine (--local): Kafka, the app, the load generator,"
          + " the latency consumer and Prometheus as local processes. Writes result.json,"
          + " report.md and every process's log into the output directory.",
      "",
      "Exit codes: 0 succeeded, 2 invalid spec or options, 3 environment problem (missing"
          + " Prometheus, port in use), 4 run failed, 5 succeeded but invalid (a check failed),"
          + " 130 Ctrl-C, 143 SIGTERM.",
      ""
    })
final class RunCommand implements Callable<Integer> {

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  @Option(
      names = "--local",
      required = true,
      description = "Run on this machine (on Kubernetes, `kubectl apply -f FILE` instead).")
  private boolean local;

  @Parameters(index = "0", paramLabel = "FILE", description = "A BenchmarkRun YAML file.")
  private Path file;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "DIR",
      description = "Output directory. Default: streamgauge-results/<name>-<UTC time>.")
  private Path output;

  @Option(
      names = "--warmup",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Warmup window instead of the spec's (e.g. 30s).")
  private Duration warmup;

  @Option(
      names = "--measurement",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Measurement window instead of the spec's (e.g. 60s).")
  private Duration measurement;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Limit of the whole run. Default: warmup + measurement + 10m.")
  private Duration timeout;

  @Option(
      names = "--rate-scale",
      paramLabel = "FACTOR",
      defaultValue = "1",
      description =
          "Multiply every topic's rate by FACTOR (e.g. 0.25), and a state-restoration run's"
              + " prepopulated records. Default: ${DEFAULT-VALUE}.")
  private double rateScale;

  @Option(
      names = "--scrape-interval",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      defaultValue = "5s",
      description =
          "Scrape interval (and query resolution) of the local Prometheus."
              + " Default: ${DEFAULT-VALUE}.")
  private Duration scrapeInterval;

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "HOST:PORT",
      description = "Use this Kafka cluster instead of starting a local broker.")
  private String bootstrapServers;

  @Option(
      names = "--secrets-dir",
      paramLabel = "DIR",
      description =
          "The Secrets the spec names (spec.kafka.external.tls, .authentication) as files"
              + " DIR/<secretName>/<key>, the layout of a mounted Secret.")
  private Path secretsDir;

  @Option(
      names = "--repetitions",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Run the spec N times, each with a fresh broker (or fresh topics on"
              + " --bootstrap-servers), app and clients, into DIR/1 … DIR/N, then write"
              + " repetitions.md and repetitions.json (median, min, max, CV per figure) into DIR."
              + " Stops at the first run that fails. Default: ${DEFAULT-VALUE}.")
  private int repetitions;

  @Option(
      names = "--kafka-port",
      paramLabel = "PORT",
      defaultValue = "0",
      description = "Port of the local broker. Default: any free port.")
  private int kafkaPort;

  @Option(
      names = "--prometheus-bin",
      paramLabel = "PATH",
      description = "Prometheus binary. Default: $PROMETHEUS_BIN, else prometheus on the PATH.")
  private String prometheusBin;

  @ArgGroup(exclusive = true)
  private AppChoice appChoice;

  /** Either a jar or a command instead of the reference app. */
  static final class AppChoice {
    @Option(
        names = "--app-jar",
        paramLabel = "JAR",
        description =
            "Run the app under test as `java -jar JAR` (settings in STREAMGAUGE_APP_* variables,"
                + " JVM options in JDK_JAVA_OPTIONS; its metrics on spec.app.metrics.port).")
    Path jar;

    @Option(
        names = "--app-command",
        paramLabel = "COMMAND",
        description = "Run the app under test as `bash -c COMMAND`, with the same environment.")
    String command;
  }

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Clock clock = Clock.systemUTC();
  private final AtomicInteger signals = new AtomicInteger();

  @Override
  public Integer call() {
    PrintWriter err = command.commandLine().getErr();
    if (rateScale <= 0 || Double.isNaN(rateScale) || Double.isInfinite(rateScale)) {
      err.println("streamgauge: --rate-scale must be greater than 0, got " + rateScale);
      return ExitCodes.INVALID;
    }
    if (repetitions < 1) {
      err.println("streamgauge: --repetitions must be 1 or more, got " + repetitions);
      return ExitCodes.INVALID;
    }
    if (repetitions > 1 && output != null && holdsRuns(output)) {
      err.println(
          "streamgauge: "
              + output
              + " already holds runs (a result.json in it or a subdirectory): repetitions go into"
              + " an empty directory, so a later compare reads only them");
      return ExitCodes.INVALID;
    }
    AppLaunch app = appLaunch();
    LocalOptions options =
        new LocalOptions(warmup, measurement, timeout, rateScale, scrapeInterval, bootstrapServers);
    LocalSpec spec;
    SpecFile specFile;
    Map<String, String> kafkaSecrets;
    try {
      specFile = SpecFile.read(file);
      spec = LocalSpec.resolve(specFile.name(), specFile.spec(), options, app);
      kafkaSecrets = LocalSecrets.resolve(spec.spec(), secretsDir);
    } catch (InvalidSpecException e) {
      e.problems().forEach(p -> err.println("streamgauge: " + file + ": " + p));
      return ExitCodes.INVALID;
    }
    try {
      Path dir = outputDir(spec.name(), clock.instant());
      if (repetitions == 1) {
        return run(spec, options, app, kafkaSecrets, dir);
      }
      return repeat(specFile, spec, options, app, kafkaSecrets, dir);
    } catch (LocalEnvironmentException | LocalPorts.PortInUseException e) {
      err.println("streamgauge: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
  }

  /**
   * Runs the spec {@link #repetitions} times into {@code dir/1} … {@code dir/N}, each from the file
   * again (a run renames its spec's topics), and summarises them; stops at a run that fails or is
   * interrupted. The exit code is that run's, else 5 when any run was invalid, else 0.
   */
  private int repeat(
      SpecFile specFile,
      LocalSpec first,
      LocalOptions options,
      AppLaunch app,
      Map<String, String> kafkaSecrets,
      Path dir) {
    PrintWriter out = command.commandLine().getOut();
    List<Path> runDirs = new ArrayList<>();
    boolean invalid = false;
    for (int i = 1; i <= repetitions; i++) {
      LocalSpec spec = i == 1 ? first : again(specFile, options, app);
      Path runDir = dir.resolve(Integer.toString(i));
      out.println("Repetition " + i + " of " + repetitions + " into " + runDir);
      out.flush();
      int exitCode = run(spec, options, app, kafkaSecrets, runDir);
      runDirs.add(runDir);
      if (exitCode != ExitCodes.SUCCESS && exitCode != ExitCodes.INVALID_RUN) {
        out.println(
            "Stopped after repetition " + i + " of " + repetitions + ": it did not succeed");
        return exitCode;
      }
      invalid |= exitCode == ExitCodes.INVALID_RUN;
    }
    RepetitionSummary summary =
        RepetitionSummary.of(
            runDirs.stream().flatMap(d -> ResultFileReader.read(d).stream()).toList());
    try {
      Files.writeString(dir.resolve("repetitions.md"), summary.markdown());
      Files.writeString(
          dir.resolve("repetitions.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary.json()));
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the repetitions' summary into " + dir + ": " + e.getMessage(), e);
    }
    out.println();
    out.print(summary.markdown());
    out.println("\nWrote " + dir.resolve("repetitions.md") + " and repetitions.json");
    out.flush();
    return invalid ? ExitCodes.INVALID_RUN : ExitCodes.SUCCESS;
  }

  /**
   * The file's spec resolved again for a repetition: a run renames its resolved spec's topics, so
   * each starts from the file as it was read (once, before the first run; edits to it meanwhile do
   * not mix into the repetitions).
   */
  private static LocalSpec again(SpecFile specFile, LocalOptions options, AppLaunch app) {
    try {
      return LocalSpec.resolve(specFile.name(), specFile.spec(), options, app);
    } catch (InvalidSpecException e) {
      throw new IllegalStateException("the spec resolved for the first run, not again", e);
    }
  }

  private int run(
      LocalSpec spec,
      LocalOptions options,
      AppLaunch app,
      Map<String, String> kafkaSecrets,
      Path outputDir) {
    PrintWriter out = command.commandLine().getOut();
    BenchmarkRunSpec resolved = spec.spec();
    String prometheus = LocalPlatform.prometheusBinary(prometheusBin, System.getenv());
    LocalPlatform.requireSetsid(System.getenv());
    int appPort = app.fixedMetricsPort() ? resolved.getApp().getMetrics().getPort() : 0;
    LocalPorts ports = LocalPorts.pick(kafkaPort, appPort, resolved.getLoad().getProducers());
    Instant startedAt = clock.instant();
    Path runDir = createDirectory(outputDir);
    RunContext run = LocalRun.context(spec.name(), resolved);
    try (ProcessGuard guard = ProcessGuard.start()) {
      LocalSetup setup =
          new LocalSetup(
              runDir,
              ports,
              app,
              prometheus,
              options.scrapeInterval(),
              guard,
              Runtime.getRuntime().availableProcessors(),
              kafkaSecrets);
      LocalPlatform platform = new LocalPlatform(setup, run);
      Thread safetyNet = new Thread(platform::close, "streamgauge-stop-processes");
      Runtime.getRuntime().addShutdownHook(safetyNet);
      TerminalReporter reporter = new TerminalReporter(System.out, clock, System.console() != null);
      reporter.line(
          "Running %s locally: %s, %s; output in %s"
              .formatted(spec.name(), resolved.getScenario().value(), app.describe(), runDir));
      PrometheusRegistry registry = new PrometheusRegistry();
      LocalRun localRun =
          new LocalRun(run, platform, new RunStateMetrics(registry), reporter, clock);
      handleSignals(localRun);
      Optional<ObjectNode> document;
      try (MetricsServer runMetrics = runMetricsServer(ports, registry)) {
        document = localRun.execute();
      } finally {
        reporter.line("Stopping every process");
        platform.close();
        Runtime.getRuntime().removeShutdownHook(safetyNet);
      }
      int exitCode = exitCode(run, localRun.interruption());
      boolean partial = run.status().getPhase() != Phase.Succeeded && document.isPresent();
      RunRecord record =
          new RunRecord(
              spec.name(),
              startedAt,
              clock.instant(),
              outcome(exitCode),
              exitCode,
              partial,
              app.describe(),
              options);
      ResultFiles.write(runDir, record, run, document.orElse(null));
      out.print(Report.terminal(record, run));
      out.println(
          "Wrote "
              + runDir.resolve("result.json")
              + " and report.md; logs in "
              + runDir.resolve("logs"));
      out.flush();
      if (exitCode != ExitCodes.SUCCESS) {
        command.commandLine().getErr().println("streamgauge: " + failureLine(run, localRun));
      }
      return exitCode;
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the results into " + runDir + ": " + e.getMessage(), e);
    }
  }

  /** The run's state on {@code /metrics}, for the local Prometheus (as the operator's). */
  private static MetricsServer runMetricsServer(LocalPorts ports, PrometheusRegistry registry) {
    try {
      return MetricsServer.start(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), ports.runMetrics()),
          registry,
          () -> true,
          Map.of());
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot serve the run's metrics on port " + ports.runMetrics() + ": " + e.getMessage(),
          e);
    }
  }

  private AppLaunch appLaunch() {
    if (appChoice != null && appChoice.jar != null) {
      return new AppLaunch.Jar(appChoice.jar.toAbsolutePath());
    }
    if (appChoice != null && appChoice.command != null) {
      return new AppLaunch.Command(appChoice.command);
    }
    return new AppLaunch.ReferenceApp();
  }

  /** True when {@code dir} holds a {@code result.json}, or one of its subdirectories does. */
  private static boolean holdsRuns(Path dir) {
    if (Files.isRegularFile(dir.resolve(ResultFileReader.RESULT_FILE))) {
      return true;
    }
    try (var children = Files.list(dir)) {
      return children.anyMatch(d -> Files.isRegularFile(d.resolve(ResultFileReader.RESULT_FILE)));
    } catch (IOException e) {
      return false; // missing or unreadable: the run's own directory check reports it
    }
  }

  /** The output directory (created by the first run, once the machine's checks have passed). */
  private Path outputDir(String name, Instant startedAt) {
    return output != null
        ? output
        : Path.of("streamgauge-results", name + "-" + STAMP.format(startedAt));
  }

  private static Path createDirectory(Path dir) {
    try {
      Files.createDirectories(dir);
      if (!Files.isWritable(dir)) {
        throw new IOException("not writable");
      }
      return dir.toAbsolutePath();
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot create the output directory " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Ctrl-C and SIGTERM stop the run in order; a second one stops at once (the guard cleans up). */
  private void handleSignals(LocalRun localRun) {
    for (String name : new String[] {"INT", "TERM"}) {
      Signal.handle(
          new Signal(name),
          signal -> {
            if (signals.incrementAndGet() > 1) {
              System.err.println("\nstreamgauge: stopping now; the process guard stops the rest");
              Runtime.getRuntime().halt(128 + signal.getNumber());
            }
            localRun.interrupt(Interruption.ofSignal(name));
          });
    }
  }

  private static int exitCode(RunContext run, Interruption interruption) {
    if (run.status().getPhase() == Phase.Succeeded) {
      return condition(run, "Valid").filter(c -> "False".equals(c.getStatus())).isPresent()
          ? ExitCodes.INVALID_RUN
          : ExitCodes.SUCCESS;
    }
    if (interruption != null) {
      return interruption == Interruption.TERMINATED ? ExitCodes.TERMINATED : ExitCodes.INTERRUPTED;
    }
    return ExitCodes.RUN_FAILED;
  }

  private static String outcome(int exitCode) {
    return switch (exitCode) {
      case ExitCodes.SUCCESS -> "succeeded";
      case ExitCodes.INVALID_RUN -> "invalid";
      case ExitCodes.INTERRUPTED, ExitCodes.TERMINATED -> "interrupted";
      default -> "failed";
    };
  }

  /**
   * {@code run failed: AppFailed: process app (pid 4711) exited with code 1: ...}, or {@code run
   * invalid: producedRate ...} for a run that succeeded but failed a check.
   */
  private static String failureLine(RunContext run, LocalRun localRun) {
    if (run.status().getPhase() == Phase.Succeeded) {
      return "run invalid: " + condition(run, "Valid").map(Condition::getMessage).orElse("unknown");
    }
    Condition ready = condition(run, "Ready").orElse(null);
    String why = ready == null ? "unknown" : ready.getReason() + ": " + ready.getMessage();
    return (localRun.interruption() != null ? "run interrupted: " : "run failed: ") + why;
  }

  private static Optional<Condition> condition(RunContext run, String type) {
    return run.status().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }
}
