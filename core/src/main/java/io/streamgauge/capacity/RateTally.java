package io.streamgauge.capacity;

import java.util.List;
import java.util.TreeMap;

/**
 * The probes at one rate, counted by outcome.
 *
 * @param passed probes that met the SLO
 * @param failed probes that did not
 * @param inconclusive probes whose window began behind
 */
record RateTally(int passed, int failed, int inconclusive) {

  /** Every probed rate's tally, lowest rate first. */
  static TreeMap<Double, RateTally> byRate(List<ProbeVerdict> probes) {
    TreeMap<Double, RateTally> tallies = new TreeMap<>();
    for (ProbeVerdict probe : probes) {
      tallies.merge(probe.rate(), of(probe.outcome()), RateTally::plus);
    }
    return tallies;
  }

  private static RateTally of(ProbeVerdict.Outcome outcome) {
    return switch (outcome) {
      case PASSED -> new RateTally(1, 0, 0);
      case FAILED -> new RateTally(0, 1, 0);
      case INCONCLUSIVE -> new RateTally(0, 0, 1);
    };
  }

  private RateTally plus(RateTally other) {
    return new RateTally(
        passed + other.passed, failed + other.failed, inconclusive + other.inconclusive);
  }
}
