package io.streamgauge.capacity;

import io.streamgauge.api.status.CapacityOutcome;

/** What a capacity search does next: probe a rate, or stop with the interval it found. */
public sealed interface SearchStep {

  /**
   * Probe {@code rate}.
   *
   * @param rate records/s, whole
   * @param step why: start, grow, shrink, bisect or confirm
   */
  record Probe(double rate, String step) implements SearchStep {}

  /**
   * The search ended.
   *
   * @param lastPass the highest passing rate below the first failing one; null when none passed
   * @param firstFail the lowest failing rate; null when none failed
   * @param outcome how it ended
   */
  record Done(Double lastPass, Double firstFail, CapacityOutcome outcome) implements SearchStep {}
}
