package io.streamgauge.flinkapp;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.common.ReferenceAppStart;
import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;

/**
 * One running Flink app under test: the scenario's job on an embedded cluster ({@link
 * FlinkRunner}), the JVM's and Flink's metrics on /metrics, and /health, ready only while the job
 * and every one of its tasks run (the body names the job's status).
 */
final class FlinkApp implements AutoCloseable, ReferenceAppStart.App {

  private final FlinkAppSettings settings;
  private final PrintStream log;
  private final FlinkRunner runner;
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private volatile MetricsServer server;

  /**
   * @param log where the job's end and failures are written
   */
  FlinkApp(FlinkAppSettings settings, PrintStream log) {
    this.settings = settings;
    this.log = log;
    Configuration cluster = Configuration.fromMap(FlinkMetricsBridge.REPORTER_OPTIONS);
    cluster.addAll(FlinkJob.configuration(settings));
    this.runner = new FlinkRunner(settings.parallelism(), cluster);
    JvmMetrics.builder().register(registry);
    registry.register(FlinkMetricsBridge.INSTANCE);
  }

  /** Starts the cluster and the job and, unless the metrics port is -1, /metrics and /health. */
  @Override
  public void start() throws Exception {
    int port = settings.contract().metricsPort();
    if (port >= 0) {
      server = MetricsServer.start(ListenAddress.of(port), registry, this::health, Map.of());
    }
    runner.start(FlinkJob.build(settings));
  }

  /** The port /metrics is served on, or -1. */
  @Override
  public int metricsPort() {
    MetricsServer s = server;
    return s == null ? -1 : s.port();
  }

  /** True while the job and all its tasks run. */
  boolean running() {
    return runner.allTasksRunning();
  }

  /** The job's status in words, with why it failed when it did ({@link FlinkRunner#describe}). */
  String describeJob() {
    return runner.describe();
  }

  /**
   * Blocks until the job has ended.
   *
   * @return why it failed, or empty when it was cancelled or finished
   */
  @Override
  public Optional<Throwable> awaitEnd() throws Exception {
    Optional<Throwable> failure = runner.awaitEnd();
    failure.ifPresent(t -> log.println("flink-app: the job failed: " + AppProcess.describe(t)));
    return failure;
  }

  /**
   * Cancels the job (under exactly-once, its open transaction is aborted) and stops the cluster.
   */
  @Override
  public void close() {
    try {
      runner.close();
    } catch (Exception e) {
      log.println("flink-app: stopping the cluster: " + AppProcess.describe(e));
    }
    MetricsServer s = server;
    if (s != null) {
      s.close();
    }
  }

  private MetricsServer.Health health() {
    JobStatus status = runner.status();
    if (status == null) {
      return MetricsServer.Health.down("STARTING");
    }
    return runner.allTasksRunning()
        ? MetricsServer.Health.up(status.name())
        : MetricsServer.Health.down(status == JobStatus.RUNNING ? "DEPLOYING" : status.name());
  }
}
