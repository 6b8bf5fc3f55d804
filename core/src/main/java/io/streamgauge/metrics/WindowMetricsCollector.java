package io.streamgauge.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates every wanted figure of every target at the end of the measurement window, with the
 * queries of the target's profiles in order: the first that yields a value wins (e.g. cAdvisor's
 * container CPU, else the process CPU the app exports). A figure without data, without a query or
 * with a rejected query comes back missing with every reason; only an unreachable Prometheus fails
 * the whole collection.
 */
public final class WindowMetricsCollector {

  private final PrometheusClient prometheus;

  public WindowMetricsCollector(PrometheusClient prometheus) {
    this.prometheus = prometheus;
  }

  /**
   * The figures of {@code targets} over {@code window}, in target then {@link Figure} order.
   *
   * @throws PrometheusException when Prometheus cannot be reached (after the client's retries)
   */
  public List<FigureResult> collect(MeasurementWindow window, List<ScrapeTarget> targets)
      throws PrometheusException {
    List<FigureResult> results = new ArrayList<>();
    for (ScrapeTarget target : targets) {
      for (Figure figure : Figure.values()) {
        if (target.figures().contains(figure)) {
          results.add(collect(window, target, figure));
        }
      }
    }
    return results;
  }

  /** The first profile whose query yields a value; else missing with every profile's reason. */
  private FigureResult collect(MeasurementWindow window, ScrapeTarget target, Figure figure)
      throws PrometheusException {
    List<MetricProfile> profiles = target.profilesFor(figure);
    if (profiles.isEmpty()) {
      return FigureResult.missing(
          target.component(),
          figure,
          null,
          null,
          "no query for " + figure.key() + " in profile(s) " + target.profileNames());
    }
    FigureResult first = null;
    List<String> reasons = new ArrayList<>();
    for (MetricProfile profile : profiles) {
      FigureResult result = query(window, target, figure, profile);
      if (result.isMeasured()) {
        return result;
      }
      first = first == null ? result : first;
      reasons.add(
          profiles.size() > 1
              ? profile.name() + ": " + result.missingReason()
              : result.missingReason());
    }
    return FigureResult.missing(
        target.component(), figure, first.profile(), first.query(), String.join("; ", reasons));
  }

  private FigureResult query(
      MeasurementWindow window, ScrapeTarget target, Figure figure, MetricProfile profile)
      throws PrometheusException {
    Component component = target.component();
    String query = window.render(profile.queries().get(figure), target.selector());
    List<Sample> samples;
    try {
      samples = prometheus.instant(query, window.end());
    } catch (PrometheusException e) {
      if (e.kind() == PrometheusException.Kind.UNREACHABLE) {
        throw e;
      }
      return FigureResult.missing(component, figure, profile.name(), query, e.getMessage());
    }
    if (samples.isEmpty()) {
      return FigureResult.missing(
          component,
          figure,
          profile.name(),
          query,
          "no data: no series matched over the window (is "
              + component
              + " scraped, with these labels and metric names?)");
    }
    if (samples.size() > 1) {
      return FigureResult.missing(
          component,
          figure,
          profile.name(),
          query,
          "the query returned " + samples.size() + " series; it must aggregate to one");
    }
    double value = samples.get(0).value();
    if (Double.isNaN(value)) {
      return FigureResult.missing(
          component,
          figure,
          profile.name(),
          query,
          "the query returned NaN (for a per-event figure such as a GC pause: no events in the"
              + " window)");
    }
    return FigureResult.measured(component, figure, profile.name(), query, value);
  }
}
