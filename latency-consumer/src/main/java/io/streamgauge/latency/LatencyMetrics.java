package io.streamgauge.latency;

import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * The live series for dashboards. Consumed and negative counts and the latency histogram are read
 * from the recorder at scrape time (buckets counted from its live HdrHistogram, to its 3
 * significant digits), so the per-record path touches no metric; the exact figures come from
 * /results.
 */
final class LatencyMetrics {

  /** 1 ms to 10 s, the range end-to-end latencies of stream processors live in. */
  static final double[] BUCKETS = {
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.075,
    0.1,
    0.15,
    0.2,
    0.25,
    0.3,
    0.4,
    0.5,
    0.75,
    1,
    1.5,
    2,
    2.5,
    3,
    4,
    5,
    7.5,
    10,
    Double.POSITIVE_INFINITY
  };

  final PrometheusRegistry registry = new PrometheusRegistry();
  final Gauge lag =
      Gauge.builder()
          .name("sg_latency_consumer_lag")
          .help("Records behind the end of the output topics, summed over partitions")
          .register(registry);

  /**
   * The app's input lag as last sampled; null until the first sample. A gauge set to it would read
   * 0 until then (a metric without labels is exported from its creation), which says "no lag" for
   * an app that has not committed yet — or never does — and drags the window's lag slope.
   */
  private final AtomicReference<Double> appInputLag = new AtomicReference<>();

  LatencyMetrics(boolean jvmMetrics) {
    GaugeWithCallback.builder()
        .name("sg_latency_app_input_lag")
        .help(
            "Records of the app's input topics its consumer group has not committed, summed over"
                + " the partitions it has committed; absent until the group first committed")
        .callback(
            gauge -> {
              Double sampled = appInputLag.get();
              if (sampled != null) {
                gauge.call(sampled);
              }
            })
        .register(registry);
    if (jvmMetrics) {
      JvmMetrics.builder().register(registry);
    }
  }

  /** Sets the app's input lag {@code sg_latency_app_input_lag} exports from now on. */
  void setAppInputLag(double lag) {
    appInputLag.set(lag);
  }

  /** The app's input lag as last sampled, or empty before the group's first commit. */
  Optional<Double> appInputLag() {
    return Optional.ofNullable(appInputLag.get());
  }

  /** Exposes {@code recorder}'s counts on /metrics. */
  void expose(LatencyRecorder recorder) {
    registry.register((MultiCollector) () -> recorder.read(topics -> snapshot(topics.values())));
  }

  private static MetricSnapshots snapshot(Iterable<TopicRecorder> topics) {
    List<CounterSnapshot.CounterDataPointSnapshot> consumed = new ArrayList<>();
    List<CounterSnapshot.CounterDataPointSnapshot> bytes = new ArrayList<>();
    List<CounterSnapshot.CounterDataPointSnapshot> negative = new ArrayList<>();
    List<HistogramSnapshot.HistogramDataPointSnapshot> latency = new ArrayList<>();
    List<HistogramSnapshot.HistogramDataPointSnapshot> stages = new ArrayList<>();
    for (TopicRecorder t : topics) {
      Labels labels = Labels.of("topic", t.topic);
      consumed.add(new CounterSnapshot.CounterDataPointSnapshot(t.consumed, labels, null, 0));
      bytes.add(new CounterSnapshot.CounterDataPointSnapshot(t.consumedBytes, labels, null, 0));
      negative.add(new CounterSnapshot.CounterDataPointSnapshot(t.live.negative, labels, null, 0));
      latency.add(
          new HistogramSnapshot.HistogramDataPointSnapshot(
              buckets(t.live.histogram), t.liveSumMicros / 1e6, labels, Exemplars.EMPTY, 0));
      if (t.stages != null) {
        for (StageStats.Stage stage : StageStats.Stage.values()) {
          stages.add(
              new HistogramSnapshot.HistogramDataPointSnapshot(
                  buckets(t.stages.live[stage.ordinal()].histogram),
                  t.stages.liveSumMicros[stage.ordinal()] / 1e6,
                  Labels.of("topic", t.topic, "stage", stage.key),
                  Exemplars.EMPTY,
                  0));
        }
      }
    }
    return MetricSnapshots.of(
        new CounterSnapshot(
            new MetricMetadata(
                "sg_latency_records_consumed", "Records read from the output topics"),
            consumed),
        new CounterSnapshot(
            new MetricMetadata(
                "sg_latency_bytes_consumed",
                "Serialized key and value bytes of the records read from the output topics"),
            bytes),
        new CounterSnapshot(
            new MetricMetadata(
                "sg_latency_negative",
                "Records whose timestamp is after their receipt (clock skew)"),
            negative),
        new HistogramSnapshot(
            new MetricMetadata(
                "sg_latency_e2e_seconds",
                "Receipt time minus record timestamp (intended send time)"),
            latency),
        new HistogramSnapshot(
            new MetricMetadata(
                "sg_latency_stage_seconds",
                "The end-to-end latency by stage: publishDelay (the generator's send minus the"
                    + " intended time), throughApp (until the output record was written), commitWait"
                    + " (until it was committed)"),
            stages));
  }

  private static ClassicHistogramBuckets buckets(Histogram micros) {
    long[] counts = new long[BUCKETS.length];
    long below = 0;
    for (int i = 0; i < BUCKETS.length; i++) {
      long upTo =
          Double.isInfinite(BUCKETS[i])
              ? micros.getTotalCount()
              : micros.getCountBetweenValues(0, (long) (BUCKETS[i] * 1e6));
      counts[i] = upTo - below;
      below = upTo;
    }
    return ClassicHistogramBuckets.of(BUCKETS, counts);
  }
}
