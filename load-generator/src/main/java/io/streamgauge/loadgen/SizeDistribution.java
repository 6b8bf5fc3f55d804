package io.streamgauge.loadgen;

import java.util.random.RandomGenerator;

/**
 * Value sizes: fixed; uniform in [min, max]; or, with a mean, a mix of two uniform halves — [min,
 * mean] with probability (max − mean) / (max − min), else [mean, max] — whose expected value is
 * exactly the mean (e.g. 50–1,000 B averaging 200 B for wordcount).
 */
final class SizeDistribution {

  private final int min;
  private final int max;
  private final int mean;
  private final double lowProbability;

  private SizeDistribution(int min, int max, int mean, double lowProbability) {
    this.min = min;
    this.max = max;
    this.mean = mean;
    this.lowProbability = lowProbability;
  }

  static SizeDistribution of(Workload.ValueSize size) {
    if (size.fixed() != null) {
      return new SizeDistribution(size.fixed(), size.fixed(), size.fixed(), 1.0);
    }
    if (size.mean() == null || size.min().equals(size.max())) {
      return new SizeDistribution(size.min(), size.max(), -1, 1.0);
    }
    double low = (double) (size.max() - size.mean()) / (size.max() - size.min());
    return new SizeDistribution(size.min(), size.max(), size.mean(), low);
  }

  /** The largest size this distribution yields. */
  int max() {
    return max;
  }

  int next(RandomGenerator random) {
    if (min == max) {
      return min;
    }
    if (mean < 0) {
      return random.nextInt(min, max + 1);
    }
    return random.nextDouble() < lowProbability
        ? random.nextInt(min, mean + 1)
        : random.nextInt(mean, max + 1);
  }
}
