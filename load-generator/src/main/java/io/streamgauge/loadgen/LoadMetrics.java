package io.streamgauge.loadgen;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The load generator's metrics: Prometheus series for dashboards, and an exact HdrHistogram of
 * publish delay (actual minus intended send time) for the final report. Publish delay is recorded
 * only by the sending thread.
 */
final class LoadMetrics {

  private static final double[] DELAY_BUCKETS = {
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10
  };

  final PrometheusRegistry registry = new PrometheusRegistry();
  private final Counter sent =
      Counter.builder()
          .name("sg_loadgen_records_sent_total")
          .help("Records acknowledged by Kafka")
          .labelNames("topic")
          .register(registry);
  private final Counter failed =
      Counter.builder()
          .name("sg_loadgen_records_failed_total")
          .help("Records that failed to send (synchronously or in the callback)")
          .labelNames("topic")
          .register(registry);
  private final Counter bytesSent =
      Counter.builder()
          .name("sg_loadgen_bytes_sent_total")
          .help("Serialized key and value bytes of the records acknowledged by Kafka")
          .labelNames("topic")
          .register(registry);
  private final io.prometheus.metrics.core.metrics.Histogram publishDelay =
      io.prometheus.metrics.core.metrics.Histogram.builder()
          .name("sg_loadgen_publish_delay_seconds")
          .help("Actual minus intended send time of each record")
          .classicUpperBounds(DELAY_BUCKETS)
          .classicOnly()
          .register(registry);
  private final io.prometheus.metrics.core.metrics.Histogram stall =
      io.prometheus.metrics.core.metrics.Histogram.builder()
          .name("sg_loadgen_stall_seconds")
          .help(
              "How late a thread of the load generator that only sleeps 1 ms at a time woke, once"
                  + " per millisecond a pause covered: the publish delay its JVM and machine alone"
                  + " would have caused")
          .classicUpperBounds(DELAY_BUCKETS)
          .classicOnly()
          .register(registry);
  private final org.HdrHistogram.Histogram delayMicros =
      new org.HdrHistogram.Histogram(TimeUnit.HOURS.toMicros(1), 3);

  LoadMetrics(boolean jvmMetrics) {
    if (jvmMetrics) {
      JvmMetrics.builder().register(registry);
    }
  }

  TopicStats topic(String name, SendWindow window) {
    return new TopicStats(
        sent.labelValues(name), failed.labelValues(name), bytesSent.labelValues(name), window);
  }

  /**
   * The rate per topic this instance's schedule runs at now: rising over its ramp-up, then the
   * configured rate; 0 when prepopulating (unpaced).
   */
  void targetRate(List<TopicLoad> topics, LongSupplier elapsedNanos) {
    GaugeWithCallback.builder()
        .name("sg_loadgen_target_rate")
        .help(
            "Records per second this instance's schedule runs at now: rising linearly over its"
                + " ramp-up, then the configured rate (0 when prepopulating)")
        .labelNames("topic")
        .callback(
            cb -> {
              long elapsed = elapsedNanos.getAsLong();
              topics.forEach(
                  t -> {
                    double rate = t.targetRateAt(elapsed);
                    cb.call(Double.isInfinite(rate) ? 0 : rate, t.name);
                  });
            })
        .register(registry);
  }

  /** Achieved rate per topic: acknowledged records over the time since start. */
  void achievedRate(List<TopicLoad> topics, LongSupplier elapsedNanos) {
    GaugeWithCallback.builder()
        .name("sg_loadgen_achieved_rate")
        .help("Acknowledged records per second since the start")
        .labelNames("topic")
        .callback(
            cb -> {
              double seconds = Math.max(1e-9, elapsedNanos.getAsLong() / 1e9);
              topics.forEach(t -> cb.call(t.stats.acked() / seconds, t.name));
            })
        .register(registry);
  }

  void publishDelay(long nanos) {
    long clamped = Math.max(0, nanos);
    delayMicros.recordValue(Math.min(clamped / 1000, delayMicros.getHighestTrackableValue()));
    publishDelay.observe(clamped / 1e9);
  }

  /** One reading of the {@link StallMeter}, in nanoseconds late. */
  void stall(long nanos) {
    stall.observe(nanos / 1e9);
  }

  org.HdrHistogram.Histogram delayMicros() {
    return delayMicros;
  }
}
