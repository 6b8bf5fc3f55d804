package io.streamgauge.localrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CleanupPolicy;
import io.streamgauge.api.spec.PrometheusSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.testing.Specs;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LocalSpecAdapterTest {

  private final BenchmarkRunSpec written = Specs.minimal(Scenario.WORDCOUNT);

  @Test
  void catchUpWindowsRatesAndScrapeIntervalFollowTheOptions() {
    BenchmarkRunSpec spec =
        LocalSpecAdapter.adapt(
            written,
            new LocalOptions(
                Duration.ofMinutes(1),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                Duration.ofMinutes(1),
                null,
                0.25,
                Duration.ofSeconds(5),
                null));

    assertThat(spec.getSchedule().getWarmup()).isEqualTo("30s");
    assertThat(spec.getSchedule().getMeasurement()).isEqualTo("1m");
    assertThat(spec.getSchedule().getCatchUp()).isEqualTo("1m");
    assertThat(spec.getSchedule().getCatchUpHold()).isEqualTo("5s");
    assertThat(spec.getSchedule().getTimeout()).as("catch-up + windows + 10m").isEqualTo("12m30s");
    assertThat(spec.getLoad().getTopics().get(0).getRatePerSecond()).isEqualTo(7_500 * 0.25);
    assertThat(spec.getPrometheus().getScrapeInterval()).isEqualTo("5s");
    assertThat(spec.getPrometheus().getResolution()).isEqualTo("5s");
    assertThat(spec.getCleanup().getPolicy())
        .as("the CLI stops every process itself, after reading what it can")
        .isEqualTo(CleanupPolicy.Never);
    assertThat(written.getLoad()).as("the written spec is not changed").isNull();
  }

  /**
   * Without --scrape-interval a spec that sets its own scrape interval is scraped at it (its lag
   * trend may need it), and one that does not at the local default, not the cluster's 10 s.
   */
  @Test
  void withoutTheOptionTheSpecsScrapeIntervalHoldsElseFiveSeconds() {
    LocalOptions noInterval = new LocalOptions(null, null, null, null, null, 1.0, null, null);
    assertThat(LocalSpecAdapter.adapt(written, noInterval).getPrometheus().getScrapeInterval())
        .isEqualTo("5s");

    PrometheusSpec prometheus = new PrometheusSpec();
    prometheus.setScrapeInterval("2s");
    written.setPrometheus(prometheus);
    BenchmarkRunSpec spec = LocalSpecAdapter.adapt(written, noInterval);

    assertThat(spec.getPrometheus().getScrapeInterval()).isEqualTo("2s");
    assertThat(spec.getPrometheus().getResolution()).isEqualTo("2s");
    assertThat(
            LocalSpecAdapter.adapt(
                    written,
                    new LocalOptions(
                        null, null, null, null, null, 1.0, Duration.ofSeconds(1), null))
                .getPrometheus()
                .getScrapeInterval())
        .as("the option wins")
        .isEqualTo("1s");
  }

  @Test
  void withoutWindowOptionsTheSpecsWindowsStayAndAnExplicitTimeoutWins() {
    BenchmarkRunSpec spec =
        LocalSpecAdapter.adapt(
            written,
            new LocalOptions(
                null, null, null, null, Duration.ofHours(1), 1.0, Duration.ofSeconds(5), null));

    assertThat(spec.getSchedule().getWarmup()).isEqualTo("10m");
    assertThat(spec.getSchedule().getMeasurement()).isEqualTo("10m");
    assertThat(spec.getSchedule().getTimeout()).isEqualTo("1h");
    assertThat(spec.getLoad().getTopics().get(0).getRatePerSecond()).isEqualTo(7_500.0);
  }

  @Test
  void aTimeoutWrittenInTheSpecIsKept() {
    ScheduleSpec schedule = new ScheduleSpec();
    schedule.setTimeout("2h");
    written.setSchedule(schedule);

    BenchmarkRunSpec spec =
        LocalSpecAdapter.adapt(
            written,
            new LocalOptions(
                null,
                null,
                Duration.ofSeconds(30),
                Duration.ofMinutes(1),
                null,
                1.0,
                Duration.ofSeconds(5),
                null));

    assertThat(spec.getSchedule().getTimeout()).isEqualTo("2h");
    assertThat(spec.getSchedule().getWarmup()).isEqualTo("30s");
  }

  @Test
  void bootstrapServersReplaceTheProvisionedCluster() {
    BenchmarkRunSpec spec =
        LocalSpecAdapter.adapt(
            written,
            new LocalOptions(
                null, null, null, null, null, 1.0, Duration.ofSeconds(5), "kafka-1:9092"));

    assertThat(spec.getKafka().getProvision()).isNull();
    assertThat(spec.getKafka().getExternal().getBootstrapServers()).isEqualTo("kafka-1:9092");
  }
}
