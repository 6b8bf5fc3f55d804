package io.streamgauge.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Evaluates every wanted figure of every target at the end of the measurement window, with the
 * queries of the target's profiles in order: the first that yields a value wins (e.g. cAdvisor's
 * container CPU, else the process CPU the app exports). A figure without data, without a query or
 * with a rejected query comes back missing with every reason (for no data, which of its metrics
 * Prometheus lacks and why: {@link AbsentMetrics}); only an unreachable Prometheus fails the whole
 * collection. A target scraped by several jobs counts once ({@link ScrapeJobs}); GC figures carry
 * the JVM's GC beans and count only those that time pauses ({@link GcBeans}); a figure of samples
 * its exporter stamps carries the share of the window they span ({@link
 * MetricProfile#spanQueries()}).
 */
public final class WindowMetricsCollector {

  private final PrometheusClient prometheus;
  private final AbsentMetrics absentMetrics;

  public WindowMetricsCollector(PrometheusClient prometheus) {
    this.prometheus = prometheus;
    this.absentMetrics = new AbsentMetrics(prometheus);
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
      ScrapeJobs jobs = scrapeJobs(window, target);
      List<String> gcBeans = null;
      for (Figure figure : Figure.values()) {
        if (target.figures().contains(figure)) {
          FigureResult result = collect(window, target, figure, jobs);
          if (figure.isGcPause()) {
            gcBeans = gcBeans == null ? gcBeans(window, target) : gcBeans;
            result = withGcBeans(result, gcBeans);
          }
          results.add(result);
        }
      }
    }
    return results;
  }

  /** The jobs that scraped the target's metrics; none known when Prometheus refuses the query. */
  private ScrapeJobs scrapeJobs(MeasurementWindow window, ScrapeTarget target)
      throws PrometheusException {
    try {
      return ScrapeJobs.of(prometheus.instant(ScrapeJobs.query(target.selector()), window.end()));
    } catch (PrometheusException e) {
      rethrowIfUnreachable(e);
      return ScrapeJobs.none();
    }
  }

  /**
   * Only an unreachable Prometheus fails the collection; a rejected query is that figure's (or that
   * lookup's) problem alone.
   */
  private static void rethrowIfUnreachable(PrometheusException e) throws PrometheusException {
    if (e.kind() == PrometheusException.Kind.UNREACHABLE) {
      throw e;
    }
  }

  /** The GC beans of the first profile whose GC beans query finds some; empty when none does. */
  private List<String> gcBeans(MeasurementWindow window, ScrapeTarget target)
      throws PrometheusException {
    for (MetricProfile profile : target.profiles()) {
      if (profile.gcBeansQuery() == null) {
        continue;
      }
      try {
        List<String> beans =
            prometheus
                .instant(
                    window.render(profile.gcBeansQuery(), target.selector(), target.container()),
                    window.end())
                .stream()
                .map(s -> s.labels().get("gc"))
                .filter(Objects::nonNull)
                .sorted()
                .toList();
        if (!beans.isEmpty()) {
          return beans;
        }
      } catch (PrometheusException e) {
        rethrowIfUnreachable(e);
      }
    }
    return List.of();
  }

  /**
   * {@code result} with the GC beans, and the reason a pause figure is missing when only cycles.
   */
  private static FigureResult withGcBeans(FigureResult result, List<String> beans) {
    FigureResult withBeans = result.withGcBeans(beans);
    String noPauses = GcBeans.noPausesReason(beans);
    return noPauses != null && !result.isMeasured()
        ? withBeans.missingBecause(noPauses)
        : withBeans;
  }

  /** The first profile whose query yields a value; else missing with every profile's reason. */
  private FigureResult collect(
      MeasurementWindow window, ScrapeTarget target, Figure figure, ScrapeJobs jobs)
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
      FigureResult result = query(window, target, figure, profile, jobs);
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
      MeasurementWindow window,
      ScrapeTarget target,
      Figure figure,
      MetricProfile profile,
      ScrapeJobs jobs)
      throws PrometheusException {
    String template = profile.queries().get(figure);
    Optional<ScrapeJobs.Restriction> restriction = jobs.restrictionFor(template);
    String selector = restriction.map(r -> r.restrict(target.selector())).orElse(target.selector());
    FigureResult measured =
        query(window, target, figure, profile.name(), template, selector, jobs.unscraped(template));
    FigureResult result =
        measured.isMeasured() && profile.spanQueries().containsKey(figure)
            ? withCoverage(measured, window, target, profile.spanQueries().get(figure), selector)
            : measured;
    return restriction.map(r -> result.withNote(r.note())).orElse(result);
  }

  /**
   * {@code result} with the share of the window its exporter-stamped samples span, from the
   * profile's {@code span} query over the same series; as it is when the span cannot be read.
   */
  private FigureResult withCoverage(
      FigureResult result,
      MeasurementWindow window,
      ScrapeTarget target,
      String span,
      String selector)
      throws PrometheusException {
    try {
      List<Sample> samples =
          prometheus.instant(window.render(span, selector, target.container()), window.end());
      if (samples.size() != 1 || Double.isNaN(samples.get(0).value())) {
        return result;
      }
      double seconds = window.length().toMillis() / 1000.0;
      return result.withCoverage(Math.max(0, Math.min(1, samples.get(0).value() / seconds)));
    } catch (PrometheusException e) {
      rethrowIfUnreachable(e);
      return result;
    }
  }

  private FigureResult query(
      MeasurementWindow window,
      ScrapeTarget target,
      Figure figure,
      String profileName,
      String template,
      String selector,
      Set<String> unscraped)
      throws PrometheusException {
    Component component = target.component();
    String query = window.render(template, selector, target.container());
    List<Sample> samples;
    try {
      samples = prometheus.instant(query, window.end());
    } catch (PrometheusException e) {
      rethrowIfUnreachable(e);
      return FigureResult.missing(component, figure, profileName, query, e.getMessage());
    }
    if (samples.isEmpty()) {
      String reason =
          absentMetrics
              .reason(component, unscraped, window.end())
              .orElse(
                  "no data: no series matched over the window (is "
                      + component
                      + " scraped, with these labels and metric names?)");
      return FigureResult.missing(component, figure, profileName, query, reason);
    }
    if (figure.byTopic()) {
      Map<String, Double> byTopic = new TreeMap<>();
      for (Sample sample : samples) {
        String topic = sample.labels().get("topic");
        if (topic == null || Double.isNaN(sample.value())) {
          return FigureResult.missing(
              component, figure, profileName, query, "a series without a topic label, or NaN");
        }
        byTopic.put(topic, sample.value());
      }
      return FigureResult.measuredByTopic(component, figure, profileName, query, byTopic);
    }
    if (samples.size() > 1) {
      return FigureResult.missing(
          component,
          figure,
          profileName,
          query,
          "the query returned " + samples.size() + " series; it must aggregate to one");
    }
    double value = samples.get(0).value();
    if (Double.isNaN(value)) {
      return FigureResult.missing(
          component,
          figure,
          profileName,
          query,
          "the query returned NaN (for a per-event figure such as a GC pause: no events in the"
              + " window; for a cAdvisor counter: fewer than two of its samples in the window)");
    }
    return FigureResult.measured(component, figure, profileName, query, value);
  }
}
