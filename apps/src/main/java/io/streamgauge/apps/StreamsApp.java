package io.streamgauge.apps;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.MetricsServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;

/**
 * One running app under test: the topology in a {@link KafkaStreams}, its metrics (JVM, process,
 * Kafka Streams) on /metrics, and /health, ready only while Kafka Streams is RUNNING (the body
 * names the state). An exception escaping a stream thread is logged and shuts the client down, so
 * {@link #awaitStop} returns and the process can exit non-zero for the platform to see.
 */
public final class StreamsApp implements AutoCloseable {

  private final AppSettings settings;
  private final KafkaStreams streams;
  private final PrintStream log;
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile Throwable failure;
  private volatile MetricsServer server;

  /**
   * @param topology what to run (usually {@code settings.topology().build(settings.topics())})
   * @param log where state changes and failures are written
   */
  public StreamsApp(AppSettings settings, Topology topology, PrintStream log) {
    this.settings = settings;
    this.log = log;
    this.streams = new KafkaStreams(topology, settings.streamsProperties());
    streams.setStateListener(this::onStateChange);
    streams.setUncaughtExceptionHandler(this::onUncaughtException);
    JvmMetrics.builder().register(registry);
    registry.register(new KafkaStreamsMetrics(streams::metrics));
    GaugeWithCallback.builder()
        .name("sg_app_streams_state")
        .help("1 for the current state of the Kafka Streams client")
        .labelNames("state")
        .callback(callback -> callback.call(1, streams.state().name()))
        .register(registry);
  }

  /** Serves /metrics and /health (unless the port is -1) and starts the streams. */
  public void start() throws IOException {
    if (settings.metricsPort() >= 0) {
      server =
          MetricsServer.start(
              new InetSocketAddress(settings.metricsPort()), registry, this::health, Map.of());
    }
    streams.start();
  }

  /** The port of /metrics and /health, or -1 when off. */
  public int metricsPort() {
    MetricsServer s = server;
    return s == null ? -1 : s.port();
  }

  /** The Kafka Streams client's current state. */
  public KafkaStreams.State state() {
    return streams.state();
  }

  /** Blocks until the streams stopped: closed, or failed. */
  public void awaitStop() throws InterruptedException {
    stopped.await();
  }

  /** What made a stream thread fail, or null. */
  public Throwable failure() {
    return failure;
  }

  /** Closes the streams, waiting up to the configured shutdown timeout, then the HTTP server. */
  @Override
  public void close() {
    Duration timeout = settings.shutdownTimeout();
    if (!streams.close(timeout)) {
      log.println("streams-app: Kafka Streams did not close within " + timeout);
    }
    MetricsServer s = server;
    if (s != null) {
      s.close();
    }
    stopped.countDown();
  }

  private MetricsServer.Health health() {
    KafkaStreams.State state = streams.state();
    return state == KafkaStreams.State.RUNNING
        ? MetricsServer.Health.up(state.name())
        : MetricsServer.Health.down(state.name());
  }

  private void onStateChange(KafkaStreams.State newState, KafkaStreams.State oldState) {
    log.println("streams-app: " + oldState + " -> " + newState);
    if (newState == KafkaStreams.State.ERROR || newState == KafkaStreams.State.NOT_RUNNING) {
      stopped.countDown();
    }
  }

  private StreamThreadExceptionResponse onUncaughtException(Throwable e) {
    failure = e;
    log.println("streams-app: stream thread failed, shutting down: " + describe(e));
    e.printStackTrace(log);
    return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
  }

  /** The exception and its root cause in one line. */
  static String describe(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? e.toString() : e + " (cause: " + root + ")";
  }
}
