package io.streamgauge.loadgen;

import io.streamgauge.common.LoadShape;
import io.streamgauge.common.RecordHeaders;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.utils.Utils;

/**
 * The schedule and state of one topic: record {@code i} is due when its {@link SendSchedule} says;
 * with tracing, each record gets the next sequence number of its partition.
 */
final class TopicLoad {

  final String name;
  final TopicStats stats;
  private final int partitions;
  private final SendSchedule schedule;
  private final long limit;
  private final RecordSource records;
  private final long[] sequences;
  private final byte[][] streamIds;
  private final boolean trace;
  private final SendWindow window;
  private final long[] windowFirst;
  private final long[] windowLast;
  private volatile long lastIntendedMs = Long.MIN_VALUE;
  private long index;
  private final List<LoadShape.Piece> shapeCycle;
  private boolean shaped;

  /**
   * @param schedule when each record is due: this instance's rate, and its ramp-up
   * @param limit records to send at most ({@code Long.MAX_VALUE}: no limit)
   * @param trace whether each record carries the {@code sg} trace header
   * @param window the measurement window, once known: traced records intended inside it are tracked
   *     per partition (first and last sequence number)
   * @param shapeCycle one cycle of the window's load shape, or null for the constant rate
   */
  TopicLoad(
      String name,
      int partitions,
      SendSchedule schedule,
      long limit,
      RecordSource records,
      String producerId,
      boolean trace,
      SendWindow window,
      List<LoadShape.Piece> shapeCycle,
      TopicStats stats) {
    this.name = name;
    this.partitions = partitions;
    this.schedule = schedule;
    this.limit = limit;
    this.records = records;
    this.sequences = new long[partitions];
    this.streamIds = new byte[partitions][];
    for (int p = 0; p < partitions; p++) {
      streamIds[p] = RecordHeaders.streamId(producerId, name, p);
    }
    this.trace = trace;
    this.window = window;
    this.windowFirst = new long[partitions];
    this.windowLast = new long[partitions];
    java.util.Arrays.fill(windowFirst, -1);
    java.util.Arrays.fill(windowLast, -1);
    this.stats = stats;
    this.shapeCycle = shapeCycle;
  }

  /**
   * Shapes the schedule's measurement window once the window is known, on the sending thread.
   *
   * @param startEpochNanos the wall-clock time of the schedule's start
   */
  void shapeOnceWindowKnown(long startEpochNanos) {
    if (shapeCycle == null || shaped || !window.isSet()) {
      return;
    }
    shaped = true;
    long startMs = window.startMs();
    LoadShape shape = LoadShape.over(shapeCycle, (window.endMs() - startMs) / 1000.0);
    schedule.shapeFrom(startMs * 1_000_000L - startEpochNanos, shape, index);
  }

  /** Configured records per second of this instance after its ramp (infinite when unpaced). */
  double targetRate() {
    return schedule.ratePerSecond();
  }

  /** The rate this instance's schedule runs at {@code nanos} after the start. */
  double targetRateAt(long nanos) {
    return schedule.rateAt(nanos);
  }

  /** Nanoseconds after the start at which the next record is due. */
  long nextDueOffset() {
    return schedule.dueOffset(index);
  }

  /** True while records remain under the limit. */
  boolean hasNext() {
    return index < limit;
  }

  /** Records due in the first {@code nanos} after the start (under the limit). */
  long dueWithin(long nanos) {
    return schedule.dueWithin(nanos, limit);
  }

  /** Records scheduled so far. */
  long scheduled() {
    return index;
  }

  /**
   * Builds the next record with {@code timestamp} as its (intended) time, sent {@code
   * publishDelayMicros} after it (carried in the trace header), and advances.
   */
  ProducerRecord<byte[], byte[]> next(long timestampMs, long publishDelayMicros) {
    records.advance();
    byte[] key = records.key();
    int partition = Utils.toPositive(Utils.murmur2(key)) % partitions;
    List<Header> headers = List.of();
    if (trace) {
      long sequence = sequences[partition]++;
      headers =
          List.of(
              new RecordHeader(
                  RecordHeaders.TRACE,
                  RecordHeaders.encodeTrace(streamIds[partition], sequence, publishDelayMicros)));
      if (window.contains(timestampMs)) {
        if (windowFirst[partition] < 0) {
          windowFirst[partition] = sequence;
        }
        windowLast[partition] = sequence;
      }
    }
    index++;
    lastIntendedMs = timestampMs;
    return new ProducerRecord<>(name, partition, timestampMs, key, records.value(), headers);
  }

  /** The intended time of the latest record built, or {@code Long.MIN_VALUE} before the first. */
  long lastIntendedMs() {
    return lastIntendedMs;
  }

  /**
   * Per stream id ({@code producerId/topic/partition}) the first and last sequence numbers sent
   * inside the window; streams without any are left out. Read once {@link #lastIntendedMs} is past
   * the window (its volatile write orders these after the records).
   */
  java.util.Map<String, long[]> windowSequences() {
    java.util.Map<String, long[]> streams = new java.util.TreeMap<>();
    for (int p = 0; p < windowFirst.length; p++) {
      if (windowFirst[p] >= 0) {
        streams.put(
            new String(streamIds[p], java.nio.charset.StandardCharsets.UTF_8),
            new long[] {windowFirst[p], windowLast[p]});
      }
    }
    return streams;
  }
}
