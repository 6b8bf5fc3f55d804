package io.streamgauge.metrics;

import java.time.Duration;

/**
 * How often a Prometheus call is tried and how long to wait in between (doubling each time). The
 * operator's reconciler uses {@link #ONCE} and retries by rescheduling; blocking callers such as
 * local mode wait here.
 *
 * @param attempts how many times to try, at least 1
 * @param firstBackoff the wait after the first failure
 */
public record Retry(int attempts, Duration firstBackoff) {

  /** One attempt, no waiting. */
  public static final Retry ONCE = new Retry(1, Duration.ZERO);

  /** Five attempts over about 15 s (1, 2, 4, 8 s waits). */
  public static final Retry PATIENT = new Retry(5, Duration.ofSeconds(1));

  public Retry {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1");
    }
  }

  /** The wait before attempt {@code n + 1} after failed attempt {@code n} (1-based). */
  Duration backoffAfter(int n) {
    return firstBackoff.multipliedBy(1L << Math.min(n - 1, 20));
  }
}
