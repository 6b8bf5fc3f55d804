package io.streamgauge.run;

import java.time.Duration;

/** How soon a waiting step looks again. */
final class Recheck {

  /** While components start. */
  static final Duration STARTING = Duration.ofSeconds(5);

  /** After an error that may pass. */
  /**
   * While the app restores: the restoration's end is observed this closely (on Kubernetes its
   * readiness change also triggers a reconcile at once).
   */
  static final Duration RESTORING = Duration.ofSeconds(1);

  static final Duration AFTER_ERROR = Duration.ofSeconds(15);

  /** At most this long inside a window, so progress stays current. */
  static final Duration IN_WINDOW = Duration.ofSeconds(10);

  private Recheck() {}

  /** Until {@code remaining} has passed, but no longer than {@link #IN_WINDOW}. */
  static Duration within(Duration remaining) {
    Duration positive = remaining.isNegative() ? Duration.ZERO : remaining;
    return positive.compareTo(IN_WINDOW) < 0 ? positive.plusMillis(50) : IN_WINDOW;
  }
}
