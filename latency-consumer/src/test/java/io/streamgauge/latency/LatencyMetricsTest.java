package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyMetricsTest {

  private static List<Double> appInputLag(LatencyMetrics metrics) {
    for (MetricSnapshot snapshot : metrics.registry.scrape()) {
      if (snapshot.getMetadata().getName().equals("sg_latency_app_input_lag")) {
        return ((GaugeSnapshot) snapshot)
            .getDataPoints().stream().map(GaugeSnapshot.GaugeDataPointSnapshot::getValue).toList();
      }
    }
    throw new AssertionError("sg_latency_app_input_lag is not registered");
  }

  /**
   * Before the app's group first committed there is no lag to report: 0 would read as "caught up"
   * (an app that never commits would pass the lag-growth check) and would start the window's lag
   * slope from nothing.
   */
  @Test
  void theAppsInputLagIsAbsentUntilItsFirstSampleThenTheLastOne() {
    LatencyMetrics metrics = new LatencyMetrics(false);

    assertThat(appInputLag(metrics)).as("no sample yet: no value, not 0").isEmpty();

    metrics.setAppInputLag(4_254);
    metrics.setAppInputLag(371);

    assertThat(appInputLag(metrics)).containsExactly(371.0);
  }
}
