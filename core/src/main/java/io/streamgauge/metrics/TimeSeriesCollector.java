package io.streamgauge.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The run over time, for plots and a fault's recovery: produced and consumed rate, the app's input
 * lag, latency p99 (from the latency consumer's Prometheus histogram), and the app's CPU, memory
 * and heap, a point per scrape interval from the warmup's start to the measurement's end. Each is
 * the instantaneous form of the figure's own window query in the target's profiles — an average
 * over the window becomes its inner series, a rate over the window a rate over two scrapes — tried
 * in profile order until one has data. A quantity without data is left out; only an unreachable
 * Prometheus fails the collection.
 */
public final class TimeSeriesCollector {

  /** {@code avg_over_time((X)[$window:$resolution])} or {@code max_over_time(...)}: X. */
  private static final Pattern OVER_WINDOW =
      Pattern.compile("^(?:avg|max)_over_time\\(\\((.*)\\)\\[\\$window:\\$resolution]\\)$");

  private static final String LATENCY_P99 =
      "histogram_quantile(0.99, sum by (le)"
          + " (rate(sg_latency_e2e_seconds_bucket{$selector}[$twoScrapes])))";

  private static final String INPUT_LAG_QUERY = "sum(sg_latency_app_input_lag{$selector})";

  private static final double MIB = 1024.0 * 1024.0;

  /** The name of the output rate's series. */
  public static final String CONSUMED_PER_SEC = "consumedPerSec";

  /** The name of the app's input lag's series (records its group has not committed). */
  public static final String INPUT_LAG = "inputLag";

  /**
   * What is plotted: a name, the component, the figures whose queries it follows (the first a
   * profile has), a scale.
   */
  private record Wanted(
      String name, Component component, List<Figure> figures, String unit, double scale) {

    /** Per profile of {@code target}, in order, the instantaneous query of its first figure. */
    List<String> templates(ScrapeTarget target) {
      List<String> templates = new ArrayList<>();
      for (MetricProfile profile : target.profiles()) {
        figures.stream()
            .filter(profile.queries()::containsKey)
            .findFirst()
            .ifPresent(f -> templates.add(instantaneous(profile.queries().get(f))));
      }
      return templates;
    }
  }

  private static final List<Wanted> WANTED =
      List.of(
          new Wanted(
              "producedPerSec",
              Component.LOAD_GENERATOR,
              List.of(Figure.PRODUCED_PER_SEC),
              "records/s",
              1),
          new Wanted(
              CONSUMED_PER_SEC,
              Component.LATENCY_CONSUMER,
              List.of(Figure.CONSUMED_PER_SEC),
              "records/s",
              1),
          new Wanted(
              "cpuCores",
              Component.APP,
              List.of(Figure.CPU_CORES_PEAK, Figure.CPU_CORES),
              "cores",
              1),
          new Wanted(
              "memoryMiB",
              Component.APP,
              List.of(Figure.MEMORY_PEAK_BYTES, Figure.MEMORY_BYTES),
              "MiB",
              1 / MIB),
          new Wanted("heapMiB", Component.APP, List.of(Figure.HEAP_BYTES), "MiB", 1 / MIB));

  private final PrometheusClient prometheus;

  public TimeSeriesCollector(PrometheusClient prometheus) {
    this.prometheus = prometheus;
  }

  /**
   * The run's quantities from {@code from} to the end of {@code window}, a point per scrape
   * interval.
   *
   * @throws PrometheusException when Prometheus cannot be reached
   */
  public List<PlotSeries> collect(
      MeasurementWindow window, Instant from, List<ScrapeTarget> targets)
      throws PrometheusException {
    List<PlotSeries> series = new ArrayList<>();
    for (Wanted wanted : WANTED) {
      for (ScrapeTarget target : targets) {
        if (target.component() == wanted.component()) {
          first(
                  window,
                  from,
                  target,
                  wanted.name(),
                  wanted.unit(),
                  wanted.scale(),
                  wanted.templates(target))
              .ifPresent(series::add);
        }
      }
      if (wanted.component() == Component.LOAD_GENERATOR) {
        latencyP99(window, from, targets).ifPresent(series::add);
      }
      if (wanted.name().equals(CONSUMED_PER_SEC)) {
        inputLag(window, from, targets).ifPresent(series::add);
      }
    }
    return series;
  }

  /**
   * The instantaneous form of a window query: {@code avg_over_time((X)[$window:$resolution])}
   * becomes X, and a range of the whole window becomes two scrape intervals.
   */
  static String instantaneous(String windowTemplate) {
    Matcher over = OVER_WINDOW.matcher(windowTemplate);
    String inner = over.matches() ? over.group(1) : windowTemplate;
    return inner.replace("[$window]", "[$twoScrapes]");
  }

  private Optional<PlotSeries> inputLag(
      MeasurementWindow window, Instant from, List<ScrapeTarget> targets)
      throws PrometheusException {
    for (ScrapeTarget target : targets) {
      if (target.component() == Component.LATENCY_CONSUMER) {
        return first(window, from, target, INPUT_LAG, "records", 1, List.of(INPUT_LAG_QUERY));
      }
    }
    return Optional.empty();
  }

  private Optional<PlotSeries> latencyP99(
      MeasurementWindow window, Instant from, List<ScrapeTarget> targets)
      throws PrometheusException {
    for (ScrapeTarget target : targets) {
      if (target.component() == Component.LATENCY_CONSUMER) {
        return first(window, from, target, "latencyP99Ms", "ms", 1000, List.of(LATENCY_P99));
      }
    }
    return Optional.empty();
  }

  private Optional<PlotSeries> first(
      MeasurementWindow window,
      Instant from,
      ScrapeTarget target,
      String name,
      String unit,
      double scale,
      List<String> templates)
      throws PrometheusException {
    for (String template : templates) {
      String query = window.render(template, target.selector(), target.container());
      List<RangeSeries> result;
      try {
        result = prometheus.range(query, from, window.end(), step(window));
      } catch (PrometheusException e) {
        if (e.kind() == PrometheusException.Kind.UNREACHABLE) {
          throw e;
        }
        continue;
      }
      if (result.size() == 1 && !result.get(0).points().isEmpty()) {
        List<RangeSeries.Point> points =
            result.get(0).points().stream()
                .filter(p -> Double.isFinite(p.value()))
                .map(p -> new RangeSeries.Point(p.epochSeconds(), p.value() * scale))
                .toList();
        return Optional.of(new PlotSeries(name, target.component(), unit, query, points));
      }
    }
    return Optional.empty();
  }

  private static Duration step(MeasurementWindow window) {
    return window.scrapeInterval();
  }
}
