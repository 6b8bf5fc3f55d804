package io.streamgauge.localrun;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.status.Phase;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.LocalPlatform;
import io.streamgauge.platform.local.LocalPorts;
import io.streamgauge.platform.local.LocalSetup;
import io.streamgauge.platform.local.ProcessGuard;
import io.streamgauge.report.LocalReport;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.RunStateMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;

/**
 * One local run, start to end: a real Kafka broker (or the given cluster), the app, the load
 * generator, the latency consumer and Prometheus as processes, the operator's phase machine and
 * summary; {@code result.json}, {@code report.md} and the logs written into the run's directory.
 * Ctrl-C or SIGTERM stop the run in order (a second one at once) and its exit code says so. Used
 * once per run by {@code run --local} (and its repetitions), {@code suite --local} and a local
 * capacity search.
 */
public final class LocalExecution {

  /**
   * How every run of one command runs on this machine.
   *
   * @param options how the runs depart from their spec
   * @param prometheusBin the Prometheus binary, or null for $PROMETHEUS_BIN, else the PATH's
   * @param kafkaPort the local broker's port, or 0 for any free port
   */
  public record Settings(LocalOptions options, String prometheusBin, int kafkaPort) {}

  private final PrintWriter out;
  private final PrintWriter err;
  private final Settings settings;
  private final Clock clock;
  private final AtomicInteger signals = new AtomicInteger();

  /**
   * @param out where the progress and the result table go
   * @param err where the failure line goes
   */
  public LocalExecution(PrintWriter out, PrintWriter err, Settings settings, Clock clock) {
    this.out = out;
    this.err = err;
    this.settings = settings;
    this.clock = clock;
  }

  /**
   * Runs {@code spec} into {@code outputDir}.
   *
   * @return how the run ended: succeeded, invalid, failed or interrupted
   * @throws LocalEnvironmentException when this machine cannot run it, or the results cannot be
   *     written
   */
  public RunOutcome run(LocalSpec spec, Map<String, String> kafkaSecrets, Path outputDir) {
    AppLaunch app = spec.app();
    BenchmarkRunSpec resolved = spec.spec();
    String prometheus = LocalPlatform.prometheusBinary(settings.prometheusBin(), System.getenv());
    LocalPlatform.requireSetsid(System.getenv());
    LocalPlatform.requireSchemaRegistry(resolved, System.getenv());
    int appPort = app.fixedMetricsPort() ? resolved.getApp().getMetrics().getPort() : 0;
    LocalPorts ports =
        LocalPorts.pick(
            settings.kafkaPort(),
            appPort,
            AppEnvironment.replicas(resolved),
            resolved.getLoad().getProducers());
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
              SpecDurations.of(resolved).scrapeInterval(),
              guard,
              Runtime.getRuntime().availableProcessors(),
              kafkaSecrets);
      // Collecting stores a complete run's document; a failed run's partial one is stored as it
      // fails.
      AtomicReference<ObjectNode> stored = new AtomicReference<>();
      LocalPlatform platform = new LocalPlatform(setup, run, stored::set);
      Thread safetyNet = new Thread(platform::close, "streamgauge-stop-processes");
      Runtime.getRuntime().addShutdownHook(safetyNet);
      TerminalReporter reporter = new TerminalReporter(out, clock, System.console() != null);
      reporter.line(
          "Running %s locally: %s, %s; output in %s"
              .formatted(spec.name(), resolved.getScenario().value(), app.describe(), runDir));
      PrometheusRegistry registry = new PrometheusRegistry();
      LocalRun localRun =
          new LocalRun(run, platform, new RunStateMetrics(registry), reporter, clock);
      handleSignals(localRun);
      try (MetricsServer runMetrics = runMetricsServer(ports, registry)) {
        localRun.execute();
      } finally {
        reporter.line("Stopping every process");
        platform.close();
        Runtime.getRuntime().removeShutdownHook(safetyNet);
      }
      releaseSharedKafka(run, platform, reporter);
      Optional<ObjectNode> document = Optional.ofNullable(stored.get());
      RunOutcome outcome = outcome(run, localRun.interruption());
      boolean partial = run.status().getPhase() != Phase.Succeeded && document.isPresent();
      RunRecord record =
          new RunRecord(
              spec.name(),
              startedAt,
              clock.instant(),
              outcome,
              partial,
              app.describe(),
              settings.options(),
              platform.appExits());
      ResultFiles.write(runDir, record, run, document.orElse(null));
      out.print(LocalReport.terminal(record.reportFacts(), run.name(), run.status()));
      out.println(
          "Wrote "
              + runDir.resolve("result.json")
              + ", report.md and report.html; logs in "
              + runDir.resolve("logs"));
      out.flush();
      if (outcome != RunOutcome.SUCCEEDED) {
        err.println("streamgauge: " + failureLine(run, localRun));
        err.flush();
      }
      return outcome;
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the results into " + runDir + ": " + e.getMessage(), e);
    }
  }

  /**
   * A run on a shared Kafka ({@code --bootstrap-servers}) whose topics were named for it deletes
   * them and its app's group once its processes stopped: no one else can use them.
   */
  private static void releaseSharedKafka(
      RunContext run, LocalPlatform platform, TerminalReporter reporter) {
    if (!RunTopics.madeOwnTopics(run)) {
      return;
    }
    SharedKafkaRelease.Outcome outcome = platform.platform().teardown().releaseSharedKafka(run);
    reporter.line(
        outcome.done()
            ? "Deleted the run's topics and its app's group from the shared Kafka"
            : "Left on the shared Kafka (delete it by hand): " + outcome.left());
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

  private static RunOutcome outcome(RunContext run, Interruption interruption) {
    if (run.status().getPhase() == Phase.Succeeded) {
      return condition(run, Conditions.VALID).filter(c -> "False".equals(c.getStatus())).isPresent()
          ? RunOutcome.INVALID
          : RunOutcome.SUCCEEDED;
    }
    if (interruption != null) {
      return interruption == Interruption.TERMINATED
          ? RunOutcome.TERMINATED
          : RunOutcome.INTERRUPTED;
    }
    return RunOutcome.FAILED;
  }

  /**
   * {@code run failed: AppFailed: process app (pid 4711) exited with code 1: ...}, or {@code run
   * invalid: producedRate ...} for a run that succeeded but failed a check.
   */
  private static String failureLine(RunContext run, LocalRun localRun) {
    if (run.status().getPhase() == Phase.Succeeded) {
      return "run invalid: "
          + condition(run, Conditions.VALID).map(Condition::getMessage).orElse("unknown");
    }
    Condition ready = condition(run, Conditions.READY).orElse(null);
    String why = ready == null ? "unknown" : ready.getReason() + ": " + ready.getMessage();
    return (localRun.interruption() != null ? "run interrupted: " : "run failed: ") + why;
  }

  private static Optional<Condition> condition(RunContext run, String type) {
    return Conditions.find(run.status().getConditions(), type);
  }
}
