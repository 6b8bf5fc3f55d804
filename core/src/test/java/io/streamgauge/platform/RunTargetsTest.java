package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.MetricQueries;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.metrics.AppProfileResolver;
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

  @Test
  void aStatefulKafkaStreamsAppIsAskedForItsStateWhateverItsImage() {
    ScrapeTarget wordcount = app(RunTargets.of(run, List.of(MetricProfiles.PROMETHEUS_JVM)));
    run.spec().getApp().setImage("ghcr.io/streamgauge/streams-app:0.1.0");
    ScrapeTarget withImage = app(RunTargets.of(run, List.of(MetricProfiles.PROMETHEUS_JVM)));
    BenchmarkRunSpec simple = new SpecDefaulter().apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    ScrapeTarget stateless =
        app(
            RunTargets.of(
                new RunContext("bench", "s", "uid-2", simple, new BenchmarkRunStatus()),
                List.of(MetricProfiles.PROMETHEUS_JVM)));

    assertThat(wordcount.figures()).contains(Figure.STATE_PEAK_BYTES);
    assertThat(wordcount.profiles()).contains(MetricProfiles.STREAMGAUGE_APP);
    assertThat(withImage.figures())
        .as("on a cluster the reference app is named by its image")
        .contains(Figure.STATE_PEAK_BYTES);
    assertThat(stateless.figures()).doesNotContain(Figure.STATE_PEAK_BYTES);
  }

  @Test
  void aFigureNoProfileOffersIsNotAskedForWhileOneAProfileOffersIs() {
    ScrapeTarget clientJava = app(RunTargets.of(run, List.of(MetricProfiles.PROMETHEUS_JVM)));
    ScrapeTarget micrometer = app(RunTargets.of(run, List.of(MetricProfiles.MICROMETER)));
    ScrapeTarget plainProcess = app(RunTargets.of(run, List.of(MetricProfiles.PROCESS)));
    AppMetricsSpec withMax = new AppMetricsSpec();
    withMax.setQueries(new MetricQueries());
    withMax.getQueries().setGcPauseMaxSeconds("max(my_gc_pause_max_seconds{$selector})");
    ScrapeTarget custom = app(RunTargets.of(run, List.of(AppProfileResolver.resolve(withMax))));

    assertThat(clientJava.figures())
        .as("client_java's JVM metrics keep no GC pause maximum: not a missing figure, none asked")
        .contains(Figure.HEAP_BYTES, Figure.GC_PAUSE_SECONDS, Figure.THREADS)
        .doesNotContain(Figure.GC_PAUSE_MAX_SECONDS);
    assertThat(micrometer.figures()).contains(Figure.GC_PAUSE_MAX_SECONDS);
    assertThat(custom.figures())
        .as("a query of the user's offers it")
        .contains(Figure.GC_PAUSE_MAX_SECONDS);
    assertThat(plainProcess.figures())
        .as("CPU and memory are asked of every app; a process without a JVM has no heap")
        .contains(Figure.CPU_CORES, Figure.MEMORY_BYTES, Figure.MEMORY_PEAK_BYTES)
        .doesNotContain(Figure.HEAP_BYTES, Figure.GC_PAUSE_SECONDS, Figure.THREADS);
  }

  private static ScrapeTarget app(List<ScrapeTarget> targets) {
    return targets.stream().filter(t -> t.component() == Component.APP).findFirst().orElseThrow();
  }
}
