package io.streamgauge.metrics;

import java.util.EnumMap;
import java.util.Map;

/**
 * How one exporter names the figures: a PromQL template per figure it can answer, evaluated at the
 * end of the measurement window. Templates use these placeholders:
 *
 * <ul>
 *   <li>{@code $selector}: label matchers scoping the query to the component, e.g. {@code
 *       namespace="bench",pod=~"run-app-.*"} (written inside the metric's braces);
 *   <li>{@code $container}: the name of the component's container, e.g. {@code app};
 *   <li>{@code $window}: the measurement window as a range, e.g. {@code 600s};
 *   <li>{@code $start}, {@code $seconds}: the window's start as Unix seconds and its length in
 *       seconds;
 *   <li>{@code $resolution}: the subquery step, e.g. {@code 10s}.
 * </ul>
 *
 * Gauges are averaged over the window with a subquery ({@code avg_over_time((...)[$window:
 * $resolution])}); counters scraped on Prometheus' own schedule use {@code rate(...[$window])};
 * cAdvisor's counters, stamped unevenly by cAdvisor itself, use the slope between the window's
 * first and last samples ({@link MetricProfiles#CADVISOR}).
 *
 * @param name the profile's name, as in {@code spec.app.metrics.profile}
 * @param queries template per figure; a figure absent here is reported missing
 * @param gcBeansQuery a template returning one series per GC bean the JVM reports, named by its
 *     {@code gc} label (which tells the collector), or null when the exporter has none
 * @param spanQueries for figures computed from samples their exporter stamps itself (cAdvisor's), a
 *     template per figure returning the seconds between the first and the last of those samples
 *     inside the window, of the series that covers the least: how much of the window the figure
 *     describes. Figures of samples Prometheus stamps at each scrape cover the whole window and
 *     have none.
 */
public record MetricProfile(
    String name,
    Map<Figure, String> queries,
    String gcBeansQuery,
    Map<Figure, String> spanQueries) {

  public MetricProfile {
    queries = queries.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(queries));
    spanQueries = spanQueries.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(spanQueries));
  }

  /** A profile without span queries. */
  public MetricProfile(String name, Map<Figure, String> queries, String gcBeansQuery) {
    this(name, queries, gcBeansQuery, Map.of());
  }

  /** A profile without a GC beans query or span queries. */
  public MetricProfile(String name, Map<Figure, String> queries) {
    this(name, queries, null);
  }

  /**
   * This profile with {@code overrides} replacing or adding figures, under a new name; an
   * overridden figure loses its span query, which spoke of the query it replaces.
   */
  public MetricProfile with(String newName, Map<Figure, String> overrides) {
    Map<Figure, String> merged = new EnumMap<>(Figure.class);
    merged.putAll(queries);
    merged.putAll(overrides);
    Map<Figure, String> spans = new EnumMap<>(Figure.class);
    spans.putAll(spanQueries);
    spans.keySet().removeAll(overrides.keySet());
    return new MetricProfile(newName, merged, gcBeansQuery, spans);
  }
}
