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
 * before its commit began) nor before the delay it was stamped with. The upper bound is what three
 * plain {@code read_committed} consumers ({@link PlainReader}) in this run saw of the same records,
 * the latest of them record by record, widened by how far they disagree at that percentile and 2 ms
 * (ms timestamps on both sides): delivery is this hour's, so it is measured beside the consumer
 * under test, never assumed.
 *
 * <p>The stages are held to the same kind of bounds: a record's time until written (through the
 * app: here none) by what three plain {@code read_uncommitted} consumers saw, its commit wait by
 * the difference between what the plain committed and uncommitted readers saw of the same record;
 * and the stages must add up to the latency, record by record.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LatencyCalibrationIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};

  /**
   * The stages' percentiles held to bounds. Not p99.9: of 3,000 records that is the third latest,
   * and a stage's bound compounds two plain readers' timing (runs of 2026-12-07 put one of the
   * three outside by 8-11 ms, in either stage, while the totals held).
   */
  private static final double[] STAGE_PERCENTILES = {50, 90, 99};

  private static final Map<Double, String> FIELDS =
      Map.of(50.0, "p50Ms", 90.0, "p90Ms", 99.0, "p99Ms", 99.9, "p999Ms");
  private static final int PARTITIONS = 3;
  private static final long INTERVAL_NANOS = 2_000_000; // 500 records/s, a run's typical rate
  private static final int RECORDS = 6_000;
  private static final int REFERENCES = 3;

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

  /**
   * One topic read by the latency consumer and by plain consumers: {@value #REFERENCES} at
   * read_committed, {@value #REFERENCES} at read_uncommitted. The slowest of three, not of two, is
   * the reference: with two, the consumer under test (a third reader of the same records, on the
   * same two cores) came out latest by 1-3 ms at p99 in about one run in eight on 2026-12-07.
   */
  private final class Calibration {
    private final String topic;
    private final LatencyRun run;
    private final Thread thread;
    private final List<PlainReader> committed = new ArrayList<>();
    private final List<PlainReader> written = new ArrayList<>();

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
      for (int i = 0; i < REFERENCES; i++) {
        committed.add(new PlainReader(broker.bootstrapServers(), topic, PARTITIONS));
        written.add(
            new PlainReader(broker.bootstrapServers(), topic, PARTITIONS, "read_uncommitted"));
      }
    }

    /**
     * @param stampedAt each record's timestamp (ms)
     * @param earliest each record's least possible latency (ms)
     */
    void check(long[] stampedAt, long[] earliest) throws Exception {
      try {
        // Counted, not read from /results: building that document holds the recorder's lock for
        // milliseconds, which would delay the consumer under test by this test's own doing.
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .pollInterval(Duration.ofMillis(200))
            .until(() -> run.consumedRecords() >= RECORDS);
        List<long[]> seen = latencies(committed, stampedAt);
        long[] later = perRecord(seen, Math::max);
        JsonNode m = measurement();
        assertThat(m.get("count").asLong()).as("records measured").isEqualTo(RECORDS);
        assertThat(m.get("negative").asLong()).isZero();
        List<String> table = new ArrayList<>();
        for (double q : PERCENTILES) {
          double ours = m.get(FIELDS.get(q)).asDouble();
          long low = at(earliest, q) - 1;
          long high = at(later, q) + 2 + spread(seen, q);
          table.add("p%s: %.1f ms in [%d, %d]".formatted(q, ours, low, high));
          assertThat(ours).as("%s; %s", topic, table).isBetween((double) low, (double) high);
        }
        System.out.println("calibration " + topic + ": " + table);
        checkStages(seen, latencies(written, stampedAt), m);
      } finally {
        for (PlainReader reader : committed) {
          reader.close();
        }
        for (PlainReader reader : written) {
          reader.close();
        }
        run.stop(Duration.ofSeconds(10));
        thread.join(10_000);
      }
    }

    /**
     * @param seen latencies each plain committed reader saw
     * @param seenWritten latencies until each plain uncommitted reader saw each record
     */
    private void checkStages(List<long[]> seen, List<long[]> seenWritten, JsonNode total)
        throws Exception {
      JsonNode stages =
          JSON.readTree(run.resultsJson()).at("/topics/" + topic + "/stages/measurement");
      assertThat(stages.get("matched").asLong()).as("records matched").isEqualTo(RECORDS);
      assertThat(stages.get("unmatched").asLong()).isZero();
      assertThat(stages.get("withPublishDelay").asLong()).as("no trace header here").isZero();
      long[] writtenLater = perRecord(seenWritten, Math::max);
      long[] writtenEarlier = perRecord(seenWritten, Math::min);
      long[] committedLater = perRecord(seen, Math::max);
      long[] committedEarlier = perRecord(seen, Math::min);
      long[] waitLeast = new long[RECORDS];
      long[] waitMost = new long[RECORDS];
      for (int i = 0; i < RECORDS; i++) {
        waitLeast[i] = committedEarlier[i] - writtenLater[i];
        waitMost[i] = committedLater[i] - writtenEarlier[i];
      }
      List<String> table = new ArrayList<>();
      for (double q : STAGE_PERCENTILES) {
        long noise = Math.max(spread(seen, q), spread(seenWritten, q)) + 2;
        double through = stages.at("/throughApp/" + FIELDS.get(q)).asDouble();
        double wait = stages.at("/commitWait/" + FIELDS.get(q)).asDouble();
        long throughHigh = at(writtenLater, q) + noise;
        long waitLow = at(waitLeast, q) - noise;
        long waitHigh = at(waitMost, q) + noise;
        table.add(
            "p%s: written %.1f in [-1, %d], commit wait %.1f in [%d, %d]"
                .formatted(q, through, throughHigh, wait, waitLow, waitHigh));
        assertThat(through).as("%s; %s", topic, table).isBetween(-1.0, (double) throughHigh);
        assertThat(wait).as("%s; %s", topic, table).isBetween((double) waitLow, (double) waitHigh);
      }
      System.out.println("calibration stages " + topic + ": " + table);
      double stageSum = 0;
      long banded = 0;
      for (JsonNode band : stages.get("bands")) {
        long records = band.get("records").asLong();
        banded += records;
        stageSum +=
            records
                * (band.get("publishDelayMeanMs").asDouble()
                    + band.get("throughAppMeanMs").asDouble()
                    + band.get("commitWaitMeanMs").asDouble());
      }
      assertThat(banded).isEqualTo(RECORDS);
      double latencySum = total.get("meanMs").asDouble() * RECORDS;
      assertThat(stageSum)
          .as("the stages add up to the latency (histogram mean to 3 significant digits)")
          .isCloseTo(latencySum, org.assertj.core.api.Assertions.within(latencySum * 0.002 + 1));
    }

    private JsonNode measurement() throws Exception {
      return JSON.readTree(run.resultsJson()).at("/topics/" + topic + "/measurement");
    }
  }

  /** What each reader saw of every record: receipt less timestamp, ms. */
  private static List<long[]> latencies(List<PlainReader> readers, long[] stampedAt)
      throws InterruptedException {
    List<long[]> seen = new ArrayList<>();
    for (PlainReader reader : readers) {
      seen.add(latencies(reader.receipts(RECORDS), stampedAt));
    }
    return seen;
  }

  /** Record by record, the readers' values combined by {@code pick} (max: the latest). */
  private static long[] perRecord(List<long[]> seen, java.util.function.LongBinaryOperator pick) {
    long[] out = seen.get(0).clone();
    for (long[] other : seen) {
      for (int i = 0; i < out.length; i++) {
        out[i] = pick.applyAsLong(out[i], other[i]);
      }
    }
    return out;
  }

  /**
   * How far the readers disagree at percentile {@code q}: the larger of how far apart their
   * percentiles are and the percentile of how far apart they were record by record. The second is
   * what a reader's own hiccup costs at that rank: under transactions the slowest 0.1 % of 6,000
   * records are the 6 records of one commit, so there the consumer under test is compared on a
   * single event with the plain readers, and one of four readers being late by a few ms on it is
   * this hour's delivery, not the consumer's error.
   */
  private static long spread(List<long[]> seen, double q) {
    long high = Long.MIN_VALUE;
    long low = Long.MAX_VALUE;
    for (long[] values : seen) {
      high = Math.max(high, at(values, q));
      low = Math.min(low, at(values, q));
    }
    long[] later = perRecord(seen, Math::max);
    long[] earlier = perRecord(seen, Math::min);
    long[] apart = new long[later.length];
    for (int i = 0; i < apart.length; i++) {
      apart[i] = later[i] - earlier[i];
    }
    return Math.max(high - low, at(apart, q));
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
