package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.platform.RunContext;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RunStateMetricsTest {

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final RunStateMetrics metrics = new RunStateMetrics(registry);
  private final BenchmarkRunStatus status = new BenchmarkRunStatus();
  private final RunContext run =
      new RunContext(
          "bench",
          "wc",
          "uid",
          new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT)),
          status);

  @Test
  void aRunningRunShowsWhatItIsItsPhaseItsWindowsAndItsAppsLimits() throws IOException {
    status.setPhase(Phase.Measuring);
    status.setWarmupStartedAt("2026-11-22T10:00:00Z");
    status.setMeasurementStartedAt("2026-11-22T10:10:00Z");
    status.setMeasurementEndedAt("2026-11-22T10:20:00Z");

    metrics.observe(run);

    assertThat(scrape())
        .contains(
            "sg_run_info{guarantee=\"exactly_once_v2\",run=\"wc\",run_namespace=\"bench\",runtime=\"kafka-streams\",scenario=\"wordcount\"} 1",
            "sg_run_phase{phase=\"Measuring\",run=\"wc\",run_namespace=\"bench\"} 1.0",
            "sg_run_phase{phase=\"WarmingUp\",run=\"wc\",run_namespace=\"bench\"} 0.0",
            "sg_run_window_start_seconds{run=\"wc\",run_namespace=\"bench\",window=\"measurement\"} 1.7953422E9",
            "sg_run_window_end_seconds{run=\"wc\",run_namespace=\"bench\",window=\"warmup\"} 1.7953422E9",
            "sg_run_app_cpu_limit_cores{run=\"wc\",run_namespace=\"bench\"} 8.0",
            "sg_run_app_memory_limit_bytes{run=\"wc\",run_namespace=\"bench\"} 1.7179869184E10")
        .doesNotContain("sg_run_result{");
  }

  @Test
  void aCollectedRunShowsItsFiguresAndNoneThatIsMissing() throws IOException {
    status.setPhase(Phase.Succeeded);
    RunSummary summary = new RunSummary();
    LatencySummary latency = new LatencySummary();
    latency.setP99Ms(180.5);
    summary.setLatency(latency);
    summary.setCpuCores(1.3);
    status.setSummary(summary);

    metrics.observe(run);
    metrics.observe(run);

    String text = scrape();
    assertThat(text)
        .contains(
            "sg_run_result{figure=\"p99Ms\",run=\"wc\",run_namespace=\"bench\"} 180.5",
            "sg_run_result{figure=\"cpuCores\",run=\"wc\",run_namespace=\"bench\"} 1.3",
            "sg_run_phase{phase=\"Succeeded\",run=\"wc\",run_namespace=\"bench\"} 1.0")
        .doesNotContain("figure=\"heapMiB\"")
        .containsOnlyOnce("sg_run_info{")
        .doesNotContain("sg_run_window_start_seconds{");
  }

  @Test
  void aDeletedRunsSeriesAreDroppedAndAnotherRunsStay() throws IOException {
    status.setPhase(Phase.Succeeded);
    status.setMeasurementStartedAt("2026-11-22T10:10:00Z");
    RunSummary summary = new RunSummary();
    summary.setCpuCores(1.3);
    status.setSummary(summary);
    metrics.observe(run);
    RunContext other =
        new RunContext("bench", "other", "uid-2", run.spec(), new BenchmarkRunStatus());
    other.status().setPhase(Phase.Measuring);
    metrics.observe(other);

    metrics.forget("bench", "wc");

    assertThat(scrape())
        .doesNotContain("run=\"wc\"")
        .contains("sg_run_phase{phase=\"Measuring\",run=\"other\",run_namespace=\"bench\"} 1.0")
        .containsOnlyOnce("sg_run_info{");
  }

  @Test
  void aChangedScenarioReplacesTheRunsInfoSeries() throws IOException {
    metrics.observe(run);
    RunContext changed =
        new RunContext(
            "bench",
            "wc",
            "uid",
            new SpecDefaulter().apply(Specs.minimal(Scenario.STATELESS_SIMPLE)),
            status);

    metrics.observe(changed);

    assertThat(scrape()).containsOnlyOnce("sg_run_info{").contains("scenario=\"stateless-simple\"");
  }

  private String scrape() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, registry.scrape());
    return out.toString(StandardCharsets.UTF_8);
  }
}
