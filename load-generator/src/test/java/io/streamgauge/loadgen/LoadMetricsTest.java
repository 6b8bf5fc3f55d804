package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class LoadMetricsTest {

  private static final long SECOND = 1_000_000_000L;

  /**
   * {@code sg_loadgen_target_rate} follows the schedule: over a ramp-up the dashboards' target line
   * rises with the load instead of showing the full rate from the first second.
   */
  @Test
  void theTargetRateRisesOverTheRampUpAndIsZeroWhilePrepopulating() {
    LoadMetrics metrics = new LoadMetrics(false);
    AtomicLong elapsed = new AtomicLong();
    metrics.targetRate(
        List.of(
            load(metrics, "ramped", new SendSchedule(1000, 10 * SECOND)),
            load(metrics, "flat", new SendSchedule(400, 0)),
            load(metrics, "prepopulated", new SendSchedule(Double.POSITIVE_INFINITY, 0))),
        elapsed::get);

    assertThat(targetRates(metrics))
        .containsEntry("ramped", 0.0)
        .containsEntry("flat", 400.0)
        .containsEntry("prepopulated", 0.0);
    elapsed.set(4 * SECOND);
    assertThat(targetRates(metrics)).containsEntry("ramped", 400.0).containsEntry("flat", 400.0);
    elapsed.set(30 * SECOND);
    assertThat(targetRates(metrics)).containsEntry("ramped", 1000.0);
  }

  private static TopicLoad load(LoadMetrics metrics, String topic, SendSchedule schedule) {
    return new TopicLoad(
        topic,
        1,
        schedule,
        Long.MAX_VALUE,
        new RecordFactory(
            1,
            "p",
            topic,
            new Workload.Record(
                "bytes", new Workload.ValueSize(1, null, null, null), 1L, null, null, null)),
        "p",
        false,
        new SendWindow(),
        null,
        metrics.topic(topic, new SendWindow()));
  }

  private static Map<String, Double> targetRates(LoadMetrics metrics) {
    GaugeSnapshot gauge =
        (GaugeSnapshot)
            metrics.registry.scrape().stream()
                .filter(s -> s.getMetadata().getName().equals("sg_loadgen_target_rate"))
                .findFirst()
                .orElseThrow();
    return gauge.getDataPoints().stream()
        .collect(
            Collectors.toMap(p -> p.getLabels().get("topic"), GaugeDataPointSnapshot::getValue));
  }
}
