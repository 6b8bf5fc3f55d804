package io.streamgauge.latency;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.common.ApiToken;
import io.streamgauge.common.KafkaSecretSettings;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.common.TopicCheck;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * One run of the latency consumer over validated settings: checks the topics, serves the HTTP API
 * and polls until {@link #stop}. {@link #resultsJson} is available at any time.
 */
public final class LatencyRun {

  /** Default port of /results, /windows, /metrics and /health. */
  public static final int DEFAULT_HTTP_PORT = 9401;

  /** The app's commit interval when the settings do not say: Kafka Streams' at-least-once one. */
  static final long DEFAULT_APP_COMMIT_INTERVAL_MS = 30_000;

  private final LatencySettings settings;
  private final PrintStream log;
  private final LatencyMetrics metrics = new LatencyMetrics(true);
  private final LatencyRecorder recorder;
  private volatile LatencyConsumer consumer;
  private volatile MetricsServer server;
  private volatile GroupWatch groupWatch;

  /**
   * @param settings settings without {@link SettingsValidator#problems}
   * @param log where progress lines go (stderr in the CLI)
   */
  public LatencyRun(LatencySettings settings, PrintStream log) {
    this.settings = settings;
    this.log = log;
    this.recorder =
        new LatencyRecorder(
            settings.topics(),
            settings.windows() == null ? Windows.UNSET : Windows.parse(settings.windows()),
            !Boolean.FALSE.equals(settings.integrity()),
            settings.producers() == null ? 0 : settings.producers(),
            stages(settings));
    if (Boolean.TRUE.equals(settings.perSecond())) {
      recorder.keepSeconds();
    }
    metrics.expose(recorder);
  }

  /**
   * Sets the windows (as {@code POST /windows} does), once.
   *
   * @return false when different windows were set before
   */
  public boolean setWindows(LatencySettings.WindowTimes times) {
    return recorder.setWindows(Windows.parse(times));
  }

  /** The results so far, as JSON. */
  public String resultsJson() {
    ObjectNode document =
        ResultsDocument.build(
            recorder,
            isolationLevel(),
            graceMs(),
            System.currentTimeMillis(),
            settings.integritySources() == null ? Map.of() : settings.integritySources());
    GroupWatch watch = groupWatch;
    if (watch != null) {
      watch.writeTo(document.putObject("group"));
    }
    return document.toString();
  }

  /** Records consumed so far over all topics, in or outside the windows. */
  public long consumedRecords() {
    return recorder.read(topics -> topics.values().stream().mapToLong(t -> t.consumed).sum());
  }

  /** The HTTP port bound, or -1 when the API is off. */
  public int httpPort() {
    MetricsServer s = server;
    return s == null ? -1 : s.port();
  }

  /** True once the topics were checked and the consumer created. */
  public boolean hasStarted() {
    return consumer != null;
  }

  /** True once the consumer has partitions assigned. */
  public boolean isReading() {
    LatencyConsumer c = consumer;
    return c != null && c.isAssigned();
  }

  /**
   * Checks Kafka, starts the API and polls on the calling thread until {@link #stop}.
   *
   * @throws TopicCheck.TopicCheckException when Kafka is unreachable or a topic is missing
   * @throws IllegalArgumentException when the consumer configuration is invalid
   */
  public void run() throws IOException {
    Map<String, String> clientConfig =
        KafkaSecretSettings.addFromEnvironment(settings.consumerConfig());
    TopicCheck.partitions(settings.bootstrapServers(), clientConfig, settings.topics());
    LatencyConsumer c =
        new LatencyConsumer(
            kafkaConsumer(clientConfig, isolationLevel()),
            settings.topics(),
            recorder,
            metrics,
            recorder.stages() == LatencyRecorder.Stages.WRITTEN_READER
                ? new WrittenReader(kafkaConsumer(clientConfig, "read_uncommitted"), recorder, log)
                : null);
    consumer = c;
    int port = settings.httpPort() == null ? DEFAULT_HTTP_PORT : settings.httpPort();
    if (port >= 0) {
      server =
          MetricsServer.start(
              ListenAddress.of(port),
              metrics.registry,
              this::isReading,
              LatencyApi.routes(
                  recorder,
                  this::resultsJson,
                  metrics::appInputLag,
                  samplesAppLag(),
                  ApiToken.fromEnvironment(System.getenv())));
    }
    AppLagSampler appLag = appLagSampler(clientConfig);
    GroupWatch watch =
        samplesAppLag()
            ? new GroupWatch(
                settings.bootstrapServers(),
                clientConfig,
                settings.appGroup(),
                settings.appInputTopics(),
                System::currentTimeMillis,
                log)
            : null;
    groupWatch = watch;
    log.println(
        "latency-consumer: reading "
            + settings.topics()
            + " ("
            + isolationLevel()
            + (recorder.stages() == LatencyRecorder.Stages.WRITTEN_READER
                ? ", and read_uncommitted for the stages"
                : "")
            + ")"
            + (server == null ? "" : ", API on :" + server.port())
            + (appLag == null
                ? ""
                : ", sampling the lag and membership of group "
                    + settings.appGroup()
                    + " on "
                    + settings.appInputTopics()));
    try {
      if (appLag != null) {
        appLag.start();
      }
      if (watch != null) {
        watch.start();
      }
      c.run();
    } finally {
      if (appLag != null) {
        appLag.close();
      }
      if (watch != null) {
        watch.close();
      }
      if (server != null) {
        server.close();
      }
    }
  }

  /** Stops polling and waits up to {@code timeout} for the consumer to close. */
  public void stop(Duration timeout) throws InterruptedException {
    LatencyConsumer c = consumer;
    if (c != null) {
      c.stop(timeout);
    }
  }

  /** True when the settings name the app's group and input topics, whose lag is then sampled. */
  private boolean samplesAppLag() {
    return settings.appGroup() != null
        && settings.appInputTopics() != null
        && !settings.appInputTopics().isEmpty();
  }

  /** The sampler of the app's input lag, or null when the settings name no app group. */
  private AppLagSampler appLagSampler(Map<String, String> clientConfig) {
    if (!samplesAppLag()) {
      return null;
    }
    return new AppLagSampler(
        settings.bootstrapServers(),
        clientConfig,
        settings.appGroup(),
        settings.appInputTopics(),
        Duration.ofMillis(
            settings.appCommitIntervalMs() == null
                ? DEFAULT_APP_COMMIT_INTERVAL_MS
                : settings.appCommitIntervalMs()),
        metrics::setAppInputLag,
        log);
  }

  /**
   * How the stages of each record's latency are kept: off when the settings say so; else from a
   * second reader at read_uncommitted, or from the receipt itself when the consumer reads
   * uncommitted.
   */
  private static LatencyRecorder.Stages stages(LatencySettings settings) {
    if (Boolean.FALSE.equals(settings.stages())) {
      return LatencyRecorder.Stages.OFF;
    }
    return "read_uncommitted".equals(settings.isolationLevel())
        ? LatencyRecorder.Stages.RECEIPT
        : LatencyRecorder.Stages.WRITTEN_READER;
  }

  /**
   * A consumer of the output topics at {@code isolation}: the latency consumer (in its group) or,
   * at read_uncommitted, the written reader (without a group: it is assigned its partitions).
   */
  private KafkaConsumer<byte[], byte[]> kafkaConsumer(
      Map<String, String> clientConfig, String isolation) {
    Map<String, Object> config = new HashMap<>(clientConfig);
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
    boolean writtenReader = !isolation.equals(isolationLevel());
    if (writtenReader) {
      config.remove(ConsumerConfig.GROUP_ID_CONFIG);
      config.put(ConsumerConfig.CLIENT_ID_CONFIG, "streamgauge-latency-written");
    } else {
      config.put(
          ConsumerConfig.GROUP_ID_CONFIG,
          settings.groupId() == null
              ? "streamgauge-latency-" + UUID.randomUUID()
              : settings.groupId());
    }
    config.put(
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
        settings.startFrom() == null ? "latest" : settings.startFrom());
    config.putIfAbsent(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    config.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    try {
      return new KafkaConsumer<>(config);
    } catch (KafkaException e) {
      String cause = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
      throw new IllegalArgumentException("consumerConfig: " + cause, e);
    }
  }

  private String isolationLevel() {
    return settings.isolationLevel() == null ? "read_committed" : settings.isolationLevel();
  }

  private long graceMs() {
    return settings.integrityGraceMs() == null ? 5000 : settings.integrityGraceMs();
  }
}
