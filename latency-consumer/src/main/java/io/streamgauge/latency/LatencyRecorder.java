package io.streamgauge.latency;

import io.streamgauge.common.RecordHeaders;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

/**
 * Records each consumed record's latency into its topic's window, and its trace into the window's
 * integrity tracker. The consumer thread records whole poll batches under a lock that {@link #read}
 * also takes, so a results snapshot (and a /metrics scrape) is always consistent. Recording a
 * record allocates nothing and touches no shared counter.
 */
final class LatencyRecorder {

  private final Map<String, TopicRecorder> topics = new HashMap<>();
  private final PartitionWatermarks watermarks = new PartitionWatermarks();
  private final SentReports sentReports = new SentReports();
  private final int producers;
  private final boolean integrity;
  private final Stages stages;
  private volatile Windows windows;

  /**
   * Whether the stages of each record's latency are kept ({@link StageStats}), and where its
   * written time comes from.
   */
  enum Stages {
    /** Not kept. */
    OFF("off"),
    /** A second reader at read_uncommitted reports when each record was written. */
    WRITTEN_READER("writtenReader"),
    /** The consumer itself reads uncommitted: a record's receipt is when it was written. */
    RECEIPT("receipt");

    /** The name in the results document. */
    final String key;

    Stages(String key) {
      this.key = key;
    }
  }

  /**
   * @param integrity whether to track sequence numbers (off: the trace header is never read)
   */
  LatencyRecorder(List<String> topicNames, Windows windows, boolean integrity) {
    this(topicNames, windows, integrity, 0);
  }

  /**
   * @param integrity whether to track sequence numbers (off: the trace header is never read)
   * @param producers how many load generators report what they sent (0: unknown), which the
   *     window's tail waits for when integrity is tracked
   */
  LatencyRecorder(List<String> topicNames, Windows windows, boolean integrity, int producers) {
    this(topicNames, windows, integrity, producers, Stages.OFF);
  }

  /**
   * @param integrity whether to track sequence numbers (off: the trace header is never read)
   * @param producers how many load generators report what they sent (0: unknown), which the
   *     window's tail waits for when integrity is tracked
   * @param stages whether and how the stages of each record's latency are kept
   */
  LatencyRecorder(
      List<String> topicNames, Windows windows, boolean integrity, int producers, Stages stages) {
    this.integrity = integrity;
    this.producers = producers;
    this.stages = stages;
    for (String name : topicNames) {
      TopicRecorder t = new TopicRecorder(name);
      if (stages != Stages.OFF) {
        StageStats s = new StageStats();
        t.stages = s;
        t.stageSink =
            (written, committed, timestampMs, publishMicros) ->
                s.record(
                    this.windows.slot(timestampMs) == Windows.Slot.MEASUREMENT,
                    written,
                    committed,
                    timestampMs,
                    publishMicros);
      }
      topics.put(name, t);
    }
    this.windows = windows;
  }

  /** Whether and how the stages of each record's latency are kept. */
  Stages stages() {
    return stages;
  }

  boolean tracksIntegrity() {
    return integrity;
  }

  Windows windows() {
    return windows;
  }

  /**
   * Sets the windows once: the same windows again are accepted, different ones are not (records
   * already placed in a window would be counted against another).
   *
   * @return false when other windows are already set
   */
  synchronized boolean setWindows(Windows windows) {
    if (this.windows.equals(Windows.UNSET) || this.windows.equals(windows)) {
      this.windows = windows;
      return true;
    }
    return false;
  }

  /**
   * Keeps the measurement window's latencies per second as well (for runs with faults, cut
   * afterwards into segments); call before the first record.
   */
  synchronized void keepSeconds() {
    topics.values().forEach(t -> t.measurementSeconds = new SecondHistograms());
  }

  /** Records a poll batch received at {@code receiptMicros} (epoch microseconds). */
  synchronized void record(ConsumerRecords<byte[], byte[]> records, long receiptMicros) {
    watermarks.update(records);
    Windows w = windows;
    String lastTopic = null;
    TopicRecorder t = null;
    for (ConsumerRecord<byte[], byte[]> r : records) {
      // Records come in runs of one partition sharing one topic String: skip the map lookup.
      if (r.topic() != lastTopic) {
        lastTopic = r.topic();
        t = topics.get(lastTopic);
      }
      if (t != null) {
        // The trace header is read once, for the integrity and the stages alike.
        byte[] trace = integrity || t.stages != null ? RecordHeaders.trace(r.headers()) : null;
        record(t, w, r, receiptMicros, integrity, trace);
        if (t.stages != null) {
          recordStages(t, r, receiptMicros, trace);
        }
      }
    }
  }

