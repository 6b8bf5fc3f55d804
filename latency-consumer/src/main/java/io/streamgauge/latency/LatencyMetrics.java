package io.streamgauge.latency;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/** The live series for dashboards; the exact figures come from /results. */
final class LatencyMetrics {

  /** 1 ms to 10 s, the range end-to-end latencies of stream processors live in. */
  private static final double[] BUCKETS = {
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1,
    1.5, 2, 2.5, 3, 4, 5, 7.5, 10
  };

  final PrometheusRegistry registry = new PrometheusRegistry();
  final Counter consumed =
      Counter.builder()
          .name("sg_latency_records_consumed_total")
          .help("Records read from the output topics")
          .labelNames("topic")
          .register(registry);
  final Counter negative =
      Counter.builder()
          .name("sg_latency_negative_total")
          .help("Records whose timestamp is after their receipt (clock skew)")
          .labelNames("topic")
          .register(registry);
  final Histogram latency =
      Histogram.builder()
          .name("sg_latency_e2e_seconds")
          .help("Receipt time minus record timestamp (intended send time)")
          .labelNames("topic")
          .classicUpperBounds(BUCKETS)
          .classicOnly()
          .register(registry);
  final Gauge lag =
      Gauge.builder()
          .name("sg_latency_consumer_lag")
          .help("Records behind the end of the output topics, summed over partitions")
          .register(registry);

  LatencyMetrics(boolean jvmMetrics) {
    if (jvmMetrics) {
      JvmMetrics.builder().register(registry);
    }
  }

  TopicRecorder topic(String name) {
    return new TopicRecorder(
        name, consumed.labelValues(name), negative.labelValues(name), latency.labelValues(name));
  }
}
