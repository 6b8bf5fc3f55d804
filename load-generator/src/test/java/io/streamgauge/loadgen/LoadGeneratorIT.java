package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import io.streamgauge.common.RecordHeaders;
import io.streamgauge.schemas.restoration.StoreValueSchema;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.kafka.TopicReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/** The load generator against a real Kafka 4.1.1 broker. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoadGeneratorIT {

  /**
   * How many times the reference's p99 the generator's may be. Measured on 2 cores with a full
   * build beside it: generator p99 / the slower reference's p99 of 0.96, 1.38, 0.23, 0.22 and 1.48
   * in five runs (generator 6.7-46.5 ms, references 3.3-213.5 ms); with nothing beside it the two
   * agree within about 1.5x.
   */
  private static final double DELAY_RATIO = 3.0;

  /** Plus this, for the reference's sub-millisecond p99 on a quiet hour. */
  private static final double DELAY_MARGIN_MS = 1.0;

  private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());
  private final AtomicInteger topicNumber = new AtomicInteger();
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
  void aBoundedRunWritesExactlyRateTimesDurationPerTopicWithContiguousSequences() {
    String a = topic(3);
    String b = topic(2);
    Report report =
        run(
            """
            duration: 2s
            producerConfig: {acks: "1"}
            topics:
            - {name: %s, ratePerSecond: 500, record: {format: string, valueSize: {fixed: 100}, keys: 40}}
            - {name: %s, ratePerSecond: 300, record: {format: bytes, valueSize: {min: 10, max: 20}, keys: 7}}
            """
                .formatted(a, b));

    assertThat(report.sent()).isEqualTo(1600);
    assertThat(report.failed()).isZero();
    assertThat(report.unsent()).isZero();
    assertThat(report.topics().get(a).sent()).isEqualTo(1000);
    List<ConsumerRecord<byte[], byte[]>> inA = read(a, 1000);
    List<ConsumerRecord<byte[], byte[]>> inB = read(b, 600);
    assertThat(inA).hasSize(1000);
    assertThat(inB).hasSize(600);
    assertContiguousSequences(inA);
    assertContiguousSequences(inB);
    assertThat(inA).allSatisfy(r -> assertThat(r.value()).hasSize(100));
    assertThat(inB).allSatisfy(r -> assertThat(r.value().length).isBetween(10, 20));
    assertThat(distinctKeys(inA)).hasSize(40);
    assertThat(distinctKeys(inB)).hasSize(7);
  }

  @Test
  void holdsTwoThousandPerSecondForTenSecondsWithIntendedTimestamps() {
    String t = topic(6);
    long before = System.currentTimeMillis();
    Report report =
        run(
            """
            duration: 10s
            producerConfig: {acks: "1"}
            topics:
            - {name: %s, ratePerSecond: 2000, record: {format: string, valueSize: {fixed: 1024}, keys: 10000}}
            """
                .formatted(t));
    long after = System.currentTimeMillis();

    assertThat(report.sent()).isEqualTo(20_000);
    assertThat(report.unsent()).as("every record due was sent").isZero();
    // How late the sends were is the machine's (a stalled hour makes them later); what the product
    // owes is an open loop: never faster than the schedule, and a rate that is what was sent over
    // the time it took, late sends included.
    assertThat(report.achievedRate())
        .as("never above its rate")
        .isLessThanOrEqualTo(2000 * 1.005)
        .isCloseTo(report.sent() / report.elapsedSeconds(), within(1.0));
    assertThat(report.elapsedSeconds())
        .as("the schedule's 10 s at least: nothing sent ahead of its time")
        .isGreaterThanOrEqualTo(9.99);
    assertThat(report.publishDelayP99Ms())
        .isNotNegative()
        .isLessThanOrEqualTo(report.publishDelayMaxMs());
    List<ConsumerRecord<byte[], byte[]>> records = read(t, 20_000);
    assertThat(records).hasSize(20_000);
    // Each second of the schedule holds its 2,000 records by intended time (±1 where a record's
    // ms timestamp rounds into the next second): the rate is the schedule's, second by second.
    long start = records.stream().mapToLong(ConsumerRecord::timestamp).min().orElseThrow();
    long[] perSecond = new long[10];
    records.forEach(r -> perSecond[(int) Math.min(9, (r.timestamp() - start) / 1000)]++);
    for (int second = 0; second < 10; second++) {
      assertThat(perSecond[second]).as("second %d of the schedule", second).isBetween(1999L, 2001L);
    }
    // Timestamps are the schedule: record i of the topic at start + i/2000 s, so the whole run
    // spans 10 s minus one interval, and consecutive records are 0.5 ms apart on average.
    long first = records.stream().mapToLong(ConsumerRecord::timestamp).min().orElseThrow();
    long last = records.stream().mapToLong(ConsumerRecord::timestamp).max().orElseThrow();
    assertThat(last - first).isBetween(9_990L, 10_000L);
    // The schedule began after the run was asked for and ended before it returned, however long
    // the generator took to start on this hour.
    assertThat(first).isBetween(before - 1000, after - (last - first));
  }

  /**
   * The generator's publish delay, judged against what this machine allowed in the same minute: the
   * simplest open-loop producer ({@link PacedProducer}: same rate, sizes, keys and acks, records
   * made beforehand) runs just before and just after the generator, and the generator's p99 must
   * stay within {@value #DELAY_RATIO} times the slower reference's p99 plus {@value
   * #DELAY_MARGIN_MS} ms. A generator that does more per record than it should (a per-record
   * allocation storm, a lock, a blocking call) loses that comparison whatever the hour.
   */
  @Test
  void thePublishDelayStaysWithinWhatAPlainProducerHeldBesideIt() {
    String t = topic(6);
    int rate = 2000;
    Duration seconds = Duration.ofSeconds(8);
    Histogram before =
        PacedProducer.run(broker.bootstrapServers(), t, rate, seconds, 1024, 10_000, "1");
    Report report =
        run(
            """
            duration: %ds
            producerConfig: {acks: "1"}
            topics:
            - {name: %s, ratePerSecond: %d, record: {format: bytes, valueSize: {fixed: 1024}, keys: 10000}}
            """
                .formatted(seconds.toSeconds(), t, rate));
    Histogram after =
        PacedProducer.run(broker.bootstrapServers(), t, rate, seconds, 1024, 10_000, "1");

    double referenceP99 =
        Math.max(before.getValueAtPercentile(99), after.getValueAtPercentile(99)) / 1e6;
    double bound = DELAY_RATIO * referenceP99 + DELAY_MARGIN_MS;
    System.out.printf(
        "publish delay p99: generator %.3f ms, plain producer %.3f before / %.3f after ms"
            + " (p50 %.3f; %.3f / %.3f) -> bound %.3f ms%n",
        report.publishDelayP99Ms(),
        before.getValueAtPercentile(99) / 1e6,
        after.getValueAtPercentile(99) / 1e6,
        report.publishDelayP50Ms(),
        before.getValueAtPercentile(50) / 1e6,
        after.getValueAtPercentile(50) / 1e6,
        bound);
    assertThat(report.sent()).isEqualTo(rate * seconds.toSeconds());
    assertThat(before.getTotalCount()).isEqualTo(rate * seconds.toSeconds());
    assertThat(report.publishDelayP99Ms()).isNotNegative().isLessThanOrEqualTo(bound);
  }

  /**
   * A ramp-up of 4 s to 2,000 records/s: its records follow the ramp by their intended times (a
   * quarter of the ramp's records in its first half) and the run holds half the ramp's records less
   * than a flat one, with nothing unsent.
   */
  @Test
  void aRampUpRisesLinearlyToTheRateByIntendedTimes() {
    String t = topic(2);
    Report report =
        run(
            """
            duration: 6s
            rampUp: 4s
            producerConfig: {acks: "1"}
            topics:
            - {name: %s, ratePerSecond: 2000, record: {format: string, valueSize: {fixed: 100}, keys: 100}}
            """
                .formatted(t));

    // 2,000/s × (6 s − 4 s / 2)
    assertThat(report.sent()).isEqualTo(8_000);
    assertThat(report.unsent()).isZero();
    List<ConsumerRecord<byte[], byte[]>> records = read(t, 8_000);
    long first = records.stream().mapToLong(ConsumerRecord::timestamp).min().orElseThrow();
    long[] perSecond = new long[6];
    records.forEach(r -> perSecond[(int) Math.min(5, (r.timestamp() - first) / 1000)]++);
    // Over the ramp the rate at t is 500 t records/s: 250, 750, 1,250, 1,750 in its four seconds.
    assertThat(perSecond[0]).isBetween(245L, 255L);
    assertThat(perSecond[1]).isBetween(745L, 755L);
    assertThat(perSecond[2]).isBetween(1_245L, 1_255L);
    assertThat(perSecond[3]).isBetween(1_745L, 1_755L);
    assertThat(perSecond[4]).isBetween(1_995L, 2_005L);
    assertContiguousSequences(records);
  }

  @Test
  void anAbsoluteEndStopsTheScheduleThere() {
    String t = topic(2);
    Instant end = Instant.now().plusSeconds(3);
    Report report =
        run(
            """
            endAt: "%s"
            topics:
            - {name: %s, ratePerSecond: 400, record: {format: string, valueSize: {fixed: 50}, keys: 10}}
            """
                .formatted(end, t));

    assertThat(report.unsent()).isZero();
    List<ConsumerRecord<byte[], byte[]>> records = read(t, report.sent());
    long last = records.stream().mapToLong(ConsumerRecord::timestamp).max().orElseThrow();
    assertThat(last).isBetween(end.toEpochMilli() - 50, roundedMillis(end));
    assertThat(report.sent()).isBetween(1000L, 1200L);
  }

  /**
   * The load learns its end from a latency consumer's {@code GET /windows} once the windows are set
   * (404 before), and sends until the margin after the measurement's end — not until its fallback.
   */
  @Test
  void endsAMarginAfterTheMeasurementWindowItReadsFromTheLatencyConsumer() throws Exception {
    String t = topic(2);
    // Known 2 s before the measurement starts: the generator asks once a second, so it learns
    // them before any record of the window goes out.
    Instant measurementEnd = Instant.now().plusSeconds(4);
    Instant windowsKnownAt = Instant.now().plusSeconds(1);
    HttpServer latencyConsumer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    latencyConsumer.createContext(
        "/windows",
        exchange -> {
          boolean known = Instant.now().isAfter(windowsKnownAt);
          byte[] body =
              (known
                      ? "{\"warmupStart\":\"%s\",\"measurementStart\":\"%s\",\"measurementEnd\":\"%s\"}"
                          .formatted(
                              measurementEnd.minusSeconds(2),
                              measurementEnd.minusSeconds(1),
                              measurementEnd)
                      : "{\"error\":\"no windows yet\"}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(known ? 200 : 404, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    java.util.concurrent.atomic.AtomicReference<String> sent =
        new java.util.concurrent.atomic.AtomicReference<>();
    latencyConsumer.createContext(
        "/sent",
        exchange -> {
          sent.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          exchange.sendResponseHeaders(200, 2);
          exchange.getResponseBody().write("{}".getBytes(StandardCharsets.UTF_8));
          exchange.close();
        });
    latencyConsumer.start();
    try {
      Report report =
          run(
              """
              endAt: "%s"
              windowsUrl: http://127.0.0.1:%d
              endAfterMeasurement: 1s
              topics:
              - {name: %s, ratePerSecond: 400, record: {format: string, valueSize: {fixed: 50}, keys: 10}}
              """
                  .formatted(
                      Instant.now().plusSeconds(3600), latencyConsumer.getAddress().getPort(), t));

      Instant end = measurementEnd.plusSeconds(1);
      List<ConsumerRecord<byte[], byte[]>> records = read(t, report.sent());
      long last = records.stream().mapToLong(ConsumerRecord::timestamp).max().orElseThrow();
      assertThat(last).isBetween(end.toEpochMilli() - 50, roundedMillis(end));
      assertThat(report.unsent()).isZero();
      assertReportsTheWindowsRecords(
          sent.get(), records, measurementEnd.minusSeconds(1), measurementEnd);
    } finally {
      latencyConsumer.stop(0);
    }
  }

  /**
   * {@code instant} rounded to the millisecond, as record timestamps are: a record intended just
   * before an end with a sub-millisecond part may carry the end's rounded millisecond.
   */
  private static long roundedMillis(Instant instant) {
    return LoadGenerator.intendedMillis(
        instant.getEpochSecond() * 1_000_000_000L + instant.getNano(), 0);
  }

  /**
   * The window report names, per stream, exactly the first and last sequence numbers of the records
   * intended inside [start, end), as read back from the topic.
   */
  private static void assertReportsTheWindowsRecords(
      String body, List<ConsumerRecord<byte[], byte[]>> records, Instant start, Instant end)
      throws Exception {
    assertThat(body).as("a window report was posted to /sent").isNotNull();
    var report = new com.fasterxml.jackson.databind.ObjectMapper().readTree(body);
    java.util.Map<String, long[]> expected = new java.util.TreeMap<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      if (r.timestamp() >= start.toEpochMilli() && r.timestamp() < end.toEpochMilli()) {
        byte[] trace = RecordHeaders.trace(r.headers());
        long sequence = RecordHeaders.sequence(trace);
        expected.merge(
            RecordHeaders.streamIdOf(trace),
            new long[] {sequence, sequence},
            (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
      }
    }
    assertThat(expected).as("records inside the window").hasSize(2);
    assertThat(report.path("learnedLate").asBoolean()).isFalse();
    assertThat(report.path("failedInWindow").asLong()).isZero();
    java.util.Map<String, long[]> reported = new java.util.TreeMap<>();
    report
        .path("streams")
        .fields()
        .forEachRemaining(
            e ->
                reported.put(
                    e.getKey(),
                    new long[] {
                      e.getValue().path("first").asLong(), e.getValue().path("last").asLong()
                    }));
    assertThat(reported.keySet()).isEqualTo(expected.keySet());
    expected.forEach(
        (stream, range) -> assertThat(reported.get(stream)).as(stream).containsExactly(range));
  }

  @Test
  void theSameSeedWritesIdenticalRecords() {
    String first = topic(1);
    String second = topic(1);
    String profile =
        "record: {format: text, valueSize: {min: 50, max: 1000, mean: 200}, keys: 100, words: 50}";
    String workload =
        """
        producerId: same
        seed: 42
        duration: 1s
        producerConfig: {acks: "1"}
        topics:
        - {name: %s, ratePerSecond: 300, %s}
        """;
    run(workload.formatted(first, profile));
    // The topic name is part of the seed mix, so compare through a second run on the same name.
    List<String> one = contents(read(first, 300));
    run(workload.formatted(second, profile).replace("producerId: same", "producerId: same"));
    List<String> two = contents(read(second, 300));
    assertThat(one).hasSize(300);
    assertThat(two).hasSize(300);
    RecordFactory a = new RecordFactory(42, "same", first, textRecord());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      a.advance();
      expected.add(
          new String(a.key(), StandardCharsets.UTF_8)
              + "="
              + new String(a.value(), StandardCharsets.UTF_8));
    }
    assertThat(one).isEqualTo(expected);
    assertThat(two).isNotEqualTo(one).hasSize(300);
  }

  @Test
  void prepopulateWritesExactlyNSplitAcrossProducers() {
    String t = topic(6);
    String workload =
        """
        mode: prepopulate
        producerConfig: {acks: "1"}
        producers: 2
        producerIndex: %d
        producerId: filler-%d
        topics:
        - {name: %s, prepopulateRecords: 12345, record: {format: bytes, valueSize: {fixed: 108}, keys: 100000}}
        """;
    Report first = run(workload.formatted(0, 0, t));
    Report second = run(workload.formatted(1, 1, t));

    assertThat(first.sent()).as("first: %s", first).isEqualTo(6173);
    assertThat(second.sent()).as("second: %s", second).isEqualTo(6172);
    assertThat(read(t, 12_345)).hasSize(12_345);
  }

  /**
   * A prepopulation bounded by the run's deadline ({@code endAt}, as the operator gives it) ends
   * once its records are written, and avro values decode with their schema at the asked size.
   */
  @Test
  @Timeout(60) // the deadline once made the final report loop forever
  void prepopulateUnderADeadlineEndsWithEveryAvroRecordWritten() throws Exception {
    String t = topic(3);
    Report report =
        run(
            """
            mode: prepopulate
            producerId: store-filler
            endAt: %s
            topics:
            - {name: %s, prepopulateRecords: 2000, record: {format: avro, valueSize: {fixed: 108}, keys: 2000}}
            """
                .formatted(Instant.now().plus(Duration.ofHours(1)), t));

    assertThat(report.sent()).isEqualTo(2000);
    assertThat(report.unsent()).isZero();
    List<ConsumerRecord<byte[], byte[]>> records = read(t, 2000);
    assertThat(records).hasSize(2000).allSatisfy(r -> assertThat(r.value()).hasSize(108));
    GenericRecord value =
        new GenericDatumReader<GenericRecord>(StoreValueSchema.SCHEMA)
            .read(null, DecoderFactory.get().binaryDecoder(records.get(0).value(), null));
    assertThat(value.get("name").toString()).isEqualTo("entity-" + value.get("id"));
  }

  @Test
  void transactionalModeCommitsEveryRecord() {
    String t = topic(2);
    Report report =
        run(
            """
            producerId: tx
            duration: 2s
            transactions: {enabled: true, commitRecords: 100, commitIntervalMs: 50}
            topics:
            - {name: %s, ratePerSecond: 1000, record: {format: string, valueSize: {fixed: 64}, keys: 10}}
            """
                .formatted(t));

    assertThat(report.sent()).isEqualTo(2000);
    assertThat(read(t, 2000)).hasSize(2000);
  }

  @Test
  void anUnknownTopicFailsBeforeAnyLoadNamingIt() {
    assertThatThrownBy(
            () ->
                run(
                    """
                    topics:
                    - {name: no-such-topic, ratePerSecond: 10, record: {format: string, valueSize: {fixed: 8}, keys: 1}}
                    """))
        .isInstanceOf(WorkloadException.class)
        .hasMessageContaining("topic 'no-such-topic' does not exist")
        .satisfies(e -> assertThat(((WorkloadException) e).exitCode()).isEqualTo(3));
  }

  @Test
  void failuresAreCountedWhenTheBrokerGoesAwayMidRun() throws Exception {
    try (KafkaBroker doomed = KafkaBroker.start()) {
      doomed.createTopic("doomed", 3);
      Workload workload =
          WorkloadReader.parse(
              """
              bootstrapServers: %s
              duration: 6s
              metricsPort: -1
              producerConfig: {delivery.timeout.ms: "2000", request.timeout.ms: "1000", linger.ms: "0", max.block.ms: "500", retry.backoff.ms: "100"}
              topics:
              - {name: doomed, ratePerSecond: 500, record: {format: string, valueSize: {fixed: 100}, keys: 10}}
              """
                  .formatted(doomed.bootstrapServers()),
              "test");
      LoadRun run = new LoadRun(workload, QUIET);
      Thread killer =
          new Thread(
              () -> {
                try {
                  Thread.sleep(2000);
                } catch (InterruptedException e) {
                  return;
                }
                doomed.kill();
              });
      killer.start();
      Report report = run.execute();
      killer.join();

      assertThat(report.failed()).isGreaterThan(0);
      assertThat(report.sent()).isGreaterThan(0);
      assertThat(report.sent() + report.failed() + report.unsent()).isEqualTo(3000);
      assertThat(report.lastError()).isNotBlank();
    }
  }

  /**
   * Runs a workload against the shared broker. Tests that count records exactly use acks=1: with
   * acks=all, about one full-suite run in five lost one produce response on this single-broker
   * setup (the batch expired after delivery.timeout.ms although later batches were acknowledged);
   * see the closing note of issue 3. The transactional test keeps acks=all, as transactions need.
   */
  private Report run(String workloadBody) {
    String yaml =
        "bootstrapServers: " + broker.bootstrapServers() + "\nmetricsPort: -1\n" + workloadBody;
    Workload workload = WorkloadReader.parse(yaml, "test");
    assertThat(WorkloadValidator.problems(workload)).isEmpty();
    return new LoadRun(workload, QUIET).execute();
  }

  private String topic(int partitions) {
    String name = "lg-" + topicNumber.incrementAndGet();
    broker.createTopic(name, partitions);
    return name;
  }

  private List<ConsumerRecord<byte[], byte[]>> read(String topic, long expected) {
    return TopicReader.readAll(broker.bootstrapServers(), topic, expected, Duration.ofSeconds(30));
  }

  private static Workload.Record textRecord() {
    return new Workload.Record(
        "text", new Workload.ValueSize(null, 50, 1000, 200), 100L, null, null, 50);
  }

  /** key=value of each record in offset order (the topics compared have one partition). */
  private static List<String> contents(List<ConsumerRecord<byte[], byte[]>> records) {
    return records.stream()
        .map(
            r ->
                new String(r.key(), StandardCharsets.UTF_8)
                    + "="
                    + new String(r.value(), StandardCharsets.UTF_8))
        .toList();
  }

  private static Set<String> distinctKeys(List<ConsumerRecord<byte[], byte[]>> records) {
    Set<String> keys = new HashSet<>();
    records.forEach(r -> keys.add(new String(r.key(), StandardCharsets.UTF_8)));
    return keys;
  }

  private static void assertContiguousSequences(List<ConsumerRecord<byte[], byte[]>> records) {
    Map<String, Long> next = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      byte[] trace = RecordHeaders.trace(r.headers());
      String stream = RecordHeaders.streamIdOf(trace);
      assertThat(stream).endsWith("/" + r.topic() + "/" + r.partition());
      long expected = next.getOrDefault(stream, 0L);
      assertThat(RecordHeaders.sequence(trace)).as(stream).isEqualTo(expected);
      assertThat(RecordHeaders.publishDelayMicros(trace)).as("publish delay known").isNotNegative();
      next.put(stream, expected + 1);
    }
  }
}
