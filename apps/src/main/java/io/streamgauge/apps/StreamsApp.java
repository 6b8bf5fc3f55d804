package io.streamgauge.apps;

import com.sun.net.httpserver.HttpExchange;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.common.ReferenceAppStart;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;

/**
 * One running app under test: the topology in a {@link KafkaStreams}, its metrics (JVM, process,
 * Kafka Streams) on /metrics, and /health, ready only while Kafka Streams is RUNNING (the body
 * names the state). An exception escaping a stream thread is logged and shuts the client down, so
 * {@link #awaitStop} returns and the process can exit non-zero for the platform to see.
 */
public final class StreamsApp implements AutoCloseable, ReferenceAppStart.App {

  /** Where an app measured by its restoration answers 200 once every store is restored. */
  public static final String RESTORED_PATH = "/restored";

  private static final Duration RESTORATION_POLL = Duration.ofMillis(100);

  private final AppSettings settings;
  private final KafkaStreams streams;
  private final PrintStream log;
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile Throwable failure;
  private volatile MetricsServer server;
  private final RestorationTracker restoration;
  private final boolean measuredByRestoration;

  /**
   * @param topology what to run (usually {@code settings.topology().build(settings.topics())})
   * @param log where state changes and failures are written
   */
  public StreamsApp(AppSettings settings, Topology topology, PrintStream log) {
    this(settings, topology, log, null);
  }

  /**
   * An app measured by its restoration: ready ({@code /restored}) only once every partition of
   * {@code toRestore} is restored.
   *
   * @param toRestore the changelog partitions holding records at the start, or null for an app
   *     measured under live load
   */
  public StreamsApp(
      AppSettings settings, Topology topology, PrintStream log, Set<TopicPartition> toRestore) {
    this.settings = settings;
    this.log = log;
    this.streams = new KafkaStreams(topology, settings.streamsProperties());
    streams.setStateListener(this::onStateChange);
    streams.setUncaughtExceptionHandler(this::onUncaughtException);
    // Every app counts what it restores and the size of its state; only an app measured by its
    // restoration waits for it to be ready.
    measuredByRestoration = toRestore != null;
    restoration =
        new RestorationTracker(
            toRestore == null ? Set.of() : toRestore, streams::state, stateDirectory(settings));
    streams.setGlobalStateRestoreListener(restoration);
    registerRestorationMetrics(restoration);
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
  @Override
  public void start() throws IOException {
    if (settings.metricsPort() >= 0) {
      server =
          MetricsServer.start(
              ListenAddress.of(settings.metricsPort()),
              registry,
              this::health,
              measuredByRestoration ? Map.of(RESTORED_PATH, this::answerRestored) : Map.of());
    }
    streams.start();
    if (measuredByRestoration) {
      watchRestoration();
    }
  }

  /** True once every store is restored (an app measured by its restoration only). */
  public boolean restored() {
    return measuredByRestoration && restoration.restored();
  }

  private void registerRestorationMetrics(RestorationTracker tracker) {
    CounterWithCallback.builder()
        .name("sg_app_restored_records")
        .help("Changelog records restored into the app's stores since it started")
        .callback(callback -> callback.call(tracker.records()))
        .register(registry);
    GaugeWithCallback.builder()
        .name("sg_app_state_bytes")
        .help("Bytes of the files in the app's state directory")
        .callback(callback -> callback.call(tracker.stateBytes()))
        .register(registry);
    GaugeWithCallback.builder()
        .name("sg_app_restoration_seconds")
        .help("Seconds from the JVM's start to every store restored; absent before")
        .callback(
            callback -> {
              if (measuredByRestoration && tracker.restored()) {
                callback.call(tracker.secondsSinceJvmStart());
              }
            })
        .register(registry);
  }

  /** Stamps the restoration's end within {@link #RESTORATION_POLL} of it, and says it once. */
  private void watchRestoration() {
    Thread watcher =
        new Thread(
            () -> {
              try {
                while (!restoration.restored()) {
                  Thread.sleep(RESTORATION_POLL.toMillis());
                }
                log.println(
                    "streams-app: every store restored, "
                        + restoration.records()
                        + " records, "
                        + restoration.secondsSinceJvmStart()
                        + " s after the JVM started");
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "restoration-watch");
    watcher.setDaemon(true);
    watcher.start();
  }

  private void answerRestored(HttpExchange exchange) throws IOException {
    boolean done = restoration.restored();
    byte[] body =
        ((done ? "restored: " : "restoring: ") + restoration.progress() + "\n")
            .getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(done ? 200 : 503, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static Path stateDirectory(AppSettings settings) {
    String dir =
        settings
            .streamsProperties()
            .getProperty(
                StreamsConfig.STATE_DIR_CONFIG,
                Path.of(System.getProperty("java.io.tmpdir"), "kafka-streams").toString());
    return Path.of(dir, settings.applicationId());
  }

  /** The port of /metrics and /health, or -1 when off. */
  @Override
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

  /** Blocks until the streams stopped; what made a stream thread fail, if one did. */
  @Override
  public Optional<Throwable> awaitEnd() throws InterruptedException {
    awaitStop();
    return Optional.ofNullable(failure);
  }

  /** What made a stream thread fail, or null. */
  public Throwable failure() {
    return failure;
  }

  /**
   * Closes the HTTP server, then the streams, waiting up to the configured shutdown timeout. In
   * that order: a scrape answered while the streams close would read the metrics of stores being
   * closed (native RocksDB code: a closed store's property read is a SIGSEGV, not an exception).
   */
  @Override
  public void close() {
    MetricsServer s = server;
    if (s != null) {
      s.close();
    }
    Duration timeout = settings.shutdownTimeout();
    if (!streams.close(timeout)) {
      log.println("streams-app: Kafka Streams did not close within " + timeout);
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
    log.println("streams-app: stream thread failed, shutting down: " + AppProcess.describe(e));
    e.printStackTrace(log);
    return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
  }
}
