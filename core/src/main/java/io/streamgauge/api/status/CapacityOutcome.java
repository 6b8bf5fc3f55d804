package io.streamgauge.api.status;

/** How the capacity search of one CPU limit ended. */
public enum CapacityOutcome {
  /** The ceiling lies in [last pass, first fail], resolved and confirmed. */
  Found,
  /** Every probe up to spec.capacity.maxRatePerSecond passed: the ceiling is at least that. */
  AtMaxRate,
  /**
   * The lowest probe failed, and halving again would go below the lowest rate a probe can be judged
   * at (its window must time spec.checks.minLatencySamples records).
   */
  BelowLowestProbe,
  /**
   * A larger CPU limit failed at the rate the smaller one first failed at: it cannot beat the
   * smaller limit's ceiling, so it was not searched further.
   */
  NotBetterThanSmaller,
  /**
   * The search used spec.capacity.maxProbes before it resolved: the interval is as far as it got.
   */
  ProbeBudgetSpent,
  /** A probe was interrupted or could not run; the interval is as far as it got. */
  Stopped
}
