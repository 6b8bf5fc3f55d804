package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.prometheus.PrometheusServer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The figures over a window, from a real Prometheus scraping a real JVM that burns one core and
 * holds 256 MiB of heap.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowMetricsCollectionIT {

  private static final Duration SCRAPE = Duration.ofSeconds(1);
  private static final long RETAINED_MIB = 256;
  private static final String SELECTOR = "job=\"burner\"";

  private Process burner;
  private PrometheusServer prometheus;
  private PrometheusClient client;
  private MeasurementWindow window;

  /**
   * The CPU the burner used over the window by the kernel's count. It is asked to keep one core
   * busy; on a loaded machine it gets less (0.67 once, with Maven compiling beside it), so the
   * figures are checked against what it did. Within 0.2 core: Prometheus' rate spans the scrapes
   * inside the window, which miss up to one 1 s scrape interval at each edge of the 15 s window
   * (2/15 of one core ≈ 0.13).
   */
  private double burnerCores;

  @BeforeAll
  void burnAndScrape() throws Exception {
    CpuAndHeapBurner.Burner started = CpuAndHeapBurner.start((int) RETAINED_MIB, "-Xmx1g");
    burner = started.process();
    int port = started.port();
    prometheus =
        PrometheusServer.start(
            SCRAPE,
            Map.of(
                "burner",
                List.of("127.0.0.1:" + port),
                // found, never reached: nothing listens there
                "unreachable",
                List.of("127.0.0.1:" + ListenPorts.pick())));
    client = new PrometheusClient(URI.create(prometheus.url()), Duration.ofSeconds(10), Retry.ONCE);
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(() -> !client.instant("up{" + SELECTOR + "} == 1", Instant.now()).isEmpty());
    PassedWindow.Measured passed = PassedWindow.next15Seconds(SCRAPE, burner.toHandle());
    window = passed.window();
    burnerCores = passed.cpuCores();
    System.err.printf("burner: %.3f cores over the window by the kernel's count%n", burnerCores);
    assertThat(burnerCores).as("the burner burned CPU in the window").isGreaterThan(0.2);
  }

  @AfterAll
  void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
    if (burner != null) {
      burner.destroyForcibly();
    }
  }

  @Test
  void theFiguresOfABusyJvmMatchWhatItDoes() throws Exception {
    Map<Figure, FigureResult> figures =
        collect(MetricProfiles.PROMETHEUS_JVM, EnumSet.allOf(Figure.class));
    figures
        .values()
        .forEach(f -> System.err.println("burner " + f.figure().key() + " = " + f.value()));

    assertThat(value(figures, Figure.CPU_CORES)).isCloseTo(burnerCores, within(0.2));
    assertThat(value(figures, Figure.HEAP_BYTES))
        .isBetween(RETAINED_MIB * 1024.0 * 1024.0, 1024 * 1024.0 * 1024.0);
    assertThat(value(figures, Figure.MEMORY_BYTES)).isGreaterThan(RETAINED_MIB * 1024.0 * 1024.0);
    assertThat(value(figures, Figure.GC_PAUSE_SECONDS)).isGreaterThan(0).isLessThan(1);
    assertThat(value(figures, Figure.THREADS)).isGreaterThan(5);
    assertThat(figures.get(Figure.GC_PAUSE_MAX_SECONDS).missingReason())
        .isEqualTo("no query for gcPauseMaxSeconds in profile(s) prometheus-jvm");
    assertThat(figures.get(Figure.HEAP_BYTES).query())
        .isEqualTo(
            "avg_over_time((sum(jvm_memory_used_bytes{area=\"heap\",job=\"burner\"}))[15000ms:1000ms])");
  }

  @Test
  void everyBuiltInProfileRunsAndAbsentMetricsAreMissingNotZero() throws Exception {
    for (MetricProfile profile : MetricProfiles.BUILT_IN) {
      Map<Figure, FigureResult> figures = collect(profile, profile.queries().keySet());

      assertThat(figures.values())
          .as(profile.name())
          .allSatisfy(
              f -> {
                if (f.isMeasured()) {
                  assertThat(f.value()).as(f.toString()).isPositive();
                } else {
                  assertThat(f.missingReason()).as(f.toString()).startsWith("no data:");
                }
              });
    }
    assertThat(collect(MetricProfiles.PROCESS, MetricProfiles.PROCESS.queries().keySet()).values())
        .allMatch(FigureResult::isMeasured);
    assertThat(collect(MetricProfiles.MICROMETER, Set.of(Figure.THREADS)).values())
        .noneMatch(FigureResult::isMeasured);
    assertThat(collect(MetricProfiles.CADVISOR, Set.of(Figure.CPU_CORES)).values())
        .noneMatch(FigureResult::isMeasured);
  }

  @Test
  void profilesAreTriedInOrderUntilOneHasData() throws Exception {
    ScrapeTarget target =
        new ScrapeTarget(
            Component.APP,
            SELECTOR,
            List.of(MetricProfiles.CADVISOR, MetricProfiles.PROMETHEUS_JVM),
            Set.of(Figure.CPU_CORES));
    ScrapeTarget nothing =
        new ScrapeTarget(
            Component.APP,
            SELECTOR,
            List.of(MetricProfiles.CADVISOR, MetricProfiles.MICROMETER),
            Set.of(Figure.THREADS, Figure.CPU_CORES));

    FigureResult cpu = new WindowMetricsCollector(client).collect(window, List.of(target)).get(0);
    List<FigureResult> missing =
        new WindowMetricsCollector(client).collect(window, List.of(nothing));

    assertThat(cpu.profile()).isEqualTo("prometheus-jvm");
    assertThat(cpu.value()).isCloseTo(burnerCores, within(0.2));
    assertThat(missing.get(0).missingReason())
        .startsWith("cadvisor: no data:")
        .contains("; micrometer: no data:");
    assertThat(missing.get(1).missingReason()).startsWith("no data:");
  }

  /**
   * A figure whose metric Prometheus does not hold says so, and for one that kube-prometheus-stack
   * drops by default, what drops it and what brings it back; one whose metric other targets have
   * says the component is not scraped with these labels.
   */
  @Test
  void aFigureWithoutDataSaysWhichMetricPrometheusLacksAndWhy() throws Exception {
    Map<Figure, FigureResult> cadvisor =
        collect(MetricProfiles.CADVISOR, Set.of(Figure.CPU_THROTTLED_SECONDS, Figure.CPU_CORES));
    FigureResult other =
        new WindowMetricsCollector(client)
            .collect(
                window,
                List.of(
                    new ScrapeTarget(
                        Component.APP,
                        "job=\"not-scraped\"",
                        List.of(MetricProfiles.PROCESS),
                        Set.of(Figure.CPU_CORES))))
            .get(0);

    assertThat(cadvisor.get(Figure.CPU_THROTTLED_SECONDS).missingReason())
        .isEqualTo(
            "no data: Prometheus holds no series named container_cpu_cfs_throttled_seconds_total"
                + " at all: nothing scrapes it, or a relabeling drops it (kube-prometheus-stack's"
                + " default kubelet relabelings drop it"
                + " (kubelet.serviceMonitor.cAdvisorMetricRelabelings); install the Streamgauge"
                + " chart with cadvisor.serviceMonitor.enabled=true to scrape it back)");
    assertThat(cadvisor.get(Figure.CPU_CORES).missingReason())
        .isEqualTo(
            "no data: Prometheus holds no series named container_cpu_usage_seconds_total at all:"
                + " nothing scrapes it, or a relabeling drops it");
    assertThat(other.missingReason())
        .isEqualTo(
            "no data: Prometheus holds process_cpu_seconds_total series, but none of app's (is it"
                + " scraped, with these labels?)");
  }

  /** A component counts as scraped once Prometheus holds a scrape under its labels. */
  @Test
  void firstScrapesNameTheComponentsPrometheusHasNotScraped() throws Exception {
    List<ScrapeTarget> targets =
        List.of(
            new ScrapeTarget(
                Component.APP,
                SELECTOR,
                List.of(MetricProfiles.CADVISOR),
                Set.of(Figure.CPU_CORES)),
            new ScrapeTarget(
                Component.APP,
                SELECTOR,
                List.of(MetricProfiles.PROMETHEUS_JVM),
                Set.of(Figure.HEAP_BYTES)),
            new ScrapeTarget(
                Component.LOAD_GENERATOR,
                "job=\"not-scraped\"",
                List.of(MetricProfiles.STREAMGAUGE),
                Set.of(Figure.PRODUCED_PER_SEC)));

    assertThat(FirstScrapes.notYetScraped(client, targets, Instant.now()))
        .containsExactly(Component.LOAD_GENERATOR);
    assertThat(FirstScrapes.notYetScraped(client, targets.subList(0, 2), Instant.now())).isEmpty();
  }

  /**
   * A target Prometheus found but cannot reach ({@code up} 0): an app may serve no metrics of its
   * own, so it counts as scraped; the run's own components always serve theirs, so they do not.
   */
  @Test
  void anUnreachableTargetIsScrapedForTheAppButNotForTheRunsOwnComponents() throws Exception {
    String unreachable = "job=\"unreachable\"";
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(() -> !client.instant("up{" + unreachable + "} == 0", Instant.now()).isEmpty());
    List<ScrapeTarget> targets =
        List.of(
            new ScrapeTarget(
                Component.APP,
                unreachable,
                List.of(MetricProfiles.PROMETHEUS_JVM),
                Set.of(Figure.HEAP_BYTES)),
            new ScrapeTarget(
                Component.LATENCY_CONSUMER,
                unreachable,
                List.of(MetricProfiles.STREAMGAUGE),
                Set.of(Figure.PRODUCED_PER_SEC)));

    assertThat(FirstScrapes.notYetScraped(client, targets, Instant.now()))
        .containsExactly(Component.LATENCY_CONSUMER);
  }

  @Test
  void aRejectedCustomQueryIsMissingWithPrometheusOwnMessage() throws Exception {
    MetricProfile custom =
        MetricProfiles.PROMETHEUS_JVM.with(
            "prometheus-jvm+custom",
            Map.of(Figure.THREADS, "sum(rate(jvm_threads_current{$selector}[$window])"));

    FigureResult threads = collect(custom, Set.of(Figure.THREADS)).get(Figure.THREADS);

    assertThat(threads.isMeasured()).isFalse();
    assertThat(threads.missingReason())
        .contains("Prometheus at " + prometheus.url() + "/ rejected the query (bad_data: ")
        .endsWith(threads.query());
  }

  @Test
  void aRangeQueryReturnsThePointsForPlots() throws Exception {
    List<RangeSeries> series =
        client.range(
            "sum(rate(process_cpu_seconds_total{" + SELECTOR + "}[5s]))",
            window.start(),
            window.end(),
            Duration.ofSeconds(1));

    assertThat(series).hasSize(1);
    assertThat(series.get(0).points()).hasSizeGreaterThanOrEqualTo(14);
  }

  @Test
  void anUnreachablePrometheusIsRetriedThenNamed() {
    String url = "http://127.0.0.1:" + ListenPorts.pick();
    PrometheusClient down =
        new PrometheusClient(
            URI.create(url), Duration.ofSeconds(2), new Retry(3, Duration.ofMillis(50)));
    WindowMetricsCollector collector = new WindowMetricsCollector(down);
    ScrapeTarget target =
        new ScrapeTarget(
            Component.APP, SELECTOR, List.of(MetricProfiles.PROCESS), Set.of(Figure.CPU_CORES));

    assertThatThrownBy(() -> collector.collect(window, List.of(target)))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> assertThat(e.kind()).isEqualTo(PrometheusException.Kind.UNREACHABLE))
        .hasMessageStartingWith("Prometheus at " + url + "/ is unreachable: ")
        .hasMessageEndingWith("(tried 3 times)");
  }

  private Map<Figure, FigureResult> collect(MetricProfile profile, Set<Figure> figures)
      throws PrometheusException {
    ScrapeTarget target = new ScrapeTarget(Component.APP, SELECTOR, List.of(profile), figures);
    return new WindowMetricsCollector(client)
        .collect(window, List.of(target)).stream()
            .collect(Collectors.toMap(FigureResult::figure, Function.identity()));
  }

  private static double value(Map<Figure, FigureResult> figures, Figure figure) {
    FigureResult f = figures.get(figure);
    assertThat(f.isMeasured()).as(f.toString()).isTrue();
    return f.value();
  }
}
