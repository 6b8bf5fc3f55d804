package io.streamgauge.loadgen;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * Counts of one topic: records handed to the producer, acknowledged and failed. One instance is the
 * send callback of every record of its topic, so counting allocates nothing per record.
 */
final class TopicStats implements Callback {

  private final LongAdder acked = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder failedInWindow = new LongAdder();
  private final LongAdder failedUntimed = new LongAdder();
  private final SendWindow window;
  private final CounterDataPoint ackedMetric;
  private final CounterDataPoint failedMetric;
  private final CounterDataPoint bytesMetric;
  private volatile String lastError;

  TopicStats(
      CounterDataPoint ackedMetric, CounterDataPoint failedMetric, CounterDataPoint bytesMetric) {
    this(ackedMetric, failedMetric, bytesMetric, new SendWindow());
  }

  /**
   * As above, counting failures of records intended inside {@code window} apart.
   *
   * @param bytesMetric the serialized key and value bytes of acknowledged records
   */
  TopicStats(
      CounterDataPoint ackedMetric,
      CounterDataPoint failedMetric,
      CounterDataPoint bytesMetric,
      SendWindow window) {
    this.ackedMetric = ackedMetric;
    this.failedMetric = failedMetric;
    this.bytesMetric = bytesMetric;
    this.window = window;
  }

  @Override
  public void onCompletion(RecordMetadata metadata, Exception exception) {
    if (exception == null) {
      acked.increment();
      ackedMetric.inc();
      // -1 stands for a null key or value.
      bytesMetric.inc(
          Math.max(0, metadata.serializedKeySize()) + Math.max(0, metadata.serializedValueSize()));
    } else {
      recordFailure(
          exception, metadata == null || !metadata.hasTimestamp() ? -1 : metadata.timestamp());
    }
  }

  /**
   * A record that failed before or after reaching the producer.
   *
   * @param timestampMs its intended time, or -1 when the producer did not say
   */
  void recordFailure(Exception exception, long timestampMs) {
    if (timestampMs < 0) {
      failedUntimed.increment();
    } else if (window.contains(timestampMs)) {
      failedInWindow.increment();
    }
    recordFailure(exception);
  }

  private void recordFailure(Exception exception) {
    failed.increment();
    failedMetric.inc();
    lastError = exception.getClass().getSimpleName() + ": " + exception.getMessage();
  }

  long acked() {
    return acked.sum();
  }

  long failed() {
    return failed.sum();
  }

  /** Failed records intended inside the measurement window. */
  long failedInWindow() {
    return failedInWindow.sum();
  }

  /** Failed records whose intended time the producer did not report. */
  long failedUntimed() {
    return failedUntimed.sum();
  }

  String lastError() {
    return lastError;
  }
}
