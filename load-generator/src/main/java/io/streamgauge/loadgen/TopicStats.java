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
  private final CounterDataPoint ackedMetric;
  private final CounterDataPoint failedMetric;
  private volatile String lastError;

  TopicStats(CounterDataPoint ackedMetric, CounterDataPoint failedMetric) {
    this.ackedMetric = ackedMetric;
    this.failedMetric = failedMetric;
  }

  @Override
  public void onCompletion(RecordMetadata metadata, Exception exception) {
    if (exception == null) {
      acked.increment();
      ackedMetric.inc();
    } else {
      recordFailure(exception);
    }
  }

  /** A record that failed before or after reaching the producer. */
  void recordFailure(Exception exception) {
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

  String lastError() {
    return lastError;
  }
}
