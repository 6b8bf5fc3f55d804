package io.streamgauge.metrics;

import java.util.List;
import java.util.Map;

/**
 * One series of a range query's result, for plots.
 *
 * @param labels the series' labels
 * @param points its values in time order
 */
public record RangeSeries(Map<String, String> labels, List<Point> points) {

  /**
   * One value at one instant.
   *
   * @param epochSeconds the instant, in seconds since the epoch (Prometheus' own unit)
   * @param value the value
   */
  public record Point(double epochSeconds, double value) {}
}