  /**
   * Records a poll batch of the written reader (read_uncommitted), received at {@code
   * receiptMicros}: when each record was first readable.
   */
  synchronized void recordWritten(ConsumerRecords<byte[], byte[]> records, long receiptMicros) {
    String lastTopic = null;
    TopicRecorder t = null;
    for (ConsumerRecord<byte[], byte[]> r : records) {
      if (r.topic() != lastTopic) {
        lastTopic = r.topic();
        t = topics.get(lastTopic);
      }
      if (t != null && t.stages != null) {
        t.stages.partition(r.partition()).written(r.offset(), receiptMicros, t.stageSink);
      }
    }
  }

  private void recordStages(
      TopicRecorder t, ConsumerRecord<byte[], byte[]> r, long receiptMicros, byte[] trace) {
    long publishMicros = trace == null ? -1 : RecordHeaders.publishDelayMicros(trace);
    if (stages == Stages.RECEIPT) {
      t.stageSink.matched(receiptMicros, receiptMicros, r.timestamp(), publishMicros);
    } else {
      t.stages
          .partition(r.partition())
          .committed(r.offset(), receiptMicros, r.timestamp(), publishMicros, t.stageSink);
    }
  }

  private static void record(
      TopicRecorder t,
      Windows w,
      ConsumerRecord<byte[], byte[]> r,
      long receiptMicros,
      boolean integrity,
      byte[] trace) {
    long timestamp = r.timestamp();
    long latencyMicros = receiptMicros - timestamp * 1000;
    t.consumed++;
    // -1 stands for a null key or value.
    t.consumedBytes += Math.max(0, r.serializedKeySize()) + Math.max(0, r.serializedValueSize());
    t.live.record(latencyMicros);
    if (latencyMicros > 0) {
      t.liveSumMicros += latencyMicros;
    }
    switch (w.slot(timestamp)) {
      case WARMUP -> {
        t.warmup.record(latencyMicros);
        if (integrity) {
          t.warmupIntegrity.record(trace);
        }
      }
      case MEASUREMENT -> {
        t.measurement.record(latencyMicros);
        if (t.measurementSeconds != null) {
          t.measurementSeconds.record(timestamp, latencyMicros);
        }
        if (integrity) {
          t.measurementIntegrity.record(trace);
        }
      }
      case BEFORE -> t.beforeWindows++;
      case AFTER -> t.afterWindows++;
    }
  }

  /** Runs {@code reader} over the topics while no batch is being recorded. */
  synchronized <T> T read(java.util.function.Function<Map<String, TopicRecorder>, T> reader) {
    return reader.apply(topics);
  }

  /**
   * Takes a load generator's report of what it sent inside the window.
   *
   * @throws IllegalArgumentException when it is malformed
   */
  synchronized void addSentReport(com.fasterxml.jackson.databind.JsonNode report) {
    sentReports.add(report);
  }

  /** The load generators' reports; read under this lock (inside {@link #read}). */
  synchronized SentReports sentReports() {
    return sentReports;
  }

  /**
   * The partitions still behind the measurement window's end, how many carried records, and with
   * integrity how many load generators have not yet reported what they sent.
   */
  synchronized Tail tail() {
    Windows w = windows;
    return new Tail(
        w.isSet(),
        watermarks.partitions(),
        w.isSet() ? watermarks.behind(w.measurementEndMs()) : List.of(),
        integrity ? Math.max(0, producers - sentReports.size()) : 0);
  }

  /**
   * Whether the measurement window's last records can have arrived.
   *
   * @param windowsSet whether there is a window at all
   * @param partitions how many output partitions carried records
   * @param behind the partitions among them with no record stamped at or after the window's end
   * @param reportsMissing load generators whose report of what they sent has not come
   */
  record Tail(boolean windowsSet, int partitions, List<String> behind, int reportsMissing) {
    /**
     * Every partition carrying records is past the window's end (at least one is), every report is
     * in.
     */
    boolean complete() {
      return windowsSet && partitions > 0 && behind.isEmpty() && reportsMissing == 0;
    }
  }
}
