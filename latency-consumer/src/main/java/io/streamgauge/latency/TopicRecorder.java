package io.streamgauge.latency;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;

/** Everything recorded for one output topic. Used under the {@link LatencyRecorder}'s lock. */
final class TopicRecorder {

  final String topic;
  final WindowStats warmup = new WindowStats();
  final WindowStats measurement = new WindowStats();
  final IntegrityTracker warmupIntegrity = new IntegrityTracker();
  final IntegrityTracker measurementIntegrity = new IntegrityTracker();
  final CounterDataPoint consumedMetric;
  final CounterDataPoint negativeMetric;
  final DistributionDataPoint latencyMetric;
  long consumed;
  long beforeWindows;
  long afterWindows;

  TopicRecorder(
      String topic,
      CounterDataPoint consumedMetric,
      CounterDataPoint negativeMetric,
      DistributionDataPoint latencyMetric) {
    this.topic = topic;
    this.consumedMetric = consumedMetric;
    this.negativeMetric = negativeMetric;
    this.latencyMetric = latencyMetric;
  }
}
