package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract the headline figure rests on, with no app in the way: a producer in this test writes
 * records whose true latency it knows within bounds, and the latency consumer's percentiles (p50,
 * p90, p99, p99.9) must lie inside those bounds, its counts exact.
 *
 * <p>The lower bound is physics: a record cannot be read before it is visible (under transactions,
 * before its commit began) nor before the delay it was stamped with. The upper bound is what two
 * plain {@code read_committed} consumers ({@link PlainReader}) in this run saw of the same records,
 * record by record, widened by how far those two disagree at that percentile and 2 ms (ms
 * timestamps on both sides): delivery is this hour's, so it is measured beside the consumer under
 * test, never assumed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LatencyCalibrationIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};
  private static final Map<Double, String> FIELDS =
      Map.of(50.0, "p50Ms", 90.0, "p90Ms", 99.0, "p99Ms", 99.9, "p999Ms");
  private static final int PARTITIONS = 3;
  private static final long INTERVAL_NANOS = 2_000_000; // 500 records/s, a run's typical rate
  private static final int RECORDS = 3_000;

  private KafkaBroker broker;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @Test
  void underTransactionsEachPercentileLiesBetweenTheCommitsAndWhatPlainConsumersSaw()
      throws Exception {
    String topic = "calibration-eos";
    broker.createTopic(topic, PARTITIONS);
    Calibration calibration = new Calibration(topic);
    long[] sentAt = new long[RECORDS];
    long[] commitBegan = new long[RECORDS];
    try (KafkaProducer<byte[], byte[]> producer =
        producer(Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "calibration"))) {
      producer.initTransactions();
      int perTransaction = 50; // a commit every 100 ms, the reference apps' commit interval
      long start = System.nanoTime();
      for (int first = 0; first < RECORDS; first += perTransaction) {
        producer.beginTransaction();
        for (int i = first; i < first + perTransaction; i++) {
          waitUntil(start + i * INTERVAL_NANOS);
          sentAt[i] = System.currentTimeMillis();
          producer.send(record(topic, i, sentAt[i]));
        }
        long began = System.currentTimeMillis();
        producer.commitTransaction();
        Arrays.fill(commitBegan, first, first + perTransaction, began);
      }
    }
    long[] earliest = new long[RECORDS];
    for (int i = 0; i < RECORDS; i++) {
      earliest[i] = commitBegan[i] - sentAt[i];
    }
    calibration.check(sentAt, earliest);
  }

  @Test
  void withInjectedDelaysEachPercentileIsTheDelaysPlusWhatPlainConsumersSaw() throws Exception {
    String topic = "calibration-delays";
    broker.createTopic(topic, PARTITIONS);
    Calibration calibration = new Calibration(topic);
    long[] stampedAt = new long[RECORDS];
    long[] delay = new long[RECORDS];
    try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      long start = System.nanoTime();
      for (int i = 0; i < RECORDS; i++) {
        // 0, 3, ..., 297 ms in a shuffled order: every percentile a value of its own.
        delay[i] = 3L * ((i * 37) % 100);
        waitUntil(start + i * INTERVAL_NANOS);
        stampedAt[i] = System.currentTimeMillis() - delay[i];
        producer.send(record(topic, i, stampedAt[i]));
      }
    }
    calibration.check(stampedAt, delay);
  }

  /** One topic read by the latency consumer and two plain consumers. */
  private final class Calibration {
    private final String topic;
    private final LatencyRun run;
    private final Thread thread;
    private final PlainReader first;
    private final PlainReader second;

    Calibration(String topic) {
      this.topic = topic;
      run = new LatencyRun(settings(topic), new PrintStream(new ByteArrayOutputStream()));
      thread =
          new Thread(
              () -> {
                try {
                  run.run();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              },
              "latency-run-" + topic);
      thread.start();
      Awaitility.await().atMost(Duration.ofSeconds(30)).until(run::isReading);
      first = new PlainReader(broker.bootstrapServers(), topic, PARTITIONS);
      second = new PlainReader(broker.bootstrapServers(), topic, PARTITIONS);
    }

    /**
     * @param stampedAt each record's timestamp (ms)
     * @param earliest each record's least possible latency (ms)
     */
    void check(long[] stampedAt, long[] earliest) throws Exception {
      try {
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> measurement().get("count").asLong() >= RECORDS);
        long[] a = latencies(first.receipts(RECORDS), stampedAt);
        long[] b = latencies(second.receipts(RECORDS), stampedAt);
        long[] later = new long[RECORDS];
        for (int i = 0; i < RECORDS; i++) {
          later[i] = Math.max(a[i], b[i]);
        }
        JsonNode m = measurement();
        assertThat(m.get("count").asLong()).as("records measured").isEqualTo(RECORDS);
        assertThat(m.get("negative").asLong()).isZero();
        List<String> table = new ArrayList<>();
        for (double q : PERCENTILES) {
          double ours = m.get(FIELDS.get(q)).asDouble();
          long low = at(earliest, q) - 1;
          long noise = Math.abs(at(a, q) - at(b, q));
          long high = at(later, q) + 2 + noise;
          table.add("p%s: %.1f ms in [%d, %d]".formatted(q, ours, low, high));
          assertThat(ours).as("%s; %s", topic, table).isBetween((double) low, (double) high);
        }
        System.out.println("calibration " + topic + ": " + table);
      } finally {
        first.close();
        second.close();
        run.stop(Duration.ofSeconds(10));
        thread.join(10_000);
      }
    }

    private JsonNode measurement() throws Exception {
      return JSON.readTree(run.resultsJson()).at("/topics/" + topic + "/measurement");
    }
  }

  /** Each record's latency as a plain consumer saw it: receipt less timestamp, ms. */
  private static long[] latencies(Map<Long, Long> receipts, long[] stampedAt) {
    assertThat(receipts).as("records a plain consumer received").hasSize(stampedAt.length);
    long[] out = new long[stampedAt.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = receipts.get((long) i) - stampedAt[i];
    }
    return out;
  }

  /** The nearest-rank percentile, as HdrHistogram reports it. */
  static long at(long[] values, double percentile) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(percentile / 100 * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }

  private static void waitUntil(long nanoTime) {
    for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
      LockSupport.parkNanos(left);
    }
  }

  private static ProducerRecord<byte[], byte[]> record(String topic, int sequence, long timestamp) {
    return new ProducerRecord<>(
        topic, sequence % PARTITIONS, timestamp, null, PlainReader.value(sequence));
  }

  private LatencySettings settings(String topic) {
    Instant now = Instant.now();
    LatencySettings settings =
        new LatencySettings(
            broker.bootstrapServers(),
            List.of(topic),
            "read_committed",
            null,
            "latest",
            new LatencySettings.WindowTimes(
                now.minusSeconds(7200).toString(),
                now.minusSeconds(3600).toString(),
                now.plusSeconds(3600).toString()),
            -1,
            null,
            true,
            5000L,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    assertThat(SettingsValidator.problems(settings)).isEmpty();
    return settings;
  }

  private KafkaProducer<byte[], byte[]> producer(Map<String, Object> extra) {
    Map<String, Object> config = new HashMap<>(extra);
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    return new KafkaProducer<>(config);
  }
}
