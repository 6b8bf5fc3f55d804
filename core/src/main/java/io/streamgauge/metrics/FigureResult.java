package io.streamgauge.metrics;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One figure of one component over the window: its value, or why there is none. A figure that could
 * not be computed is never reported as 0.
 *
 * @param component e.g. {@code app}
 * @param figure which figure
 * @param profile the profile whose query was used, or null when none had one
 * @param query the PromQL evaluated at the window's end, or null
 * @param value the value in {@link Figure#unit()}, or null when missing
 * @param missingReason why the value is missing, or null
 * @param note what the reader should know about how the value came about (e.g. a target scraped by
 *     two jobs, counted once), or null
 * @param gcBeans for GC figures, the GC beans the JVM reports (which name its collector); else
 *     empty
 * @param byTopic for a figure by topic, the value of each topic (the value is their sum); else
 *     empty
 * @param coverage for a figure computed from samples its exporter stamps (cAdvisor's counters), the
 *     share of the window between the first and the last of them, 0 to 1; null for figures that
 *     cover the whole window (Prometheus stamps their samples at each scrape) or when unknown
 */
public record FigureResult(
    Component component,
    Figure figure,
    String profile,
    String query,
    Double value,
    String missingReason,
    String note,
    List<String> gcBeans,
    Map<String, Double> byTopic,
    Double coverage) {

  public FigureResult {
    gcBeans = gcBeans == null ? List.of() : List.copyOf(gcBeans);
    byTopic = byTopic == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(byTopic));
  }

  /** A result without note or GC beans. */
  public FigureResult(
      Component component,
      Figure figure,
      String profile,
      String query,
      Double value,
      String missingReason) {
    this(component, figure, profile, query, value, missingReason, null, List.of(), Map.of(), null);
  }

  static FigureResult measured(
      Component component, Figure figure, String profile, String query, double value) {
    return new FigureResult(component, figure, profile, query, value, null);
  }

  static FigureResult missing(
      Component component, Figure figure, String profile, String query, String reason) {
    return new FigureResult(component, figure, profile, query, null, reason);
  }

  /** A figure by topic: its value is the sum of the topics'. */
  static FigureResult measuredByTopic(
      Component component,
      Figure figure,
      String profile,
      String query,
      Map<String, Double> byTopic) {
    double sum = byTopic.values().stream().mapToDouble(Double::doubleValue).sum();
    return new FigureResult(
        component, figure, profile, query, sum, null, null, List.of(), byTopic, null);
  }

  /** This result with {@code note}. */
  FigureResult withNote(String newNote) {
    return new FigureResult(
        component,
        figure,
        profile,
        query,
        value,
        missingReason,
        newNote,
        gcBeans,
        byTopic,
        coverage);
  }

  /** This result with the JVM's GC beans. */
  FigureResult withGcBeans(List<String> beans) {
    return new FigureResult(
        component, figure, profile, query, value, missingReason, note, beans, byTopic, coverage);
  }

  /** This result with the share of the window its samples cover. */
  FigureResult withCoverage(double share) {
    return new FigureResult(
        component, figure, profile, query, value, missingReason, note, gcBeans, byTopic, share);
  }

  /** This result, missing for {@code reason}. */
  FigureResult missingBecause(String reason) {
    return new FigureResult(
        component, figure, profile, query, null, reason, note, gcBeans, Map.of(), null);
  }

  /** True when there is a value. */
  public boolean isMeasured() {
    return value != null;
  }

  /** The unit of {@link #value}. */
  public String unit() {
    return figure.unit();
  }
}
