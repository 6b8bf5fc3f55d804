package io.streamgauge.latency;

/**
 * Everything recorded for one output topic: the windows' histograms and integrity, counters, and a
 * live histogram of every record (any window) that the /metrics endpoint turns into Prometheus
 * buckets at scrape time, so no metric is touched per record. Used under the {@link
 * LatencyRecorder}'s lock.
 */
final class TopicRecorder {

  final String topic;
  final WindowStats warmup = new WindowStats();
  final WindowStats measurement = new WindowStats();
  final WindowStats live = new WindowStats();
  final IntegrityTracker warmupIntegrity = new IntegrityTracker();
  final IntegrityTracker measurementIntegrity = new IntegrityTracker();
  long consumed;
  long consumedBytes;
  long beforeWindows;
  long afterWindows;
  long liveSumMicros;

  /** The measurement window's latencies per second, or null when not kept. */
  SecondHistograms measurementSeconds;

  /** The stages of the records' latency, or null when not kept. */
  StageStats stages;

  /** Where a record's matched times go: {@link #stages}, by the record's window. */
  StageMatch.Sink stageSink;

  TopicRecorder(String topic) {
    this.topic = topic;
  }
}
