package io.streamgauge.platform.local;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.common.ExecutableOnPath;
import io.streamgauge.common.SchemaRegistryBinary;
import io.streamgauge.platform.AppExit;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.SchemaRegistries;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs a BenchmarkRun on this machine: a Kafka broker, the app, the latency consumer and the load
 * generators as processes of their own ({@link LocalProcesses}), scraped by a local Prometheus.
 * Builds the {@link Platform}'s roles over those processes ({@link LocalProvisioner}, {@link
 * LocalObserver}, {@link LocalFaults}, {@link LocalResults}, {@link LocalTeardown}) and holds what
 * only a local run has: its Prometheus, started before the run, and stopping every process.
 */
public final class LocalPlatform implements AutoCloseable {

  /** The result file in the run's output directory, which the stored document goes into. */
  public static final String RESULT_FILE = "result.json";

  /** The namespace local runs report and are labelled with. */
  public static final String NAMESPACE = "local";

  /**
   * The clients' JVMs; like their images, they exit on an OutOfMemoryError (the run then fails
   * saying so) rather than measure on with a thread lost.
   */
  static final List<String> CLIENT_JVM_OPTIONS =
      List.of("-Xms256m", "-Xmx512m", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError");

  private final LocalProcesses processes;
  private final Platform platform;

  /**
   * @param run the run, its spec resolved and adapted for this machine
   * @param results takes the run's result document when it is stored (complete at Collecting, or
   *     what a failed run measured), to be written into {@code result.json} with the run's record
   */
  public LocalPlatform(LocalSetup setup, RunContext run, Consumer<ObjectNode> results) {
    this.processes = new LocalProcesses(setup, run);
    this.platform =
        new Platform(
            new LocalProvisioner(processes),
            new LocalObserver(processes),
            new LocalFaults(processes),
            new LocalResults(results),
            new LocalTeardown(processes));
  }

  /** The platform's roles, for the phase machine. */
  public Platform platform() {
    return platform;
  }

  /**
   * The Prometheus binary local runs use: {@code configured} if given, else {@code
   * $PROMETHEUS_BIN}, else {@code prometheus} on the PATH.
   *
   * @throws LocalEnvironmentException when there is none, saying how to get one
   */
  public static String prometheusBinary(String configured, Map<String, String> env) {
    return LocalPrometheus.binary(configured, env);
  }

  /**
   * Checks that {@code setsid} (util-linux) is on the PATH: every process runs in a session of its
   * own.
   *
   * @throws LocalEnvironmentException when it is missing
   */
  public static void requireSetsid(Map<String, String> env) {
    if (ExecutableOnPath.find(ChildProcess.SETSID, env).isEmpty()) {
      throw new LocalEnvironmentException(
          "setsid not found on PATH: install util-linux (`sudo apt-get install util-linux`)");
    }
  }

  /**
   * Checks that a run needing its own schema registry (stateful-joins without {@code
   * spec.schemaRegistry.url}) can start one.
   *
   * @throws LocalEnvironmentException when the binary is missing, saying how to get it
   */
  public static void requireSchemaRegistry(BenchmarkRunSpec spec, Map<String, String> env) {
    if (SchemaRegistries.needed(spec) && SchemaRegistries.given(spec) == null) {
      try {
        SchemaRegistryBinary.find(env);
      } catch (IllegalStateException e) {
        throw new LocalEnvironmentException(e.getMessage());
      }
    }
  }

  /**
   * Calls {@code listener} whenever one of the run's processes becomes ready or exits, so whatever
   * drives the run can look at once instead of at its next tick.
   */
  public void onChange(Runnable listener) {
    processes.onChange(listener);
  }

  /** Prometheus' API, for live rates and the figures. */
  public URI prometheusUrl() {
    return processes.prometheus().url();
  }

  /**
   * Starts Prometheus before the run, as a cluster's Prometheus exists before it.
   *
   * @return its state: Ready once it answers
   */
  public ComponentStatus ensurePrometheus() {
    try {
      return processes.prometheus().ensure();
    } catch (IOException e) {
      throw new LocalEnvironmentException("cannot start Prometheus: " + e.getMessage(), e);
    }
  }

  /**
   * How the app stopped on SIGTERM.
   *
   * @param took from SIGTERM to its exit
   * @param exitCode its exit code (137 when SIGKILL ended it after the grace)
   */
  public record AppStop(Duration took, int exitCode) {

    /** True when it exited on SIGTERM, before SIGKILL was needed. */
    public boolean stoppedBySigterm() {
      return exitCode != 128 + 9;
    }
  }

  /**
   * Sends the app SIGTERM and SIGKILL after {@code grace} if it has not exited.
   *
   * @return how it stopped, or empty when it was not running
   */
  public Optional<AppStop> stopApp(Duration grace) {
    LocalComponent app = processes.app();
    if (app == null || !app.process().isAlive()) {
      return Optional.empty();
    }
    ChildProcess process = app.process();
    long start = System.nanoTime();
    process.stop(grace);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    return Optional.of(new AppStop(took, process.exitCode().orElse(-1)));
  }

  /** How each app instance still running when {@link #close} stopped it exited; empty before. */
  public List<AppExit> appExits() {
    return processes.appExits();
  }

  /**
   * Stops every process: load generators, app, latency consumer, Kafka, the schema registry,
   * Prometheus.
   */
  @Override
  public void close() {
    processes.close();
  }
}
