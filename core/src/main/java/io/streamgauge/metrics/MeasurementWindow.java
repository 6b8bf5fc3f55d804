package io.streamgauge.metrics;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

/**
 * The measurement window the figures cover, and how finely Prometheus sampled it.
 *
 * @param start measurementStart
 * @param end measurementEnd; every figure's query is evaluated at this instant
 * @param resolution step of the subqueries that average gauges (e.g. 10 s)
 * @param scrapeInterval how often Prometheus scrapes the components
 * @param cadvisorScrapeInterval how often Prometheus scrapes the kubelet's cAdvisor, whose
 *     container series the app's CPU and memory come from on Kubernetes (kube-prometheus-stack:
 *     every 30 s, where the run's pods are scraped every 10 s)
 */
public record MeasurementWindow(
    Instant start,
    Instant end,
    Duration resolution,
    Duration scrapeInterval,
    Duration cadvisorScrapeInterval) {

  /** A window whose cAdvisor series are scraped as often as the components. */
  public MeasurementWindow(
      Instant start, Instant end, Duration resolution, Duration scrapeInterval) {
    this(start, end, resolution, scrapeInterval, scrapeInterval);
  }

  /**
   * @throws IllegalArgumentException when the window is shorter than two scrape intervals (a rate
   *     needs two samples inside it) or the resolution is not positive
   */
  public MeasurementWindow {
    if (!end.isAfter(start)) {
      throw new IllegalArgumentException(
          "measurement window: end " + end + " is not after start " + start);
    }
    if (resolution.isNegative()
        || resolution.isZero()
        || scrapeInterval.isNegative()
        || scrapeInterval.isZero()
        || cadvisorScrapeInterval.isNegative()
        || cadvisorScrapeInterval.isZero()) {
      throw new IllegalArgumentException(
          "measurement window: resolution and scrape interval must be positive");
    }
    Duration length = Duration.between(start, end);
    if (length.compareTo(scrapeInterval.multipliedBy(2)) < 0) {
      throw new IllegalArgumentException(
          "measurement window of "
              + length.toMillis() / 1000.0
              + "s is shorter than two scrape intervals ("
              + scrapeInterval.toMillis() / 1000.0
              + "s each): Prometheus cannot have two samples of a series inside it");
    }
    if (resolution.compareTo(length) > 0) {
      throw new IllegalArgumentException(
          "measurement window of "
              + length.toMillis() / 1000.0
              + "s is shorter than the query resolution "
              + resolution.toMillis() / 1000.0
              + "s");
    }
  }

  /** The window's length. */
  public Duration length() {
    return Duration.between(start, end);
  }

  /**
   * The template with its placeholders filled: {@code $selector}, {@code $container}, {@code
   * $window} (the window in milliseconds, so it ends exactly at {@link #end}), {@code $start} and
   * {@code $seconds} (the window's start as Unix seconds and its length in seconds, both to the
   * millisecond), {@code $resolution}, {@code $twoScrapes} (two scrape intervals: the shortest
   * range a rate needs) and {@code $twoCadvisorScrapes} (the same for cAdvisor's series).
   */
  public String render(String template, String selector, String container) {
    return template
        .replace("$selector", selector)
        .replace("$start", millisAsSeconds(start.toEpochMilli()))
        .replace("$seconds", millisAsSeconds(length().toMillis()))
        .replace("$container", container)
        .replace("$window", length().toMillis() + "ms")
        .replace("$resolution", resolution.toMillis() + "ms")
        .replace("$twoCadvisorScrapes", cadvisorScrapeInterval.multipliedBy(2).toMillis() + "ms")
        .replace("$twoScrapes", scrapeInterval.multipliedBy(2).toMillis() + "ms");
  }

  private static String millisAsSeconds(long millis) {
    return BigDecimal.valueOf(millis, 3).toPlainString();
  }
}
