package io.streamgauge.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BootstrapIntervalTest {

  @Test
  void aClearTenPercentDifferenceIsInsideTheIntervalAndZeroIsNot() {
    BootstrapInterval interval =
        BootstrapInterval.ofMedianRatio(
            new double[] {100, 101, 99, 100.5, 99.5}, new double[] {110, 111, 109, 110.5, 109.5});
    assertThat(interval.low()).isBetween(0.07, 0.10);
    assertThat(interval.high()).isBetween(0.10, 0.13);
    assertThat(interval.containsZero()).isFalse();
  }

  @Test
  void theSameIntervalEveryTime() {
    double[] b = {100, 104, 97};
    double[] c = {101, 99, 108};
    assertThat(BootstrapInterval.ofMedianRatio(b, c))
        .isEqualTo(BootstrapInterval.ofMedianRatio(b, c));
  }

  @Test
  void twoSidesFromOneDistributionMostlyHoldZero() {
    Random random = new Random(42);
    int holdsZero = 0;
    int trials = 300;
    for (int t = 0; t < trials; t++) {
      double[] b = new double[5];
      double[] c = new double[5];
      for (int i = 0; i < 5; i++) {
        b[i] = 100 * (1 + 0.05 * random.nextGaussian());
        c[i] = 100 * (1 + 0.05 * random.nextGaussian());
      }
      if (BootstrapInterval.ofMedianRatio(b, c).containsZero()) {
        holdsZero++;
      }
    }
    // The percentile bootstrap of a median at five runs is not exact; it covers about 9 in 10.
    assertThat(holdsZero).isGreaterThan((int) (trials * 0.85));
  }
}
