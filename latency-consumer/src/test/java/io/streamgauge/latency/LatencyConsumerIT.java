package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.RecordHeaders;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The latency consumer against a real Kafka 4.1.1 broker. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LatencyConsumerIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());
  private final AtomicInteger topics = new AtomicInteger();
  private final List<Running> running = new ArrayList<>();
  private KafkaBroker broker;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @AfterEach
  void stopConsumers() throws InterruptedException {
    for (Running r : running) {
      r.run.stop(Duration.ofSeconds(10));
      r.thread.join(10_000);
    }
    running.clear();
  }

  @Test
  void recordsTimestampedInThePastAreTimedLikeAPlainConsumerTimesThem() throws Exception {
    String fifty = topic(1);
    String twoHundred = topic(1);
    LatencyRun run = start(List.of(fifty, twoHundred), "read_committed", allTime(), 0);
    // Measured latency = timestamp offset + real delivery time (send, broker, fetch), which is a
    // few milliseconds on a busy 2-core machine. A plain consumer reading the same records in the
    // same JVM measures that delivery time as a reference.
    try (ReferenceConsumer reference =
            new ReferenceConsumer(broker.bootstrapServers(), List.of(fifty, twoHundred));
        KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      for (int i = 0; i < 200; i++) {
        long now = System.currentTimeMillis();
        producer.send(new ProducerRecord<>(fifty, 0, now - 50, null, new byte[10]));
        producer.send(new ProducerRecord<>(twoHundred, 0, now - 200, null, new byte[10]));
        producer.flush();
        Thread.sleep(5);
      }
      JsonNode results = awaitMeasured(run, Map.of(fifty, 200, twoHundred, 200));
      Map<String, List<Long>> referenceLatencies = reference.latencies(400);

      JsonNode a = results.at("/topics/" + fifty + "/measurement");
      JsonNode b = results.at("/topics/" + twoHundred + "/measurement");
      // Two consumers never receive a record at exactly the same instant, and how far apart they
      // receive it is the hour's: the consumer's median must lie within the spread the reference
      // measured of the same records in this run (its 10th to 90th percentile, 2 ms wider for
      // timestamps truncated to the ms). The exact ±2 ms arithmetic is pinned by
      // LatencyRecorderTest with fixed receipt times; here the wiring is checked against Kafka.
      for (String topic : List.of(fifty, twoHundred)) {
        List<Long> ref = referenceLatencies.get(topic);
        assertThat(results.at("/topics/" + topic + "/measurement/p50Ms").asDouble())
            .as(
                "%s: the reference read %s ms at p10..p90",
                topic, List.of(ReferenceConsumer.at(ref, 10), ReferenceConsumer.at(ref, 90)))
            .isBetween(ReferenceConsumer.at(ref, 10) - 2, ReferenceConsumer.at(ref, 90) + 2);
      }
      // The offsets tell the topics apart: 150 ms between the same records' medians, as the
      // reference reads it.
      double referenceGap =
          ReferenceConsumer.at(referenceLatencies.get(twoHundred), 50)
              - ReferenceConsumer.at(referenceLatencies.get(fifty), 50);
      assertThat(b.get("p50Ms").asDouble() - a.get("p50Ms").asDouble())
          .isCloseTo(
              referenceGap,
              within(
                  2
                      + ReferenceConsumer.at(referenceLatencies.get(fifty), 90)
                      - ReferenceConsumer.at(referenceLatencies.get(fifty), 10)));
      // Nothing is ever faster than the offset (1 ms of timestamp truncation aside).
      assertThat(min(a)).isGreaterThanOrEqualTo(49.0);
      assertThat(min(b)).isGreaterThanOrEqualTo(199.0);
      assertThat(b.get("negative").asLong()).isZero();
      assertThat(decode(b).getTotalCount()).isEqualTo(200);
      assertThat(decode(b).getValueAtPercentile(50) / 1000.0).isEqualTo(b.get("p50Ms").asDouble());
    }
  }

  @Test
  void onlyRecordsTimestampedInsideAWindowCountAndWindowsCanBeSetOverHttp() throws Exception {
    String t = topic(2);
    LatencyRun run = start(List.of(t), "read_committed", null, 0);
    HttpClient http = HttpClient.newHttpClient();
    long base = System.currentTimeMillis() - 60_000;

    HttpResponse<String> bad = post(http, run.httpPort(), "{\"warmupStart\": \"yesterday\"}");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.body()).contains("warmupStart: 'yesterday' is not an instant");
    assertThat(post(http, run.httpPort(), "not json").statusCode()).isEqualTo(400);
    HttpResponse<String> ok =
        post(
            http,
            run.httpPort(),
            "{\"warmupStart\": \"%s\", \"measurementStart\": \"%s\", \"measurementEnd\": \"%s\"}"
                .formatted(
                    Instant.ofEpochMilli(base),
                    Instant.ofEpochMilli(base + 10_000),
                    Instant.ofEpochMilli(base + 20_000)));
    assertThat(ok.statusCode()).isEqualTo(200);

    try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      send(producer, t, 10, base - 5_000);
      send(producer, t, 20, base + 5_000);
      send(producer, t, 30, base + 15_000);
      send(producer, t, 1, base + 19_999);
      send(producer, t, 40, base + 20_000);
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> results(run).at("/topics/" + t + "/consumed").asLong() == 101);

    JsonNode topic = results(run).at("/topics/" + t);
    assertThat(topic.at("/beforeWindows").asLong()).isEqualTo(10);
    assertThat(topic.at("/warmup/count").asLong()).isEqualTo(20);
    assertThat(topic.at("/measurement/count").asLong()).isEqualTo(31);
    assertThat(topic.at("/afterWindows").asLong()).isEqualTo(40);
    assertThat(topic.at("/measurement/consumedPerSec").asDouble()).isCloseTo(3.1, within(0.001));
    String viaHttp =
        http.send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + run.httpPort() + "/results"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(JSON.readTree(viaHttp).at("/topics/" + t + "/measurement/count").asLong())
        .isEqualTo(31);
  }

  /**
   * Windows are accepted once: records already counted in one window must not be counted against
   * another. The same windows again are fine (a retried POST); the load generators read them back.
   */
  @Test
  void windowsAreSetOnceReadBackAndBodiesAreBounded() throws Exception {
    String t = topic(1);
    LatencyRun run = start(List.of(t), "read_committed", null, 0);
    HttpClient http = HttpClient.newHttpClient();
    URI windowsUri = URI.create("http://127.0.0.1:" + run.httpPort() + "/windows");
    assertThat(get(http, windowsUri).statusCode()).isEqualTo(404);
    Instant base = Instant.parse("2026-11-23T10:00:00Z");
    String windows =
        "{\"warmupStart\": \"%s\", \"measurementStart\": \"%s\", \"measurementEnd\": \"%s\"}";
    String first = windows.formatted(base, base.plusSeconds(10), base.plusSeconds(20));

    assertThat(post(http, run.httpPort(), first).statusCode()).isEqualTo(200);
    assertThat(post(http, run.httpPort(), first).statusCode()).isEqualTo(200);
    HttpResponse<String> other =
        post(
            http,
            run.httpPort(),
            windows.formatted(base, base.plusSeconds(10), base.plusSeconds(30)));
    assertThat(other.statusCode()).isEqualTo(409);
    assertThat(other.body()).contains("already set").contains("2026-11-23T10:00:20Z");
    HttpResponse<String> huge = post(http, run.httpPort(), " ".repeat(10_000) + first);
    assertThat(huge.statusCode()).isEqualTo(413);
    HttpResponse<String> readBack = get(http, windowsUri);
    assertThat(readBack.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(readBack.body()).get("measurementEnd").asText())
        .isEqualTo("2026-11-23T10:00:20Z");
  }

  private static HttpResponse<String> get(HttpClient http, URI uri) throws Exception {
    return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void readCommittedSeesOnlyCommittedTransactionsAndReadUncommittedSeesAll() throws Exception {
    String t = topic(1);
    LatencyRun committed = start(List.of(t), "read_committed", allTime(), -1);
    LatencyRun uncommitted = start(List.of(t), "read_uncommitted", allTime(), -1);
    try (KafkaProducer<byte[], byte[]> producer =
        producer(Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "tx-" + t))) {
      producer.initTransactions();
      for (int txn = 0; txn < 10; txn++) {
        producer.beginTransaction();
        send(producer, t, 10, System.currentTimeMillis());
        if (txn % 2 == 0) {
          producer.commitTransaction();
        } else {
          producer.abortTransaction();
        }
      }
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> results(uncommitted).at("/topics/" + t + "/consumed").asLong() == 100);
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> results(committed).at("/topics/" + t + "/consumed").asLong() == 50);
    Thread.sleep(1000);

    assertThat(results(committed).at("/topics/" + t + "/measurement/count").asLong()).isEqualTo(50);
    assertThat(results(uncommitted).at("/topics/" + t + "/measurement/count").asLong())
        .isEqualTo(100);
    assertThat(results(committed).get("isolationLevel").asText()).isEqualTo("read_committed");
  }

  @Test
  void skippedAndReplayedSequencesAreCountedExactly() throws Exception {
    String t = topic(1);
    LatencyRun run = start(List.of(t), "read_committed", allTime(), -1);
    List<Long> sequences = new ArrayList<>();
    for (long s = 0; s < 30; s++) {
      if (s < 10 || s > 12) {
        sequences.add(s);
      }
    }
    sequences.add(5L);
    sequences.add(6L);
    try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      for (long s : sequences) {
        producer.send(sequenced(t, "p1", s)).get();
      }
      producer.send(sequenced(t, "p2", 0)).get();
      producer
          .send(new ProducerRecord<>(t, 0, System.currentTimeMillis(), null, new byte[1]))
          .get();
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> results(run).at("/topics/" + t + "/consumed").asLong() == 31);

    JsonNode integrity = results(run).at("/topics/" + t + "/integrity/measurement");
    assertThat(integrity.at("/producers/p1/received").asLong()).isEqualTo(29);
    assertThat(integrity.at("/producers/p1/lost").asLong()).isEqualTo(3);
    assertThat(integrity.at("/producers/p1/duplicated").asLong()).isEqualTo(2);
    assertThat(integrity.at("/producers/p2/lost").asLong()).isZero();
    assertThat(integrity.at("/unattributed").asLong()).isEqualTo(1);
    assertThat(integrity.at("/final").asBoolean()).isFalse();
  }

  /**
   * Another member joining the latency consumer's group and leaving again makes it rebalance twice
   * (as a broker restart does when it moves the group coordinator): the partition that member held
   * comes back, and is read on from where the latency consumer left it rather than from the latest
   * offset, so nothing written meanwhile is skipped.
   */
  @Test
  void aRebalanceSkipsNothingWrittenWhileAPartitionWasAway() throws Exception {
    String t = topic(2);
    String group = "latency-" + t;
    LatencyRun run = start(List.of(t), "read_committed", allTime(), -1, group);
    try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      sendAlternating(producer, t, 20);
      awaitConsumed(run, t, 20);
      Map<String, Object> config = new java.util.HashMap<>();
      config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
      config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
      config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
      config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
      config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
      try (KafkaConsumer<byte[], byte[]> other = new KafkaConsumer<>(config)) {
        other.subscribe(List.of(t));
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> {
                  other.poll(Duration.ofMillis(100));
                  return !other.assignment().isEmpty();
                });
        sendAlternating(producer, t, 20);
        other.poll(Duration.ofMillis(500));
      }
      sendAlternating(producer, t, 20);
    }

    awaitConsumed(run, t, 60);
    Thread.sleep(1000);
    assertThat(results(run).at("/topics/" + t + "/consumed").asLong())
        .as("every record once: none skipped, none read twice")
        .isEqualTo(60);
  }

  /** {@code count} records stamped now, to partitions 0 and 1 in turn. */
  private static void sendAlternating(
      KafkaProducer<byte[], byte[]> producer, String topic, int count) throws Exception {
    for (int i = 0; i < count; i++) {
      producer
          .send(new ProducerRecord<>(topic, i % 2, System.currentTimeMillis(), null, new byte[1]))
          .get();
    }
  }

  private void awaitConsumed(LatencyRun run, String topic, long count) {
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> results(run).at("/topics/" + topic + "/consumed").asLong() >= count);
  }

  private static Histogram decode(JsonNode window) throws java.util.zip.DataFormatException {
    byte[] bytes = Base64.getDecoder().decode(window.get("histogram").asText());
    return Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), 0);
  }

  private static double min(JsonNode window) throws java.util.zip.DataFormatException {
    return decode(window).getMinValue() / 1000.0;
  }

  private ProducerRecord<byte[], byte[]> sequenced(String topic, String producer, long seq) {
    List<Header> headers =
        List.of(
            new RecordHeader(
                RecordHeaders.TRACE,
                RecordHeaders.encodeTrace(RecordHeaders.streamId(producer, "input", 0), seq)));
    return new ProducerRecord<>(topic, 0, System.currentTimeMillis(), null, new byte[1], headers);
  }

  private static void send(
      KafkaProducer<byte[], byte[]> producer, String topic, int count, long timestamp)
      throws Exception {
    for (int i = 0; i < count; i++) {
      producer.send(new ProducerRecord<>(topic, null, timestamp, null, new byte[1])).get();
    }
  }

  private LatencyRun start(
      List<String> topicNames,
      String isolation,
      LatencySettings.WindowTimes windows,
      int httpPort) {
    return start(topicNames, isolation, windows, httpPort, null);
  }

  private LatencyRun start(
      List<String> topicNames,
      String isolation,
      LatencySettings.WindowTimes windows,
      int httpPort,
      String groupId) {
    LatencySettings settings =
        new LatencySettings(
            broker.bootstrapServers(),
            topicNames,
            isolation,
            groupId,
            "latest",
            windows,
            httpPort,
            null,
            true,
            5000L,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    assertThat(SettingsValidator.problems(settings)).isEmpty();
    LatencyRun run = new LatencyRun(settings, QUIET);
    Thread thread =
        new Thread(
            () -> {
              try {
                run.run();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    thread.start();
    running.add(new Running(run, thread));
    Awaitility.await().atMost(Duration.ofSeconds(30)).until(run::isReading);
    return run;
  }

  private static LatencySettings.WindowTimes allTime() {
    Instant now = Instant.now();
    return new LatencySettings.WindowTimes(
        now.minusSeconds(7200).toString(),
        now.minusSeconds(3600).toString(),
        now.plusSeconds(3600).toString());
  }

  private JsonNode awaitMeasured(LatencyRun run, Map<String, Integer> counts) throws Exception {
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              JsonNode r = results(run);
              return counts.entrySet().stream()
                  .allMatch(
                      e ->
                          r.at("/topics/" + e.getKey() + "/measurement/count").asLong()
                              == e.getValue());
            });
    return results(run);
  }

  private static JsonNode results(LatencyRun run) throws Exception {
    return JSON.readTree(run.resultsJson());
  }

  private static HttpResponse<String> post(HttpClient http, int port, String body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/windows"))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private String topic(int partitions) {
    String name = "lc-" + topics.incrementAndGet();
    broker.createTopic(name, partitions);
    return name;
  }

  private KafkaProducer<byte[], byte[]> producer(Map<String, Object> extra) {
    Map<String, Object> config = new java.util.HashMap<>(extra);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    return new KafkaProducer<>(config);
  }

  private record Running(LatencyRun run, Thread thread) {}
}
