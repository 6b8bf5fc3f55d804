package io.streamgauge.clientsapp;

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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The plain-clients app under each processing guarantee against a real broker, in this JVM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClientsAppIT {

  private static final int RECORDS = 2_000;
  private static final long FIRST_TIMESTAMP = 1_700_000_000_000L;

  private KafkaBroker broker;

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

  /** What the latency consumer and the integrity check rely on: key, timestamp, headers kept. */
  @ParameterizedTest
  @ValueSource(strings = {"exactly_once_v2", "at_least_once"})
  void everyLongValueArrivesUpperCasedWithItsKeyTimestampAndHeaders(String guarantee)
      throws Exception {
    String in = "cl-in-" + guarantee;
    String out = "cl-out-" + guarantee;
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

    try (ClientsApp app = start(guarantee, in, out, "100")) {
      List<ConsumerRecord<byte[], byte[]>> records =
          TopicReader.readAll(
              broker.bootstrapServers(), out, expected.size(), Duration.ofSeconds(60));

      assertThat(records).hasSize(expected.size());
      for (ConsumerRecord<byte[], byte[]> record : records) {
        Sent sent = expected.get(text(record.key()));
        assertThat(sent).as("a record with key " + text(record.key())).isNotNull();
        assertThat(text(record.value())).isEqualTo(sent.value());
        assertThat(record.timestamp()).as("the input's timestamp").isEqualTo(sent.timestamp());
        assertThat(text(record.headers().lastHeader("sg-seq").value())).isEqualTo(sent.sequence());
      }
      assertThat(app.failure()).isNull();
    }
  }

  /**
   * Under exactly-once the output is visible to {@code read_committed} only once its transaction
   * commits: with a commit interval longer than the test, every record is written (a {@code
   * read_uncommitted} reader sees them) and none is visible before the app stops, which commits.
   */
  @Test
  void exactlyOnceOutputIsInvisibleToReadCommittedUntilItsTransactionCommits() throws Exception {
    broker.createTopic("tx-in", 1);
    broker.createTopic("tx-out", 1);
    int records = 50;
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>("tx-in", "k" + i, "long enough " + i));
      }
    }
    ClientsApp app = start("exactly_once_v2", "tx-in", "tx-out", "3600000");
    try {
      List<ConsumerRecord<byte[], byte[]>> uncommitted =
          TopicReader.readAll(
              broker.bootstrapServers(),
              "tx-out",
              records,
              Duration.ofSeconds(60),
              "read_uncommitted");
      List<ConsumerRecord<byte[], byte[]>> committed =
          TopicReader.readAll(broker.bootstrapServers(), "tx-out", 1, Duration.ofSeconds(3));

      assertThat(uncommitted).as("written, in an open transaction").hasSize(records);
      assertThat(committed).as("visible to read_committed before the commit").isEmpty();
    } finally {
      app.close();
    }
    assertThat(app.failure()).isNull();
    assertThat(
            TopicReader.readAll(
                broker.bootstrapServers(), "tx-out", records, Duration.ofSeconds(30)))
        .as("committed when the app stopped")
        .hasSize(records);
  }

  @Test
  void servesMetricsAndHealthOnceItHasPartitions() throws Exception {
    broker.createTopic("m-in", 1);
    broker.createTopic("m-out", 1);
    try (ClientsApp app = start("exactly_once_v2", "m-in", "m-out", "100")) {
      try (KafkaProducer<String, String> producer = producer()) {
        producer.send(new ProducerRecord<>("m-in", "k", "long enough"));
      }
      TopicReader.readAll(broker.bootstrapServers(), "m-out", 1, Duration.ofSeconds(30));
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> health = get(http, app.metricsPort(), "/health");
      String metrics = get(http, app.metricsPort(), "/metrics").body();

      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(health.body()).isEqualTo("RUNNING\n");
      assertThat(metrics)
          .contains("sg_app_records_consumed_total 1.0")
          .contains("sg_app_records_produced_total 1.0")
          .contains("sg_app_commit_seconds_count")
          .contains("sg_app_commit_step_seconds_count{step=\"flush\"}")
          .contains("sg_app_commit_step_seconds_count{step=\"offsets\"}")
          .contains("jvm_gc_collection_seconds_count{")
          .contains("jvm_memory_used_bytes{area=\"heap\"}")
          .contains("jvm_threads_current")
          .contains("process_cpu_seconds_total");
    }
  }

  /** The app listens on nothing but its metrics endpoint, on the address the contract gives. */
  @Test
  void theAppListensOnItsMetricsEndpointOnly() throws Exception {
    long pid = ProcessHandle.current().pid();
    Set<InetSocketAddress> before = Set.copyOf(ListeningSockets.of(pid));
    broker.createTopic("ls-in", 1);
    broker.createTopic("ls-out", 1);
    try (ClientsApp app = start("at_least_once", "ls-in", "ls-out", "100")) {
      assertThat(ListeningSockets.of(pid).stream().filter(a -> !before.contains(a)))
          .extracting(InetSocketAddress::getPort)
          .containsExactly(app.metricsPort());
    }
  }

  private ClientsApp start(String guarantee, String in, String out, String commitMs)
      throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("STREAMGAUGE_APP_SCENARIO", "stateless-simple");
    env.put("STREAMGAUGE_APP_BOOTSTRAP_SERVERS", broker.bootstrapServers());
    env.put("STREAMGAUGE_APP_APPLICATION_ID", "it-" + in);
    env.put("STREAMGAUGE_APP_PROCESSING_GUARANTEE", guarantee);
    env.put("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", commitMs);
    env.put("STREAMGAUGE_APP_TOPIC_INPUT", in);
    env.put("STREAMGAUGE_APP_TOPIC_OUTPUT", out);
    env.put("STREAMGAUGE_APP_METRICS_PORT", "0");
    ClientsApp app =
        new ClientsApp(ClientsAppSettings.from(RawAppSettings.read(null, env)), System.err);
    app.start();
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                get(HttpClient.newHttpClient(), app.metricsPort(), "/health").statusCode() == 200);
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
