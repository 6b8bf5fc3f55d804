package io.streamgauge.common;

import java.time.Duration;

/**
 * How finely the slope of {@code sg_latency_app_input_lag} over a window can tell growth from
 * sampling noise, and so how long a window must be before the lag-growth check may judge an app.
 *
 * <p>The latency consumer's sampler reads the lag every {@link #SAMPLE_INTERVAL} and keeps the
 * reading taken just after each commit of the app. That reading is high by what arrived between the
 * commit and the read: up to the input rate times {@code e = min(commit interval, sample
 * interval)}, uniformly. The slope is fit through the samples Prometheus scraped, each the latest
 * reading, so a window {@code W} holds {@code k = W / max(commit interval, sample interval, scrape
 * interval)} independent readings (a scrape between two commits repeats the reading before), and
 * the least-squares slope through {@code k} evenly spaced points with uniform errors of width
 * {@code rate × e} has a standard deviation of {@code rate × e / (W × √k)}. Three of those, as a
 * share of the rate, is what sampling alone can make the slope read; the check judges only when
 * that is within its bound, and when the window holds at least {@link #MIN_COMMITS} commits.
 *
 * <p>For Kafka Streams' defaults and a bound of 1 % of the rate this means about 21 s of window
 * under exactly-once (100 ms commits) scraped every 10 s (10 s at 1 s scrapes), and 90 s under
 * at-least-once (30 s commits).
 */
public final class LagTrendResolution {

  /** How often the latency consumer reads the app's committed and end offsets. */
  public static final Duration SAMPLE_INTERVAL = Duration.ofMillis(250);

  /** The fewest app commits a window must hold for its lag trend to mean anything. */
  static final int MIN_COMMITS = 3;

  /** Standard deviations of sampling noise the bound must clear. */
  private static final double SIGMAS = 3;

  private LagTrendResolution() {}

  /**
   * What sampling alone can make the slope read over {@code window}, as a share of the input rate
   * (three standard deviations).
   */
  public static double noiseShare(
      Duration commitInterval, Duration scrapeInterval, Duration window) {
    double w = seconds(window);
    double k = w / spacing(commitInterval, scrapeInterval);
    return SIGMAS * error(commitInterval) / (w * Math.sqrt(k));
  }

  /**
   * The shortest window over which the lag trend of an app committing every {@code commitInterval},
   * scraped every {@code scrapeInterval}, can be judged against a bound of {@code share} of the
   * input rate.
   */
  public static Duration minimumWindow(
      Duration commitInterval, Duration scrapeInterval, double share) {
    double e = error(commitInterval);
    double p = spacing(commitInterval, scrapeInterval);
    // SIGMAS × e / (W × √(W / p)) <= share  ⇔  W >= (SIGMAS × e × √p / share)^(2/3)
    double byNoise = Math.pow(SIGMAS * e * Math.sqrt(p) / share, 2.0 / 3.0);
    double byCommits = MIN_COMMITS * seconds(commitInterval);
    return Duration.ofMillis((long) Math.ceil(Math.max(byNoise, byCommits) * 1000));
  }

  private static double error(Duration commitInterval) {
    return Math.min(seconds(commitInterval), seconds(SAMPLE_INTERVAL));
  }

  private static double spacing(Duration commitInterval, Duration scrapeInterval) {
    return Math.max(
        Math.max(seconds(commitInterval), seconds(SAMPLE_INTERVAL)), seconds(scrapeInterval));
  }

  private static double seconds(Duration d) {
    return d.toNanos() / 1e9;
  }
}
