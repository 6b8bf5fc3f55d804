package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.MetricQueries;
import org.junit.jupiter.api.Test;

class AppProfileResolverTest {

  @Test
  void noProfileMeansPrometheusJvm() {
    assertThat(AppProfileResolver.resolve(null)).isEqualTo(MetricProfiles.PROMETHEUS_JVM);
    assertThat(AppProfileResolver.resolve(new AppMetricsSpec()))
        .isEqualTo(MetricProfiles.PROMETHEUS_JVM);
  }

  @Test
  void anUnknownProfileNamesTheFieldAndTheKnownOnes() {
    AppMetricsSpec spec = new AppMetricsSpec();
    spec.setProfile("dropwizard");

    assertThatThrownBy(() -> AppProfileResolver.resolve(spec))
        .hasMessage(
            "spec.app.metrics.profile: unknown profile 'dropwizard' (known: cadvisor, process,"
                + " prometheus-jvm, simpleclient-hotspot, jmx-exporter, micrometer, streamgauge,"
                + " streamgauge-app)");
  }

  @Test
  void customQueriesReplaceAndAddToTheProfile() {
    AppMetricsSpec spec = new AppMetricsSpec();
    spec.setProfile("process");
    MetricQueries queries = new MetricQueries();
    queries.setHeapBytes("sum(my_heap_bytes{$selector})");
    queries.setCpuCores("sum(rate(my_cpu_seconds_total{$selector}[$window]))");
    spec.setQueries(queries);

    MetricProfile profile = AppProfileResolver.resolve(spec);

    assertThat(profile.name()).isEqualTo("process+custom");
    assertThat(profile.queries())
        .containsEntry(Figure.HEAP_BYTES, "sum(my_heap_bytes{$selector})")
        .containsEntry(Figure.CPU_CORES, "sum(rate(my_cpu_seconds_total{$selector}[$window]))")
        .containsEntry(
            Figure.MEMORY_BYTES, MetricProfiles.PROCESS.queries().get(Figure.MEMORY_BYTES))
        .doesNotContainKey(Figure.THREADS);
  }
}
