package io.streamgauge.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A regression gate evaluated on a comparison: a rule fails when the candidate is worse than the
 * baseline by more than it allows <em>and</em> the comparison calls the baseline the winner (the
 * difference is beyond the noise floor and, with repetitions, its interval excludes 0), so noise
 * alone never fails a gate. A figure the comparison cannot judge fails its rule: a gate does not
 * pass on missing data.
 *
 * @param results one line per rule, in the rules' order
 */
public record GateVerdict(List<RuleResult> results) {

  /**
   * One rule's outcome.
   *
   * @param worsening how much worse the candidate's median is, as a fraction (negative: better),
   *     null when there is no relative difference
   * @param detail the numbers behind the outcome, one sentence
   */
  public record RuleResult(GateRule rule, boolean passed, Double worsening, String detail) {}

  /** Evaluates every rule on the comparison. */
  public static GateVerdict evaluate(Comparison comparison, List<GateRule> rules) {
    List<RuleResult> results = new ArrayList<>();
    for (GateRule rule : rules) {
      results.add(judge(rule, comparison.row(rule.figure())));
    }
    return new GateVerdict(List.copyOf(results));
  }

  /** True when every rule passed. */
  public boolean passed() {
    return results.stream().allMatch(RuleResult::passed);
  }

  /** The failed rules, e.g. {@code latency.p99<=5% (+12.3%)}, comma-separated. */
  public String failures() {
    return String.join(
        ", ",
        results.stream()
            .filter(r -> !r.passed())
            .map(r -> r.rule() + (r.worsening() == null ? "" : " (" + worse(r.worsening()) + ")"))
            .toList());
  }

  private static RuleResult judge(GateRule rule, ComparisonRow row) {
    if (row == null || row.verdict() == Verdict.NOT_COMPARED) {
      return new RuleResult(
          rule, false, null, "not measured on both sides: the gate cannot judge it");
    }
    if (row.delta() == null) {
      boolean passed = row.verdict() != Verdict.BASELINE_WINS;
      return new RuleResult(rule, passed, null, "the baseline's median is 0; " + row.reason());
    }
    double worsening =
        rule.figure().better() == ComparedFigure.Better.LOWER ? row.delta() : -row.delta();
    boolean beyondBound = worsening > rule.maxWorsening();
    boolean significant = row.verdict() == Verdict.BASELINE_WINS;
    String detail;
    if (!beyondBound) {
      detail = worse(worsening) + ", within the allowed " + percent(rule.maxWorsening());
    } else if (significant) {
      detail = worse(worsening) + ", more than the allowed " + percent(rule.maxWorsening());
    } else {
      detail =
          worse(worsening)
              + ", more than the allowed "
              + percent(rule.maxWorsening())
              + " but within the noise ("
              + row.reason()
              + ")";
    }
    if (row.noiseFloor() > rule.maxWorsening()) {
      detail +=
          "; the noise floor of "
              + percent(row.noiseFloor())
              + " is above the bound: this gate cannot see a "
              + percent(rule.maxWorsening())
              + " regression with this spread";
    }
    return new RuleResult(rule, !(beyondBound && significant), worsening, detail);
  }

  private static String worse(double worsening) {
    return worsening >= 0 ? percent(worsening) + " worse" : percent(-worsening) + " better";
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }
}
