package io.streamgauge.capacity;

import io.streamgauge.api.status.CapacityLimitStatus;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A search's outcome in words, for status messages and the report. */
final class CapacityText {

  private CapacityText() {}

  /** {@code CPU limit 1}, or {@code 2 instances of CPU limit 1}. */
  static String size(String cpuLimit, int instances) {
    return instances == 1
        ? "CPU limit " + cpuLimit
        : instances + " instances of CPU limit " + cpuLimit;
  }

  /** The size {@code limit} was searched at, as {@link #size} says it. */
  static String size(CapacityLimitStatus limit) {
    return size(limit.getCpuLimit(), CapacityPlan.instancesOf(limit.getInstances()));
  }

  /** {@code ceiling in [600, 625] records/s}, or what else the search ended with. */
  static String outcome(SearchStep.Done done, CapacityLimitStatus previous) {
    String interval = interval(done.lastPass(), done.firstFail());
    return switch (done.outcome()) {
      case Found -> "ceiling in " + interval;
      case AtMaxRate -> "sustained the maximum rate: ceiling at least " + rate(done.lastPass());
      case BelowLowestProbe -> "failed even at " + rate(done.firstFail());
      case NotBetterThanSmaller ->
          "failed at "
              + rate(done.firstFail())
              + (previous == null || done.firstFail().equals(previous.getFirstFailPerSecond())
                  ? ", where "
                  : ", not above where ")
              + (previous == null ? "the smaller size" : size(previous))
              + " first failed"
              + (previous == null || done.firstFail().equals(previous.getFirstFailPerSecond())
                  ? ""
                  : " (" + rate(previous.getFirstFailPerSecond()) + ")")
              + ": no better than it";
      case ProbeBudgetSpent -> "probe budget spent: ceiling in " + interval;
      case Stopped -> "stopped: ceiling in " + interval;
    };
  }

  /** A larger limit not searched: {@code smaller} already sustained the maximum rate. */
  static String notSearched(CapacityLimitStatus smaller) {
    return "not searched: "
        + size(smaller)
        + " already sustained the maximum rate, "
        + rate(smaller.getLastPassPerSecond());
  }

  /**
   * Each rate whose conclusive probes disagreed, or that had inconclusive ones: {@code 700
   * records/s: 2 of 3 passed}, {@code 800 records/s: 1 of 1 passed, 2 inconclusive}, lowest first.
   */
  static List<String> splitRates(List<ProbeVerdict> verdicts) {
    List<String> split = new ArrayList<>();
    RateTally.byRate(verdicts)
        .forEach(
            (rate, tally) -> {
              boolean disagreed = tally.passed() > 0 && tally.failed() > 0;
              if (disagreed || tally.inconclusive() > 0) {
                split.add(
                    rate(rate)
                        + ": "
                        + tally.passed()
                        + " of "
                        + (tally.passed() + tally.failed())
                        + " passed"
                        + (tally.inconclusive() > 0
                            ? ", " + tally.inconclusive() + " inconclusive"
                            : ""));
              }
            });
    return split;
  }

  /** {@code [600, 625] records/s}, with an open edge as ? . */
  static String interval(Double lastPass, Double firstFail) {
    return "[" + number(lastPass) + ", " + number(firstFail) + "] records/s";
  }

  static String rate(Double rate) {
    return number(rate) + " records/s";
  }

  /** Cores as a limit says them, to the millicore: {@code 0.5}, {@code 1}, {@code 1.25}. */
  static String cores(double value) {
    return BigDecimal.valueOf(value)
        .setScale(3, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  static String number(Double value) {
    return value == null ? "?" : String.format(Locale.ROOT, "%,.0f", value);
  }
}
