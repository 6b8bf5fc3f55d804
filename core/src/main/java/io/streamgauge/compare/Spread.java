package io.streamgauge.compare;

import java.util.Arrays;

/**
 * The spread of one figure over repetitions: how many, median, min, max and the coefficient of
 * variation (sample standard deviation over the mean). Each repetition's figure is one observation;
 * a p99 is never pooled from several runs' samples.
 *
 * @param count how many runs measured the figure
 * @param cv the coefficient of variation as a fraction (0.03 = 3 %), NaN for one run or a zero mean
 */
public record Spread(int count, double median, double min, double max, double cv) {

  /** The spread of {@code values}, one per run; at least one. */
  public static Spread of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return new Spread(
        sorted.length, median(sorted), sorted[0], sorted[sorted.length - 1], cv(sorted));
  }

  /** The median of sorted values: the middle one, or the mean of the middle two. */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static double cv(double[] values) {
    int n = values.length;
    if (n < 2) {
      return Double.NaN;
    }
    double mean = Arrays.stream(values).average().orElseThrow();
    if (mean == 0) {
      return Double.NaN;
    }
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return Math.sqrt(squares / (n - 1)) / Math.abs(mean);
  }
}
