package io.streamgauge.compare;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A percentile-bootstrap confidence interval for the relative difference of two medians, candidate
 * over baseline minus one: both sides are resampled with replacement, independently, and the
 * interval is the middle {@code level} of the resampled differences. Seeded, so one comparison
 * gives the same interval every time it is printed.
 *
 * @param low the lower end, as a fraction (-0.05 = 5 % lower)
 * @param high the upper end
 */
public record BootstrapInterval(double low, double high) {

  /** Resamples per interval: the percentiles' own noise is well under a rounding step. */
  public static final int RESAMPLES = 10_000;

  /** The confidence level. */
  public static final double LEVEL = 0.95;

  private static final long SEED = 0x5EED_2026L;

  /**
   * The interval of {@code median(candidate) / median(baseline) - 1}; each side at least one value,
   * the baseline's values positive.
   */
  public static BootstrapInterval ofMedianRatio(double[] baseline, double[] candidate) {
    SplittableRandom random = new SplittableRandom(SEED);
    double[] differences = new double[RESAMPLES];
    double[] b = new double[baseline.length];
    double[] c = new double[candidate.length];
    for (int i = 0; i < RESAMPLES; i++) {
      resample(baseline, b, random);
      resample(candidate, c, random);
      differences[i] = Spread.median(c) / Spread.median(b) - 1;
    }
    Arrays.sort(differences);
    double tail = (1 - LEVEL) / 2;
    return new BootstrapInterval(
        differences[(int) Math.floor(tail * (RESAMPLES - 1))],
        differences[(int) Math.ceil((1 - tail) * (RESAMPLES - 1))]);
  }

  /** True when the interval holds no difference at all. */
  public boolean containsZero() {
    return low <= 0 && high >= 0;
  }

  private static void resample(double[] from, double[] into, SplittableRandom random) {
    for (int i = 0; i < into.length; i++) {
      into[i] = from[random.nextInt(from.length)];
    }
    Arrays.sort(into);
  }
}
