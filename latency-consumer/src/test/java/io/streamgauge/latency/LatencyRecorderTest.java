package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The latency arithmetic with receipt times under the test's control. */
class LatencyRecorderTest {

  private static final long RECEIPT_MS = 1_800_000_000_000L;

  @Test
  void knownOffsetsComeBackWithinTwoMilliseconds() {
    LatencyRecorder recorder = new LatencyRecorder(List.of("a", "b"), allTime(), true);
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      records.add(record("a", RECEIPT_MS - 50));
      records.add(record("b", RECEIPT_MS - 200 - (i % 3)));
    }
    records.add(record("b", RECEIPT_MS + 5));

    recorder.record(batch(records), RECEIPT_MS * 1000 + 400);
    JsonNode results = ResultsDocument.build(recorder, "read_committed", 0, RECEIPT_MS);

    JsonNode a = results.at("/topics/a/measurement");
    JsonNode b = results.at("/topics/b/measurement");
    assertThat(a.get("count").asLong()).isEqualTo(1000);
    assertThat(a.get("p50Ms").asDouble()).isCloseTo(50.4, within(0.1));
    assertThat(a.get("p99Ms").asDouble()).isCloseTo(50.4, within(0.1));
    assertThat(b.get("p50Ms").asDouble()).isCloseTo(201.4, within(0.2));
    assertThat(b.get("maxMs").asDouble()).isCloseTo(202.4, within(0.2));
    assertThat(b.get("meanMs").asDouble()).isCloseTo(201.4, within(0.2));
    assertThat(b.get("negative").asLong()).isEqualTo(1);
    assertThat(b.get("count").asLong()).isEqualTo(1000);
  }

  @Test
  void integrityOffLeavesTheTraceUnreadAndSaysSo() {
    LatencyRecorder on = new LatencyRecorder(List.of("a"), allTime(), true);
    LatencyRecorder off = new LatencyRecorder(List.of("a"), allTime(), false);
    List<ConsumerRecord<byte[], byte[]>> records = List.of(record("a", RECEIPT_MS - 10));

    on.record(batch(records), RECEIPT_MS * 1000);
    off.record(batch(records), RECEIPT_MS * 1000);

    JsonNode withIntegrity = ResultsDocument.build(on, "read_committed", 0, RECEIPT_MS);
    JsonNode without = ResultsDocument.build(off, "read_committed", 0, RECEIPT_MS);
    assertThat(withIntegrity.at("/topics/a/integrity/measurement/unattributed").asLong())
        .isEqualTo(1);
    assertThat(without.at("/topics/a/integrity").isNull()).isTrue();
    assertThat(without.at("/topics/a/measurement/count").asLong()).isEqualTo(1);
  }

  /**
   * The window's tail: results read while a partition has delivered nothing stamped after the
   * measurement's end say so; its late in-window records, once they come, count in the window.
   */
  @Test
  void theTailIsCompleteOnlyWhenEveryPartitionHasPassedTheWindowsEnd() {
    long end = RECEIPT_MS;
    Windows windows = tenSecondWindowsEndingAt(end);
    LatencyRecorder recorder = new LatencyRecorder(List.of("out"), windows, false);
    TopicPartition fast = new TopicPartition("out", 0);
    TopicPartition slow = new TopicPartition("out", 1);
    recorder.record(
        new ConsumerRecords<>(
            Map.of(
                fast, List.of(record(fast, end - 5_000), record(fast, end + 100)),
                slow, List.of(record(slow, end - 9_000))),
            Map.of()),
        (end + 200) * 1000);

    JsonNode before = ResultsDocument.build(recorder, "read_committed", 0, end + 200);
    assertThat(before.at("/tail/complete").asBoolean()).isFalse();
    assertThat(before.at("/tail/behind").toString()).isEqualTo("[\"out-1\"]");
    assertThat(before.at("/topics/out/measurement/count").asLong()).isEqualTo(2);

    // 20 s late: an in-window record, then the first record after the window.
    recorder.record(
        new ConsumerRecords<>(
            Map.of(slow, List.of(record(slow, end - 1_000), record(slow, end + 50))), Map.of()),
        (end + 20_000) * 1000);

    JsonNode after = ResultsDocument.build(recorder, "read_committed", 0, end + 20_000);
    assertThat(after.at("/tail/complete").asBoolean()).isTrue();
    assertThat(after.at("/tail/behind").size()).isZero();
    assertThat(after.at("/topics/out/measurement/count").asLong())
        .as("the late record counts, with its 21 s latency")
        .isEqualTo(3);
    assertThat(after.at("/topics/out/measurement/maxMs").asDouble()).isGreaterThan(20_000);
  }

  @Test
  void aRunWithFaultsKeepsTheMeasurementsLatenciesPerSecondOfTheRecordsTimestamps() {
    long end = 1_800_000_030_000L;
    Windows windows = tenSecondWindowsEndingAt(end);
    LatencyRecorder recorder = new LatencyRecorder(List.of("out"), windows, false);
    recorder.keepSeconds();
    TopicPartition tp = new TopicPartition("out", 0);
    recorder.record(
        new ConsumerRecords<>(
            Map.of(
                tp,
                List.of(
                    record(tp, end - 15_000), // warmup: not kept per second
                    record(tp, end - 9_500),
                    record(tp, end - 9_100),
                    record(tp, end - 2_000))),
            Map.of()),
        end * 1000);

    JsonNode seconds =
        ResultsDocument.build(recorder, "read_committed", 0, end)
            .at("/topics/out/measurementSeconds");

    assertThat(seconds.size()).isEqualTo(2);
    assertThat(decode(seconds.path(Long.toString((end - 10_000) / 1000)).asText()).getTotalCount())
        .isEqualTo(2);
    Histogram late = decode(seconds.path(Long.toString((end - 2_000) / 1000)).asText());
    assertThat(late.getTotalCount()).isEqualTo(1);
    assertThat(late.getMaxValue() / 1000.0)
        .as("2 s, to 2 significant digits")
        .isCloseTo(2000, within(20.0));
  }

  @Test
  void aRunWithoutFaultsHasNoPerSecondLatencies() {
    LatencyRecorder recorder = new LatencyRecorder(List.of("out"), allTime(), false);
    TopicPartition tp = new TopicPartition("out", 0);
    recorder.record(
        new ConsumerRecords<>(Map.of(tp, List.of(record(tp, RECEIPT_MS - 10))), Map.of()),
        RECEIPT_MS * 1000);

    assertThat(
            ResultsDocument.build(recorder, "read_committed", 0, RECEIPT_MS)
                .at("/topics/out")
                .has("measurementSeconds"))
        .isFalse();
  }

  private static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void nothingReadYetIsNoCompleteTail() {
    LatencyRecorder recorder = new LatencyRecorder(List.of("out"), allTime(), false);

    JsonNode results = ResultsDocument.build(recorder, "read_committed", 0, RECEIPT_MS);

    assertThat(results.at("/tail/complete").asBoolean()).isFalse();
    assertThat(results.at("/tail/partitions").asInt()).isZero();
  }

  private static ConsumerRecord<byte[], byte[]> record(TopicPartition tp, long timestamp) {
    return new ConsumerRecord<>(
        tp.topic(),
        tp.partition(),
        0,
        timestamp,
        org.apache.kafka.common.record.TimestampType.CREATE_TIME,
        0,
        0,
        null,
        new byte[0],
        new org.apache.kafka.common.header.internals.RecordHeaders(),
        java.util.Optional.empty());
  }

  /** A 10 s warmup, then a 10 s measurement window ending at {@code endMs}. */
  private static Windows tenSecondWindowsEndingAt(long endMs) {
    return Windows.parse(
        new LatencySettings.WindowTimes(
            Instant.ofEpochMilli(endMs - 20_000).toString(),
            Instant.ofEpochMilli(endMs - 10_000).toString(),
            Instant.ofEpochMilli(endMs).toString()));
  }

  private static Windows allTime() {
    Instant receipt = Instant.ofEpochMilli(RECEIPT_MS);
    return Windows.parse(
        new LatencySettings.WindowTimes(
            receipt.minusSeconds(7200).toString(),
            receipt.minusSeconds(3600).toString(),
            receipt.plusSeconds(3600).toString()));
  }

  private static ConsumerRecord<byte[], byte[]> record(String topic, long timestamp) {
    return record(new TopicPartition(topic, 0), timestamp);
  }

  private static ConsumerRecords<byte[], byte[]> batch(
      List<ConsumerRecord<byte[], byte[]>> records) {
    return new ConsumerRecords<>(Map.of(new TopicPartition("any", 0), records), Map.of());
  }
}
