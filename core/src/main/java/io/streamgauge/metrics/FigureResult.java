package io.streamgauge.metrics;

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
 */
public record FigureResult(
    Component component,
    Figure figure,
    String profile,
    String query,
    Double value,
    String missingReason) {

  static FigureResult measured(
      Component component, Figure figure, String profile, String query, double value) {
    return new FigureResult(component, figure, profile, query, value, null);
  }

  static FigureResult missing(
      Component component, Figure figure, String profile, String query, String reason) {
    return new FigureResult(component, figure, profile, query, null, reason);
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
