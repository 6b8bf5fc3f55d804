package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** How long a window the lag-growth check needs, and whether the noise model holds. */
class LagTrendResolutionTest {

  private static final Duration EXACTLY_ONCE = Duration.ofMillis(100);
  private static final Duration AT_LEAST_ONCE = Duration.ofSeconds(30);

  private static final Duration SCRAPED_EVERY_SECOND = Duration.ofSeconds(1);

  @Test
  void
      kafkaStreamsDefaultsNeedTenSecondsUnderExactlyOnceScrapedEverySecondAndNinetyUnderAtLeastOnce() {
    assertThat(
            LagTrendResolution.minimumWindow(EXACTLY_ONCE, SCRAPED_EVERY_SECOND, 0.01).toMillis())
        .as("(3 × 0.1 × √1 / 0.01)^(2/3)")
        .isBetween(9_600L, 9_700L);
    assertThat(
            LagTrendResolution.minimumWindow(EXACTLY_ONCE, Duration.ofSeconds(10), 0.01).toMillis())
        .as("a 10 s scrape sees a tenth of the readings: (3 × 0.1 × √10 / 0.01)^(2/3)")
        .isBetween(20_700L, 20_900L);
    assertThat(
            LagTrendResolution.minimumWindow(EXACTLY_ONCE, Duration.ofMillis(250), 0.01).toMillis())
        .as("scrapes no rarer than the sampler's readings: every reading counts")
        .isBetween(6_000L, 6_100L);
    assertThat(LagTrendResolution.minimumWindow(AT_LEAST_ONCE, Duration.ofSeconds(10), 0.01))
        .as("three commits, more than the noise asks for (55 s)")
        .isEqualTo(Duration.ofSeconds(90));
    assertThat(
            LagTrendResolution.minimumWindow(Duration.ofSeconds(5), SCRAPED_EVERY_SECOND, 0.001)
                .toSeconds())
        .as("a tight bound needs a long window: (3 × 0.25 × √5 / 0.001)^(2/3)")
        .isEqualTo(141);
  }

  @Test
  void theMinimumWindowIsWhereTheNoiseMeetsTheBound() {
    Duration scrape = Duration.ofSeconds(2);
    Duration window = LagTrendResolution.minimumWindow(Duration.ofSeconds(1), scrape, 0.01);

    assertThat(LagTrendResolution.noiseShare(Duration.ofSeconds(1), scrape, window))
        .isCloseTo(0.01, within(0.0001));
    assertThat(
            LagTrendResolution.noiseShare(
                AT_LEAST_ONCE, SCRAPED_EVERY_SECOND, Duration.ofSeconds(20)))
        .as("a 20 s window is shorter than one at-least-once commit: no trend in it")
        .isGreaterThan(0.03);
  }

  /**
   * Simulates an app that keeps up exactly (no growth), read a uniform 0 to e seconds after each
   * commit and scraped at its own interval (a scrape between commits repeats the reading before),
   * and fits the slope by least squares: the noise model's three standard deviations must cover 99
   * % of the slopes, and not by a wide margin (it is a model, not a loose bound) — for scrapes more
   * frequent than the commits and for scrapes three times rarer.
   */
  @Test
  void threeModelledStandardDeviationsCoverTheSimulatedSlopes() {
    for (int scrapeSeconds : new int[] {1, 6}) {
      double rate = 1_000;
      Duration commit = Duration.ofSeconds(2);
      Duration scrape = Duration.ofSeconds(scrapeSeconds);
      Duration window = Duration.ofSeconds(60);
      double bound = LagTrendResolution.noiseShare(commit, scrape, window) * rate;
      Random random = new Random(42);
      int trials = 20_000;
      int within = 0;
      double sumSquares = 0;
      int k = 60 / Math.max(2, scrapeSeconds);
      for (int trial = 0; trial < trials; trial++) {
        double[] t = new double[k];
        double[] lag = new double[k];
        for (int i = 0; i < k; i++) {
          t[i] = i * 60.0 / k;
          lag[i] = 500 + rate * 0.25 * random.nextDouble();
        }
        double slope = slope(t, lag);
        sumSquares += slope * slope;
        if (Math.abs(slope) <= bound) {
          within++;
        }
      }
      assertThat(within / (double) trials)
          .as("scraped every %d s", scrapeSeconds)
          .isGreaterThan(0.99);
      assertThat(Math.sqrt(sumSquares / trials))
          .as(
              "scraped every %d s: the simulated standard deviation is the model's third",
              scrapeSeconds)
          .isCloseTo(bound / 3, within(bound / 3 * 0.1));
    }
  }

  private static double slope(double[] t, double[] y) {
    double meanT = 0;
    double meanY = 0;
    for (int i = 0; i < t.length; i++) {
      meanT += t[i] / t.length;
      meanY += y[i] / t.length;
    }
    double numerator = 0;
    double denominator = 0;
    for (int i = 0; i < t.length; i++) {
      numerator += (t[i] - meanT) * (y[i] - meanY);
      denominator += (t[i] - meanT) * (t[i] - meanT);
    }
    return numerator / denominator;
  }
}
