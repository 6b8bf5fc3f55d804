package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.common.PrometheusConfig.ScrapeJob;
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
 * Where figures come from, against a real Prometheus: a JVM scraped by two jobs at once (as a
 * Prometheus honouring both a PodMonitor and the {@code prometheus.io/*} annotations does) counts
 * once, a JVM scraped by a job of its own counts beside it, and a ZGC JVM's pause figure comes from
 * its pauses, not its concurrent cycles.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FigureSourcesIT {

  private static final Duration SCRAPE = Duration.ofSeconds(1);
  private static final String TWICE = "namespace=\"bench\",pod=~\"run-app-[a-z0-9]+-[a-z0-9]+\"";
  private static final String ZGC = "namespace=\"bench\",pod=~\"zgc-app-[a-z0-9]+-[a-z0-9]+\"";

  private Process g1;
  private Process zgc;
  private PrometheusServer prometheus;
  private PrometheusClient client;
  private MeasurementWindow window;

  @BeforeAll
  void scrape() throws Exception {
    CpuAndHeapBurner.Burner g1Burner = CpuAndHeapBurner.start(64, "-Xmx512m -XX:+UseG1GC");
    g1 = g1Burner.process();
    CpuAndHeapBurner.Burner zgcBurner = CpuAndHeapBurner.start(64, "-Xmx512m -XX:+UseZGC");
    zgc = zgcBurner.process();
    Map<String, String> g1Pod = Map.of("namespace", "bench", "pod", "run-app-5d8f-x2k");
    String g1Target = "127.0.0.1:" + g1Burner.port();
    prometheus =
        PrometheusServer.start(
            SCRAPE,
            List.of(
                new ScrapeJob("annotated-pods", List.of(g1Target), g1Pod),
                new ScrapeJob("bench/run-app", List.of(g1Target), g1Pod),
                new ScrapeJob(
                    "zgc",
                    List.of("127.0.0.1:" + zgcBurner.port()),
                    Map.of("namespace", "bench", "pod", "zgc-app-5d8f-x2k"))));
    client = new PrometheusClient(URI.create(prometheus.url()), Duration.ofSeconds(10), Retry.ONCE);
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(() -> client.instant("up == 1", Instant.now()).size() == 3);
    window = PassedWindow.next15Seconds(SCRAPE);
  }

  @AfterAll
  void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
    for (Process p : new Process[] {g1, zgc}) {
      if (p != null) {
        p.destroyForcibly();
      }
    }
  }

  @Test
  void aJvmScrapedByTwoJobsCountsOnce() throws Exception {
    Map<Figure, FigureResult> figures = collect(TWICE, EnumSet.allOf(Figure.class));
    double oneJobCpu =
        single("sum(rate(process_cpu_seconds_total{job=\"annotated-pods\"}[$window]))");
    double bothJobsCpu = single("sum(rate(process_cpu_seconds_total{" + TWICE + "}[$window]))");
    double oneJobHeap =
        single(
            "avg_over_time((sum(jvm_memory_used_bytes{area=\"heap\",job=\"annotated-pods\"}))"
                + "[$window:$resolution])");

    assertThat(bothJobsCpu)
        .as("the setup stores every series twice")
        .isGreaterThan(1.8 * oneJobCpu);
    assertThat(figures.get(Figure.CPU_CORES).value()).isCloseTo(oneJobCpu, within(0.01));
    assertThat(figures.get(Figure.HEAP_BYTES).value()).isCloseTo(oneJobHeap, within(1.0));
    assertThat(figures.get(Figure.THREADS).value()).isLessThan(100);
    assertThat(figures.get(Figure.CPU_CORES).query()).contains("job!=\"bench/run-app\"");
    assertThat(figures.get(Figure.CPU_CORES).note())
        .isEqualTo(
            "scraped by 2 jobs at once (annotated-pods, bench/run-app): counted once, without"
                + " job(s) bench/run-app");
  }

  /**
   * Jobs scraping different targets are no duplicates (local mode scrapes each load generator in
   * its own job): the other JVM's CPU counts beside the twice-scraped one's, once.
   */
  @Test
  void jobsScrapingDifferentTargetsAllCount() throws Exception {
    FigureResult cpu =
        collect("namespace=\"bench\"", Set.of(Figure.CPU_CORES)).get(Figure.CPU_CORES);
    double twiceScrapedOnce =
        single("sum(rate(process_cpu_seconds_total{job=\"annotated-pods\"}[$window]))");
    double other = single("sum(rate(process_cpu_seconds_total{job=\"zgc\"}[$window]))");

    assertThat(other).as("the other JVM burns about a core").isGreaterThan(0.3);
    assertThat(cpu.value()).isCloseTo(twiceScrapedOnce + other, within(0.01));
    assertThat(cpu.note()).endsWith("counted once, without job(s) bench/run-app");
  }

  @Test
  void zgcPausesComeFromItsPausesBeanNotItsCycles() throws Exception {
    FigureResult pause = collect(ZGC, Set.of(Figure.GC_PAUSE_SECONDS)).get(Figure.GC_PAUSE_SECONDS);
    double pausesOnly =
        single(
            "sum(increase(jvm_gc_collection_seconds_sum{gc=\"ZGC Pauses\",job=\"zgc\"}[$window]))"
                + " / sum(increase(jvm_gc_collection_seconds_count{gc=\"ZGC Pauses\",job=\"zgc\"}"
                + "[$window]))");
    double cyclesAndPauses =
        single(
            "sum(increase(jvm_gc_collection_seconds_sum{job=\"zgc\"}[$window]))"
                + " / sum(increase(jvm_gc_collection_seconds_count{job=\"zgc\"}[$window]))");
    System.err.printf(
        "ZGC: pause %.3f ms (pauses bean %.3f ms; with cycles counted as pauses %.3f ms)%n",
        pause.value() * 1000, pausesOnly * 1000, cyclesAndPauses * 1000);

    assertThat(pause.gcBeans()).containsExactly("ZGC Cycles", "ZGC Pauses");
    assertThat(pause.value()).isCloseTo(pausesOnly, within(1e-9));
    assertThat(cyclesAndPauses).as("cycles counted as pauses inflate it").isGreaterThan(pausesOnly);
  }

  @Test
  void g1PausesAreCountedAndItsBeansNamed() throws Exception {
    FigureResult pause =
        collect(TWICE, Set.of(Figure.GC_PAUSE_SECONDS)).get(Figure.GC_PAUSE_SECONDS);

    assertThat(pause.gcBeans()).contains("G1 Young Generation", "G1 Old Generation");
    assertThat(pause.value()).isPositive();
  }

  private double single(String template) throws PrometheusException {
    List<Sample> samples = client.instant(window.render(template, "", ""), window.end());
    assertThat(samples).as(template).hasSize(1);
    return samples.get(0).value();
  }

  private Map<Figure, FigureResult> collect(String selector, Set<Figure> figures)
      throws PrometheusException {
    ScrapeTarget target =
        new ScrapeTarget(Component.APP, selector, List.of(MetricProfiles.PROMETHEUS_JVM), figures);
    return new WindowMetricsCollector(client)
        .collect(window, List.of(target)).stream()
            .collect(Collectors.toMap(FigureResult::figure, Function.identity()));
  }
}
