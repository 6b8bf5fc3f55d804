package io.streamgauge.capacity;

import io.streamgauge.api.status.CapacityOutcome;
import java.util.List;
import java.util.TreeMap;

/**
 * The search for one CPU limit's ceiling: probe the start rate; double after each pass until a
 * probe fails (halve after each fail until one passes); bisect between the last passing and the
 * first failing rate until they are within the resolution (never halving below the lowest rate a
 * probe can be judged at); and probe the last passing rate again at the end.
 *
 * <p>The verdict at a rate is the majority of its probes out of {@code confirmations} (a tie
 * fails); it is settled once that majority cannot change — the first probe alone with one
 * confirmation, two that agree with three. A failing rate is settled before the search turns back
 * below it, so one unlucky probe (a p99 or a lag trend just over its bound on a busy machine)
 * cannot pull the search down; a pass is settled at the end, and an edge whose settled verdict
 * overturns its first moves the interval and the search goes on. Decided from the ended probes
 * alone.
 *
 * <p>An inconclusive probe (its window began behind: the app still absorbing its start) leaves the
 * search where it was, so the same rate is probed again (step {@code retry} when that rate has no
 * conclusive probe yet); once a rate has {@code confirmations} inconclusive probes they count as
 * fails there: the app does not begin level at that rate within its catch-up. Every probe counts
 * against the budget.
 */
public final class CapacitySearch {

  private CapacitySearch() {}

  /** The next step of a search with {@code settings} after {@code probes} (in any order). */
  public static SearchStep next(SearchSettings settings, List<ProbeVerdict> probes) {
    SearchStep step = decide(settings, probes);
    if (step instanceof SearchStep.Probe probe && retries(probes, probe.rate())) {
      return new SearchStep.Probe(probe.rate(), "retry");
    }
    return step;
  }

  /** Whether every probe so far at {@code rate} was inconclusive, and there was one. */
  private static boolean retries(List<ProbeVerdict> probes, double rate) {
    RateTally tally = RateTally.byRate(probes).get(rate);
    return tally != null && tally.passed() + tally.failed() == 0;
  }

  private static SearchStep decide(SearchSettings settings, List<ProbeVerdict> probes) {
    boolean budgetSpent = probes.size() >= settings.maxProbes();
    TreeMap<Double, RateTally> tally = conclusive(settings, probes);
    if (tally.isEmpty()) {
      return budgetSpent
          ? new SearchStep.Done(null, null, CapacityOutcome.ProbeBudgetSpent)
          : new SearchStep.Probe(whole(capped(settings, settings.start())), "start");
    }
    Double firstFail =
        tally.entrySet().stream()
            .filter(e -> !passes(e.getValue()))
            .map(java.util.Map.Entry::getKey)
            .findFirst()
            .orElse(null);
    Double lastPass = null;
    for (var entry : tally.entrySet()) {
      if (firstFail != null && entry.getKey() >= firstFail) {
        break;
      }
      if (passes(entry.getValue())) {
        lastPass = entry.getKey();
      }
    }
    if (lastPass == null && settings.knownPass() != null) {
      lastPass = settings.knownPass();
    }
    if (firstFail == null) {
      return grow(settings, tally, lastPass, budgetSpent);
    }
    if (!budgetSpent && !settled(settings, tally.get(firstFail))) {
      return new SearchStep.Probe(firstFail, "confirm");
    }
    if (lastPass == null) {
      double lower = whole(firstFail / 2);
      if (lower >= firstFail || lower < settings.minRate() || budgetSpent) {
        return new SearchStep.Done(
            null,
            firstFail,
            budgetSpent ? CapacityOutcome.ProbeBudgetSpent : CapacityOutcome.BelowLowestProbe);
      }
      return new SearchStep.Probe(lower, "shrink");
    }
    if (budgetSpent) {
      return new SearchStep.Done(lastPass, firstFail, CapacityOutcome.ProbeBudgetSpent);
    }
    double middle = whole((lastPass + firstFail) / 2);
    if (firstFail - lastPass > settings.resolution() * lastPass
        && middle > lastPass
        && middle < firstFail) {
      return new SearchStep.Probe(middle, "bisect");
    }
    boolean inherited = !tally.containsKey(lastPass);
    if (!inherited && !settled(settings, tally.get(lastPass))) {
      return new SearchStep.Probe(lastPass, "confirm");
    }
    return new SearchStep.Done(
        lastPass,
        firstFail,
        inherited ? CapacityOutcome.NotBetterThanSmaller : CapacityOutcome.Found);
  }

  /**
   * Passes and fails per rate: inconclusive probes count as fails at a rate that has {@code
   * confirmations} of them, else not at all (a rate with nothing else is left out).
   */
  private static TreeMap<Double, RateTally> conclusive(
      SearchSettings settings, List<ProbeVerdict> probes) {
    TreeMap<Double, RateTally> conclusive = new TreeMap<>();
    RateTally.byRate(probes)
        .forEach(
            (rate, tally) -> {
              int failed =
                  tally.failed()
                      + (tally.inconclusive() >= settings.confirmations()
                          ? tally.inconclusive()
                          : 0);
              if (tally.passed() + failed > 0) {
                conclusive.put(rate, new RateTally(tally.passed(), failed, 0));
              }
            });
    return conclusive;
  }

  /** Every probe so far passed: double the highest, up to the cap, confirmed there. */
  private static SearchStep grow(
      SearchSettings settings,
      TreeMap<Double, RateTally> tally,
      Double lastPass,
      boolean budgetSpent) {
    double top = tally.lastKey();
    if (settings.maxRate() != null && top >= whole(settings.maxRate())) {
      if (!settled(settings, tally.get(top)) && !budgetSpent) {
        return new SearchStep.Probe(top, "confirm");
      }
      return new SearchStep.Done(lastPass, null, CapacityOutcome.AtMaxRate);
    }
    if (budgetSpent) {
      return new SearchStep.Done(lastPass, null, CapacityOutcome.ProbeBudgetSpent);
    }
    return new SearchStep.Probe(whole(capped(settings, top * 2)), "grow");
  }

  private static boolean passes(RateTally tally) {
    return tally.passed() > tally.failed();
  }

  /**
   * Whether more probes at a rate could no longer change its verdict: one side holds a majority of
   * {@code confirmations}, or the rate has that many probes (a tie, which fails).
   */
  private static boolean settled(SearchSettings settings, RateTally tally) {
    int confirmations = settings.confirmations();
    return 2 * Math.max(tally.passed(), tally.failed()) > confirmations
        || tally.passed() + tally.failed() >= confirmations;
  }

  private static double capped(SearchSettings settings, double rate) {
    return settings.maxRate() == null ? rate : Math.min(rate, settings.maxRate());
  }

  /** A rate as probed: whole records/s, at least 1. */
  static double whole(double rate) {
    return Math.max(1, Math.round(rate));
  }
}
