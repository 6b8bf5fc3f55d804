package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.MetricProfiles;
import io.streamgauge.metrics.ScrapeTarget;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The figures asked of each component, by platform. */
class RunTargetsTest {

  private final RunContext run =
      new RunContext(
          "bench",
          "wc",
          "uid-1",
          new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT)),
          new BenchmarkRunStatus());

  @Test
  void cpuThrottlingIsAskedOnlyWhereCadvisorSeesTheAppsContainer() {
    ScrapeTarget kubernetes =
        app(RunTargets.of(run, List.of(MetricProfiles.CADVISOR, MetricProfiles.PROMETHEUS_JVM)));
    ScrapeTarget local =
        app(RunTargets.of(run, List.of(MetricProfiles.PROMETHEUS_JVM, MetricProfiles.PROCESS)));

    assertThat(kubernetes.figures())
        .contains(Figure.CPU_CORES, Figure.CPU_THROTTLED_SHARE, Figure.CPU_THROTTLED_SECONDS);
    assertThat(local.figures())
        .as("a local process has no CPU quota: no figure that is always missing")
        .contains(Figure.CPU_CORES)
        .doesNotContain(Figure.CPU_THROTTLED_SHARE, Figure.CPU_THROTTLED_SECONDS);
  }

  private static ScrapeTarget app(List<ScrapeTarget> targets) {
    return targets.stream().filter(t -> t.component() == Component.APP).findFirst().orElseThrow();
  }
}
