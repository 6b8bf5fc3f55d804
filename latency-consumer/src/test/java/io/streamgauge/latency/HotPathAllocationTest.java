package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import io.streamgauge.common.RecordHeaders;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** Recording a record allocates nothing once its topic and stream are known. */
class HotPathAllocationTest {

  private static final int RECORDS = 20_000;

  @Test
  void recordingABatchAllocatesLessThanABytePerRecord() {
    long now = System.currentTimeMillis();
    Windows windows = measuringAt(now);
    LatencyRecorder recorder = new LatencyRecorder(List.of("out"), windows, true);
    ConsumerRecords<byte[], byte[]> batch = batch(now, 0);
    WallClock clock = new WallClock();
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    for (int i = 0; i < 20; i++) {
      recorder.record(batch, clock.nowMicros());
    }

    long before = threads.getThreadAllocatedBytes(thread);
    recorder.record(batch, clock.nowMicros());
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertThat(allocated).as("bytes allocated recording %d records", RECORDS).isLessThan(RECORDS);
  }

  /** The stages too: the written reader's batch, then the same records read committed. */
  @Test
  void matchingTheStagesAllocatesLessThanABytePerRecord() {
    long now = System.currentTimeMillis();
    Windows windows = measuringAt(now);
    LatencyRecorder recorder =
        new LatencyRecorder(
            List.of("out"), windows, true, 0, LatencyRecorder.Stages.WRITTEN_READER);
    WallClock clock = new WallClock();
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    for (int i = 0; i < 20; i++) {
      ConsumerRecords<byte[], byte[]> batch = batch(now, (long) i * RECORDS);
      recorder.recordWritten(batch, clock.nowMicros());
      recorder.record(batch, clock.nowMicros());
    }
    ConsumerRecords<byte[], byte[]> batch = batch(now, 20L * RECORDS);

    long before = threads.getThreadAllocatedBytes(thread);
    recorder.recordWritten(batch, clock.nowMicros());
    recorder.record(batch, clock.nowMicros());
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertThat(allocated).as("bytes allocated recording %d records", RECORDS).isLessThan(RECORDS);
    long matched = recorder.read(t -> t.get("out").stages.matched);
    assertThat(matched).as("every record matched").isEqualTo(21L * RECORDS);
  }

  /** Windows whose measurement spans {@code now} (epoch ms) by a wide margin. */
  private static Windows measuringAt(long now) {
    Instant start = Instant.ofEpochMilli(now - 60_000);
    return Windows.parse(
        new LatencySettings.WindowTimes(
            start.toString(),
            start.plusSeconds(10).toString(),
            start.plusSeconds(3600).toString()));
  }

  private static ConsumerRecords<byte[], byte[]> batch(long now, long firstOffset) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      int partition = i % 12;
      var headers =
          new org.apache.kafka.common.header.internals.RecordHeaders()
              .add(
                  new RecordHeader(
                      RecordHeaders.TRACE,
                      RecordHeaders.encodeTrace(
                          RecordHeaders.streamId("lg-0", "in", partition), i / 12)));
      records.add(
          new ConsumerRecord<>(
              "out",
              partition,
              firstOffset + i,
              now - (i % 500),
              TimestampType.CREATE_TIME,
              0,
              0,
              null,
              new byte[0],
              headers,
              Optional.empty()));
    }
    return new ConsumerRecords<>(Map.of(new TopicPartition("out", 0), records), Map.of());
  }
}
