package io.streamgauge.run;

import java.time.Duration;

/**
 * How soon a waiting step looks again. Public for the tests that tell a reconcile an event caused
 * (a pod's watch, a fault's due time) from the periodic one these intervals bring.
 */
public final class Recheck {

  /** While components start. */
  static final Duration STARTING = Duration.ofSeconds(5);

  /**
   * While the app catches up before the warmup: its lag moves at its commits (every 100 ms to 30
   * s), so the warmup starts within 2 s of the commit that shows it caught up.
   */
  static final Duration CATCHING_UP = Duration.ofSeconds(2);

  /**
   * While the app restores: the restoration's end is observed this closely (on Kubernetes its
   * readiness change also triggers a reconcile at once).
   */
  static final Duration RESTORING = Duration.ofSeconds(1);

  /** At most this long inside a window, so progress stays current. */
  public static final Duration IN_WINDOW = Duration.ofSeconds(10);

  private Recheck() {}

  /** Until {@code remaining} has passed, but no longer than {@link #IN_WINDOW}. */
  static Duration within(Duration remaining) {
    Duration positive = remaining.isNegative() ? Duration.ZERO : remaining;
    return positive.compareTo(IN_WINDOW) < 0 ? positive.plusMillis(50) : IN_WINDOW;
  }
}
