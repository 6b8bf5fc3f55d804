package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.testing.prometheus.PrometheusServer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The cAdvisor profile's CPU and throttled-seconds figures on a real Prometheus holding series
 * shaped like cAdvisor's: two replicas' app containers whose samples carry cAdvisor's own uneven
 * housekeeping times (10-15 s apart) and whose CPU varies from interval to interval. Over every 60
 * s window slid across them, each figure must be the exact average rate between each series' first
 * and last samples inside the window, which this test computes from the samples it wrote.
 * Prometheus' {@code rate()} over the same windows is read beside it, to show the edge effect the
 * figure avoids.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CadvisorCounterSlopeIT {

  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
  private static final Duration WINDOW = Duration.ofSeconds(60);
  private static final String SELECTOR = "namespace=\"bench\"";

  /** One sample: milliseconds after {@link #T0} and the counter's value. */
  private record Point(long at, double value) {}

  /** One replica's series of one counter. */
  private record Series(String metric, String pod, List<Point> points) {

    /** The milliseconds between the first and last samples in (from, to]. */
    long spanInside(long from, long to) {
      List<Point> inside = points.stream().filter(p -> p.at() > from && p.at() <= to).toList();
      return inside.get(inside.size() - 1).at() - inside.get(0).at();
    }

    /** The rise between the first and last samples in (from, to] over the time between them. */
    double slopeInside(long from, long to) {
      List<Point> inside = points.stream().filter(p -> p.at() > from && p.at() <= to).toList();
      Point first = inside.get(0);
      Point last = inside.get(inside.size() - 1);
      return (last.value() - first.value()) / ((last.at() - first.at()) / 1000.0);
    }
  }

  private final List<Series> series = new ArrayList<>();
  private PrometheusServer prometheus;
  private PrometheusClient client;

  @BeforeAll
  void backfill() {
    long[] intervals = {10_000, 15_000, 11_000, 14_500, 12_200, 10_400, 13_700};
    double[] cores = {0.3, 0.5, 0.4, 0.45, 0.35};
    series.add(counter("container_cpu_usage_seconds_total", "bench-app-0", 0, intervals, cores));
    series.add(
        counter("container_cpu_usage_seconds_total", "bench-app-1", 6_300, intervals, cores));
    series.add(
        counter(
            "container_cpu_cfs_throttled_seconds_total",
            "bench-app-0",
            0,
            intervals,
            new double[] {0.02, 0.0, 0.05}));
    StringBuilder text = new StringBuilder();
    for (String metric :
        List.of("container_cpu_usage_seconds_total", "container_cpu_cfs_throttled_seconds_total")) {
      text.append("# TYPE ").append(metric).append(" counter\n");
      for (Series s : series) {
        if (s.metric().equals(metric)) {
          for (Point p : s.points()) {
            text.append(
                String.format(
                    Locale.ROOT,
                    "%s{container=\"app\",namespace=\"bench\",pod=\"%s\"} %.6f %.3f%n",
                    metric,
                    s.pod(),
                    p.value(),
                    T0.plusMillis(p.at()).toEpochMilli() / 1000.0));
          }
        }
      }
    }
    text.append("# EOF\n");
    prometheus = PrometheusServer.backfilled(text.toString());
    client = new PrometheusClient(URI.create(prometheus.url()), Duration.ofSeconds(10), Retry.ONCE);
  }

  @AfterAll
  void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
  }

  /** Samples every intervals[i % n] ms from {@code offset}, rising at cores[i % m] per second. */
  private static Series counter(
      String metric, String pod, long offset, long[] intervals, double[] cores) {
    List<Point> points = new ArrayList<>();
    long at = offset;
    double value = 1000;
    for (int i = 0; at < 400_000; i++) {
      points.add(new Point(at, value));
      long step = intervals[i % intervals.length];
      value += cores[i % cores.length] * step / 1000.0;
      at += step;
    }
    return new Series(metric, pod, points);
  }

  @Test
  void everyWindowsCpuIsTheSlopeBetweenItsSamplesWhereRateReadsLow() throws Exception {
    double worstRate = Double.MAX_VALUE;
    for (long end = 100_000; end <= 300_000; end += 700) {
      MeasurementWindow window = windowEndingAt(end);
      double expected =
          slopesInside("container_cpu_usage_seconds_total", end - WINDOW.toMillis(), end);

      double figure = figure(window, Figure.CPU_CORES);
      double rate =
          value(
              window.render(
                  "sum(rate(container_cpu_usage_seconds_total{container=\"app\",$selector}[$window]))",
                  SELECTOR,
                  "app"),
              window);

      assertThat(figure).as("window ending at T0+%d ms", end).isCloseTo(expected, within(1e-6));
      worstRate = Math.min(worstRate, rate / expected);
    }
    System.err.printf(
        "rate() over the same windows: as low as %.3f of the samples' slope%n", worstRate);
    assertThat(worstRate)
        .as("rate() reads low on some window (else this test shows nothing rate() gets wrong)")
        .isLessThan(0.95);
  }

  /**
   * Each window's CPU carries the share of the window its samples span, of the series (of two
   * replicas, sampled out of phase) that spans the least: what the cpuCoverage check judges.
   */
  @Test
  void everyWindowsCpuSaysHowMuchOfTheWindowItsSamplesSpan() throws Exception {
    double lowest = 1;
    for (long at = 100_000; at <= 300_000; at += 1_300) {
      long end = at;
      MeasurementWindow window = windowEndingAt(end);
      long from = end - WINDOW.toMillis();
      double expected =
          series.stream()
                  .filter(x -> x.metric().equals("container_cpu_usage_seconds_total"))
                  .mapToLong(x -> x.spanInside(from, end))
                  .min()
                  .orElseThrow()
              / (double) WINDOW.toMillis();

      FigureResult cpu = collect(window, Figure.CPU_CORES);

      assertThat(cpu.coverage())
          .as("window ending at T0+%d ms", end)
          .isCloseTo(expected, within(1e-6));
      lowest = Math.min(lowest, expected);
    }
    assertThat(lowest)
        .as("samples 10-15 s apart leave some 60 s window well short of whole")
        .isLessThan(0.75);
  }

  @Test
  void throttledSecondsAreTheSlopeTimesTheWindow() throws Exception {
    for (long end = 100_000; end <= 300_000; end += 3_100) {
      MeasurementWindow window = windowEndingAt(end);
      double expected =
          slopesInside("container_cpu_cfs_throttled_seconds_total", end - WINDOW.toMillis(), end)
              * WINDOW.toSeconds();

      assertThat(figure(window, Figure.CPU_THROTTLED_SECONDS))
          .as("window ending at T0+%d ms", end)
          .isCloseTo(expected, within(1e-6));
    }
  }

  @Test
  void aWindowHoldingOneSampleIsMissingNotZero() throws Exception {
    MeasurementWindow narrow =
        new MeasurementWindow(
            T0.plusSeconds(101),
            T0.plusSeconds(105),
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            Duration.ofSeconds(10));

    FigureResult cpu = collect(narrow, Figure.CPU_CORES);

    assertThat(cpu.isMeasured()).as(cpu.toString()).isFalse();
    assertThat(cpu.missingReason()).contains("fewer than two of its samples in the window");
  }

  private double slopesInside(String metric, long from, long to) {
    return series.stream()
        .filter(s -> s.metric().equals(metric))
        .mapToDouble(s -> s.slopeInside(from, to))
        .sum();
  }

  private static MeasurementWindow windowEndingAt(long millisAfterT0) {
    Instant end = T0.plusMillis(millisAfterT0);
    return new MeasurementWindow(
        end.minus(WINDOW),
        end,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10));
  }

  private double figure(MeasurementWindow window, Figure figure) throws PrometheusException {
    FigureResult result = collect(window, figure);
    assertThat(result.isMeasured()).as(result.toString()).isTrue();
    assertThat(result.profile()).isEqualTo("cadvisor");
    return result.value();
  }

  private FigureResult collect(MeasurementWindow window, Figure figure) throws PrometheusException {
    ScrapeTarget app =
        new ScrapeTarget(Component.APP, SELECTOR, List.of(MetricProfiles.CADVISOR), Set.of(figure));
    return new WindowMetricsCollector(client).collect(window, List.of(app)).get(0);
  }

  private double value(String query, MeasurementWindow window) throws PrometheusException {
    List<Sample> samples = client.instant(query, window.end());
    assertThat(samples).as(query).hasSize(1);
    return samples.get(0).value();
  }
}
