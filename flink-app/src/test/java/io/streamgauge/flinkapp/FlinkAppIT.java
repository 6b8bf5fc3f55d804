package io.streamgauge.flinkapp;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.RawAppSettings;
import io.streamgauge.testing.ListeningSockets;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.kafka.TopicReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Flink app's jobs under each processing guarantee against a real broker, in this JVM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FlinkAppIT {

  private static final int RECORDS = 2_000;
  private static final long FIRST_TIMESTAMP = 1_700_000_000_000L;
  private static final List<String> VOCABULARY =
      List.of("kafka", "flink", "latency", "window", "exactly", "once", "count", "word");

  private KafkaBroker broker;
  @TempDir Path stateDir;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  /** A record as the output should carry it. */
  private record Sent(String value, long timestamp, String sequence) {}

  @ParameterizedTest
  @ValueSource(strings = {"exactly_once_v2", "at_least_once"})
  void statelessSimpleKeepsEachLongValueUpperCasedWithItsKeyTimestampAndHeaders(String guarantee)
      throws Exception {
    String in = "fss-in-" + guarantee;
    String out = "fss-out-" + guarantee;
    broker.createTopic(in, 3);
    broker.createTopic(out, 3);
    Map<String, Sent> expected = new HashMap<>();
    Random random = new Random(7);
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < RECORDS; i++) {
        String value = "v".repeat(1 + random.nextInt(10)) + i % 10;
        RecordHeaders headers = new RecordHeaders();
        headers.add("sg-seq", ("" + i).getBytes(StandardCharsets.UTF_8));
        long timestamp = FIRST_TIMESTAMP + i;
        producer.send(new ProducerRecord<>(in, null, timestamp, "key-" + i, value, headers));
        if (value.length() > 5) {
          expected.put("key-" + i, new Sent(value.toUpperCase(), timestamp, "" + i));
        }
      }
    }

    try (FlinkApp app = start("stateless-simple", guarantee, in, out, "200")) {
      List<ConsumerRecord<byte[], byte[]>> records =
          TopicReader.readAll(
              broker.bootstrapServers(), out, expected.size(), Duration.ofSeconds(90));

      assertThat(records).as("the output; the job: %s", diagnosis(app)).hasSize(expected.size());
      for (ConsumerRecord<byte[], byte[]> record : records) {
        Sent sent = expected.get(text(record.key()));
        assertThat(sent).as("a record with key " + text(record.key())).isNotNull();
        assertThat(text(record.value())).isEqualTo(sent.value());
        assertThat(record.timestamp()).as("the input's timestamp").isEqualTo(sent.timestamp());
        assertThat(text(record.headers().lastHeader("sg-seq").value())).isEqualTo(sent.sequence());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"exactly_once_v2", "at_least_once"})
  void wordcountsLastCountOfEachWordIsHowOftenItWasProduced(String guarantee) throws Exception {
    String in = "fwc-in-" + guarantee;
    String out = "fwc-out-" + guarantee;
    broker.createTopic(in, 3);
    broker.createTopic(out, 3);
    Map<String, Long> expected = new HashMap<>();
    Random random = new Random(11);
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < RECORDS; i++) {
        List<String> words = new ArrayList<>();
        for (int w = 0, n = 1 + random.nextInt(6); w < n; w++) {
          words.add(VOCABULARY.get(random.nextInt(VOCABULARY.size())));
        }
        words.forEach(word -> expected.merge(word, 1L, Long::sum));
        producer.send(
            new ProducerRecord<>(
                in, null, FIRST_TIMESTAMP + i, "line-" + i, String.join(" ", words)));
      }
    }
    long total = expected.values().stream().mapToLong(Long::longValue).sum();

    try (FlinkApp app = start("wordcount", guarantee, in, out, "200")) {
      List<ConsumerRecord<byte[], byte[]>> records =
          TopicReader.readAll(broker.bootstrapServers(), out, total, Duration.ofSeconds(90));

      Map<String, Long> highest = new HashMap<>();
      records.forEach(
          r -> highest.merge(text(r.key()), ByteBuffer.wrap(r.value()).getLong(), Math::max));
      assertThat(records)
          .as("one count per word produced; the job: %s", diagnosis(app))
          .hasSize((int) total);
      assertThat(highest).isEqualTo(expected);
      assertThat(records)
          .allSatisfy(
              r ->
                  assertThat(r.timestamp())
                      .as("the newest line's timestamp behind the count")
                      .isBetween(FIRST_TIMESTAMP, FIRST_TIMESTAMP + RECORDS));
    }
  }

  /**
   * Under exactly-once, output is visible to {@code read_committed} only once the checkpoint that
   * commits its transaction completes: with a checkpoint interval longer than the test, every
   * record is written (a {@code read_uncommitted} reader sees them) and none is visible.
   */
  @Test
  void exactlyOnceOutputIsInvisibleToReadCommittedBeforeItsCheckpoint() throws Exception {
    broker.createTopic("ftx-in", 1);
    broker.createTopic("ftx-out", 1);
    int records = 50;
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>("ftx-in", "k" + i, "long enough " + i));
      }
    }
    try (FlinkApp app =
        start("stateless-simple", "exactly_once_v2", "ftx-in", "ftx-out", "3600000")) {
      List<ConsumerRecord<byte[], byte[]>> uncommitted =
          TopicReader.readAll(
              broker.bootstrapServers(),
              "ftx-out",
              records,
              Duration.ofSeconds(60),
              "read_uncommitted");
      List<ConsumerRecord<byte[], byte[]>> committed =
          TopicReader.readAll(broker.bootstrapServers(), "ftx-out", 1, Duration.ofSeconds(3));

      assertThat(uncommitted)
          .as("written, in an open transaction; the job: %s", diagnosis(app))
          .hasSize(records);
      assertThat(committed).as("visible to read_committed before a checkpoint").isEmpty();
    }
  }

  @Test
  void servesTheJvmsAndFlinksMetricsAndIsHealthyWhileEveryTaskRuns() throws Exception {
    broker.createTopic("fm-in", 1);
    broker.createTopic("fm-out", 1);
    try (FlinkApp app = start("stateless-simple", "exactly_once_v2", "fm-in", "fm-out", "200")) {
      try (KafkaProducer<String, String> producer = producer()) {
        producer.send(new ProducerRecord<>("fm-in", "k", "long enough"));
      }
      TopicReader.readAll(broker.bootstrapServers(), "fm-out", 1, Duration.ofSeconds(60));
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> health = get(http, app.metricsPort(), "/health");
      String metrics = get(http, app.metricsPort(), "/metrics").body();

      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(health.body()).isEqualTo("RUNNING\n");
      assertThat(metrics)
          .contains("flink_taskmanager_job_task_numRecordsIn{")
          .contains("flink_jobmanager_job_lastCheckpointDuration{")
          .contains("jvm_memory_used_bytes{area=\"heap\"}")
          .contains("jvm_gc_collection_seconds_count{")
          .contains("process_cpu_seconds_total");
    }
  }

  /**
   * What a test that read too little output says of the job: its status, and what the source read
   * and the job wrote by Flink's own metrics (records in and out, the Kafka source's offsets).
   */
  private static String diagnosis(FlinkApp app) {
    String metrics;
    try {
      metrics =
          get(HttpClient.newHttpClient(), app.metricsPort(), "/metrics")
              .body()
              .lines()
              .filter(l -> l.startsWith("flink_") && !l.contains("PerSecond"))
              .filter(
                  l ->
                      l.contains("numRecordsIn{")
                          || l.contains("numRecordsOut{")
                          || l.contains("Offset{")
                          || l.contains("numberOfCompletedCheckpoints"))
              .map(FlinkAppIT::compact)
              .limit(40)
              .collect(Collectors.joining("\n  ", "\n  ", ""));
    } catch (Exception e) {
      metrics = " (its metrics did not come: " + e + ")";
    }
    return app.describeJob() + "; its metrics:" + metrics;
  }

  private static final Pattern SAMPLE =
      Pattern.compile("flink_(?:taskmanager_job_task_|jobmanager_job_)?(\\w+)\\{(.*)} (\\S+)");
  private static final Pattern NAMING_LABEL =
      Pattern.compile("(operator_name|partition)=\"([^\"]*)\"");

  /** A metric's line as its name, the labels that tell its operator and partition, its value. */
  private static String compact(String line) {
    Matcher sample = SAMPLE.matcher(line);
    if (!sample.matches()) {
      return line;
    }
    StringBuilder labels = new StringBuilder();
    Matcher label = NAMING_LABEL.matcher(sample.group(2));
    while (label.find()) {
      labels
          .append(labels.isEmpty() ? "" : ",")
          .append(label.group(1))
          .append('=')
          .append(label.group(2));
    }
    return sample.group(1) + "{" + labels + "} " + sample.group(3);
  }

  /**
   * The Flink cluster inside the app (its BLOB server, REST endpoint and task manager) listens on
   * loopback only: only the app's metrics endpoint is for others (every interface in a pod, as
   * {@code STREAMGAUGE_LISTEN_ADDRESS} says locally).
   */
  @Test
  void theFlinkClusterInsideTheAppListensOnLoopbackOnly() throws Exception {
    long pid = ProcessHandle.current().pid();
    Set<InetSocketAddress> before = Set.copyOf(ListeningSockets.of(pid));
    broker.createTopic("ls-in", 1);
    broker.createTopic("ls-out", 1);
    try (FlinkApp app = start("stateless-simple", "at_least_once", "ls-in", "ls-out", "200")) {
      List<InetSocketAddress> opened =
          ListeningSockets.of(pid).stream()
              .filter(a -> !before.contains(a) && a.getPort() != app.metricsPort())
              .toList();
      assertThat(opened)
          .as("what the app's Flink cluster listens on")
          .isNotEmpty()
          .allSatisfy(
              a -> assertThat(a.getAddress().isLoopbackAddress()).as(a.toString()).isTrue());
    }
  }

  private FlinkApp start(String scenario, String guarantee, String in, String out, String commitMs)
      throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("STREAMGAUGE_APP_SCENARIO", scenario);
    env.put("STREAMGAUGE_APP_BOOTSTRAP_SERVERS", broker.bootstrapServers());
    env.put("STREAMGAUGE_APP_APPLICATION_ID", "it-" + in);
    env.put("STREAMGAUGE_APP_PROCESSING_GUARANTEE", guarantee);
    env.put("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", commitMs);
    env.put("STREAMGAUGE_APP_STATE_DIR", stateDir.resolve(in).toString());
    env.put("STREAMGAUGE_APP_TOPIC_INPUT", in);
    env.put("STREAMGAUGE_APP_TOPIC_OUTPUT", out);
    env.put("STREAMGAUGE_APP_METRICS_PORT", "0");
    FlinkApp app = new FlinkApp(FlinkAppSettings.from(RawAppSettings.read(null, env)), System.err);
    app.start();
    Awaitility.await().atMost(Duration.ofSeconds(90)).until(app::running);
    return app;
  }

  private KafkaProducer<String, String> producer() {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static HttpResponse<String> get(HttpClient http, int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
