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
 * housekeeping times (10-15 s apart) and whose CPU varies from interval to interval, the second
 * replica's pod deleted at 180 s and replaced by a new one from 196 s. Over every 60 s window slid
 * across them, each figure must be what each series rose by while it was there, summed: its slope
 * between its first and last samples inside the window times the part of the window it was there
 * for, plus, for a series that began inside it, what its container had used before its first
 * sample. The test computes that from the samples it wrote. Backfilled series carry no staleness
 * markers, so Prometheus runs with a 20 s lookback: a series with no sample in the 20 s before an
 * instant is not there, as a deleted pod's is not once marked stale. Prometheus' {@code rate()}
 * over the same windows is read beside it, to show the edge effect the figure avoids.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CadvisorCounterSlopeIT {

  private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
  private static final Duration WINDOW = Duration.ofSeconds(60);
  private static final String SELECTOR = "namespace=\"bench\"";

  /** One sample: milliseconds after {@link #T0} and the counter's value. */
  private record Point(long at, double value) {}

  /** Prometheus' lookback in this test: longer than cAdvisor's longest interval here (15 s). */
  private static final long LOOKBACK = 20_000;

  private static final String CPU = "container_cpu_usage_seconds_total";

  /** One replica's series of one counter. */
  private record Series(String metric, String pod, List<Point> points) {

    private List<Point> inside(long from, long to) {
      return points.stream().filter(p -> p.at() > from && p.at() <= to).toList();
    }

    /** Whether the series is there at {@code at}: a sample within the lookback before it. */
    private boolean isThereAt(long at) {
      return points.stream().anyMatch(p -> p.at() > at - LOOKBACK && p.at() <= at);
    }

    /**
     * Whether the series counts in (from, to]: a sample inside by the window's last whole second.
     * The first sample is found through 1 s subquery steps, none of which falls in the window's
     * last fraction of a second; a series first sampled there counts from the next window on.
     */
    boolean isCounted(long from, long to) {
      List<Point> inside = inside(from, to);
      return !inside.isEmpty() && inside.get(0).at() <= to / 1000 * 1000;
    }

    /** The milliseconds between the first and last samples in (from, to]. */
    long spanInside(long from, long to) {
      List<Point> inside = inside(from, to);
      return inside.get(inside.size() - 1).at() - inside.get(0).at();
    }

    /** The milliseconds of (from, to] the series was there for. */
    long presentInside(long from, long to) {
      List<Point> inside = inside(from, to);
      long start = isThereAt(from) ? from : inside.get(0).at();
      long end = isThereAt(to) ? to : inside.get(inside.size() - 1).at();
      return end - start;
    }

    /** Whether the series has two samples in (from, to], so a slope. */
    boolean hasSlope(long from, long to) {
      return isCounted(from, to) && inside(from, to).size() > 1;
    }

    /**
     * What the counter rose by in (from, to] while the series was there: the slope between its
     * first and last samples inside times the time it was there (none with one sample inside), plus
     * the first sample's value when it began inside (a new container's counter starts at 0).
     */
    double riseInside(long from, long to) {
      if (!isCounted(from, to)) {
        return 0;
      }
      List<Point> inside = inside(from, to);
      Point first = inside.get(0);
      Point last = inside.get(inside.size() - 1);
      double beforeFirst = isThereAt(from) ? 0 : first.value();
      if (inside.size() == 1) {
        return beforeFirst;
      }
      double slope = (last.value() - first.value()) / ((last.at() - first.at()) / 1000.0);
      return slope * presentInside(from, to) / 1000.0 + beforeFirst;
    }
  }

  private final List<Series> series = new ArrayList<>();
  private PrometheusServer prometheus;
  private PrometheusClient client;

  @BeforeAll
  void backfill() {
    long[] intervals = {10_000, 15_000, 11_000, 14_500, 12_200, 10_400, 13_700};
    double[] cores = {0.3, 0.5, 0.4, 0.45, 0.35};
    series.add(counter(CPU, "bench-app-0", 0, 400_000, 1000, intervals, cores));
    series.add(counter(CPU, "bench-app-1-a", 6_300, 180_000, 1000, intervals, cores));
    // The replacement's container started about 4 s before its first sample, using 2.5 s of CPU.
    series.add(counter(CPU, "bench-app-1-b", 196_100, 400_000, 2.5, intervals, cores));
    series.add(
        counter(
            "container_cpu_cfs_throttled_seconds_total",
            "bench-app-0",
            0,
            400_000,
            1000,
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
    prometheus = PrometheusServer.backfilled(text.toString(), Duration.ofMillis(LOOKBACK));
    client = new PrometheusClient(URI.create(prometheus.url()), Duration.ofSeconds(10), Retry.ONCE);
  }

  @AfterAll
  void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
  }

  /**
   * Samples every intervals[i % n] ms from {@code offset} until before {@code until}, from {@code
   * value}, rising at cores[i % m] per second.
   */
  private static Series counter(
      String metric,
      String pod,
      long offset,
      long until,
      double value,
      long[] intervals,
      double[] cores) {
    List<Point> points = new ArrayList<>();
    long at = offset;
    for (int i = 0; at < until; i++) {
      points.add(new Point(at, value));
      long step = intervals[i % intervals.length];
      value += cores[i % cores.length] * step / 1000.0;
      at += step;
    }
    return new Series(metric, pod, points);
  }

  @Test
  void everyWindowsCpuIsWhatEachSeriesRoseByWhileItWasThereWhereRateReadsLow() throws Exception {
    double worstRate = Double.MAX_VALUE;
    int missing = 0;
    int acrossTheReplacement = 0;
    for (long at = 100_000; at <= 300_000; at += 700) {
      long end = at;
      MeasurementWindow window = windowEndingAt(end);
      long from = end - WINDOW.toMillis();
      double expected =
          series.stream().anyMatch(x -> x.metric().equals(CPU) && x.hasSlope(from, end))
              ? risesInside(CPU, from, end) / WINDOW.toSeconds()
              : Double.NaN;

      FigureResult figure = collect(window, Figure.CPU_CORES);
      if (Double.isNaN(expected)) {
        assertThat(figure.isMeasured()).as("window ending at T0+%d ms: %s", end, figure).isFalse();
        missing++;
        continue;
      }
      assertThat(figure.isMeasured()).as(figure.toString()).isTrue();
      assertThat(figure.value())
          .as("window ending at T0+%d ms", end)
          .isCloseTo(expected, within(1e-6));
      if (series.get(1).isCounted(from, end) && series.get(2).isCounted(from, end)) {
        acrossTheReplacement++;
      }
      if (end <= 180_000) {
        double rate =
            value(
                window.render(
                    "sum(rate(container_cpu_usage_seconds_total{container=\"app\",$selector}[$window]))",
                    SELECTOR,
                    "app"),
                window);
        worstRate = Math.min(worstRate, rate / expected);
      }
    }
    System.err.printf(
        "rate() over the same windows: as low as %.3f of the samples' slope; %d windows across"
            + " the replacement, %d without a series of two samples (missing)%n",
        worstRate, acrossTheReplacement, missing);
    assertThat(worstRate)
        .as("rate() reads low on some window (else this test shows nothing rate() gets wrong)")
        .isLessThan(0.95);
    assertThat(acrossTheReplacement)
        .as("windows holding the deleted pod's last samples and its replacement's first")
        .isGreaterThan(20);
  }

  /**
   * A window holding a pod's deletion and its replacement counts each pod's CPU once, for the time
   * it ran: not the deleted pod's slope over the whole window, nor the replacement's, as if either
   * had run throughout.
   */
  @Test
  void aPodReplacedInsideTheWindowCountsEachPodForTheTimeItRan() throws Exception {
    long end = 215_000;
    long from = end - WINDOW.toMillis();
    Series deleted = series.get(1);
    Series replacement = series.get(2);
    double ran =
        (deleted.riseInside(from, end) + replacement.riseInside(from, end)) / WINDOW.toSeconds();
    double throughout =
        (deleted.riseInside(from, end) / deleted.presentInside(from, end)
                + replacement.riseInside(from, end) / replacement.presentInside(from, end))
            * 1000;

    double app = figure(windowEndingAt(end), Figure.CPU_CORES);

    double other = series.get(0).riseInside(from, end) / WINDOW.toSeconds();
    assertThat(app - other).isCloseTo(ran, within(1e-6));
    assertThat(deleted.presentInside(from, end))
        .as("the deleted pod is gone well before the window's end")
        .isLessThan(WINDOW.toMillis() / 2);
    assertThat(throughout).as("counting either throughout reads high").isGreaterThan(ran * 1.3);
  }

  /**
   * Each window's CPU carries the share of the time its series were there in the window that their
   * samples span (two replicas, sampled out of phase, one replaced): what the cpuCoverage check
   * judges.
   */
  @Test
  void everyWindowsCpuSaysHowMuchOfTheWindowItsSamplesSpan() throws Exception {
    double lowest = 1;
    for (long at = 100_000; at <= 300_000; at += 1_300) {
      long end = at;
      MeasurementWindow window = windowEndingAt(end);
      long from = end - WINDOW.toMillis();
      List<Series> counted =
          series.stream()
              .filter(x -> x.metric().equals(CPU))
              .filter(x -> x.isCounted(from, end))
              .toList();
      double expected =
          counted.stream().mapToDouble(x -> x.spanInside(from, end)).sum()
              / counted.stream().mapToDouble(x -> x.presentInside(from, end)).sum();

      FigureResult cpu = collect(window, Figure.CPU_CORES);
      if (!cpu.isMeasured()) {
        continue;
      }

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
          risesInside("container_cpu_cfs_throttled_seconds_total", end - WINDOW.toMillis(), end);

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

  private double risesInside(String metric, long from, long to) {
    return series.stream()
        .filter(s -> s.metric().equals(metric))
        .mapToDouble(s -> s.riseInside(from, to))
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
