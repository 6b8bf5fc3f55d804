package io.streamgauge.latency;

import io.streamgauge.common.RecordHeaders;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Records each consumed record's latency into its topic's window, and its sequence into the
 * window's integrity tracker. The consumer thread records whole poll batches under a lock that
 * {@link #read} also takes, so a results snapshot is always consistent. Recording a record
 * allocates nothing.
 */
final class LatencyRecorder {

  private final Map<String, TopicRecorder> topics = new HashMap<>();
  private volatile Windows windows;

  LatencyRecorder(List<String> topicNames, LatencyMetrics metrics, Windows windows) {
    topicNames.forEach(t -> topics.put(t, metrics.topic(t)));
    this.windows = windows;
  }

  Windows windows() {
    return windows;
  }

  void setWindows(Windows windows) {
    this.windows = windows;
  }

  /** Records a poll batch received at {@code receiptMicros} (epoch microseconds). */
  synchronized void record(ConsumerRecords<byte[], byte[]> records, long receiptMicros) {
    Windows w = windows;
    for (ConsumerRecord<byte[], byte[]> r : records) {
      TopicRecorder t = topics.get(r.topic());
      if (t != null) {
        record(t, w, r, receiptMicros);
      }
    }
  }

  private static void record(
      TopicRecorder t, Windows w, ConsumerRecord<byte[], byte[]> r, long receiptMicros) {
    long timestamp = r.timestamp();
    long latencyMicros = receiptMicros - timestamp * 1000;
    t.consumed++;
    t.consumedMetric.inc();
    if (latencyMicros < 0) {
      t.negativeMetric.inc();
    } else {
      t.latencyMetric.observe(latencyMicros / 1e6);
    }
    switch (w.slot(timestamp)) {
      case WARMUP -> {
        t.warmup.record(latencyMicros);
        integrity(t.warmupIntegrity, r.headers());
      }
      case MEASUREMENT -> {
        t.measurement.record(latencyMicros);
        integrity(t.measurementIntegrity, r.headers());
      }
      case BEFORE -> t.beforeWindows++;
      case AFTER -> t.afterWindows++;
    }
  }

  private static void integrity(IntegrityTracker tracker, Headers headers) {
    tracker.record(
        value(headers.lastHeader(RecordHeaders.PRODUCER_ID)),
        value(headers.lastHeader(RecordHeaders.SOURCE)),
        RecordHeaders.decodeSequence(value(headers.lastHeader(RecordHeaders.SEQUENCE))));
  }

  private static byte[] value(Header header) {
    return header == null ? null : header.value();
  }

  /** Runs {@code reader} over the topics while no batch is being recorded. */
  synchronized <T> T read(java.util.function.Function<Map<String, TopicRecorder>, T> reader) {
    return reader.apply(topics);
  }
}
