package io.streamgauge.suite;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.status.GateStatus;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.Comparison;
import io.streamgauge.compare.ComparisonMarkdown;
import io.streamgauge.compare.GateReport;
import io.streamgauge.compare.GateRule;
import io.streamgauge.compare.GateVerdict;
import io.streamgauge.run.Conditions;
import java.time.Instant;
import java.util.List;

/**
 * A run's regression gate ({@code spec.gate}) judged: the run (or its repetitions) compared with
 * the baseline's runs by the code of {@code streamgauge compare}, each rule judged on that
 * comparison. A baseline with no valid run fails every rule: a gate never passes on missing data.
 *
 * @param status the outcome for {@code status.gate}
 * @param comparison the comparison it was judged on, or null when there was none
 * @param verdict each rule's judgement
 */
public record RunGate(GateStatus status, Comparison comparison, GateVerdict verdict) {

  /** Judges {@code rules} on {@code candidate} against {@code baseline}'s runs. */
  public static RunGate judge(
      String baselineName,
      List<ComparedRun> baseline,
      String candidateName,
      List<ComparedRun> candidate,
      List<GateRule> rules) {
    Comparison comparison = null;
    GateVerdict verdict;
    try {
      comparison = Comparison.of(baselineName, baseline, candidateName, candidate, false);
      verdict = GateVerdict.evaluate(comparison, rules);
    } catch (Comparison.NothingToCompareException e) {
      verdict =
          new GateVerdict(
              rules.stream()
                  .map(
                      r ->
                          new GateVerdict.RuleResult(
                              r, false, null, "not compared: " + e.getMessage()))
                  .toList());
    }
    GateStatus status = new GateStatus();
    status.setBaseline(baselineName);
    status.setPassed(verdict.passed());
    status.getRules().addAll(StatusTables.gateRules(verdict, null));
    return new RunGate(status, comparison, verdict);
  }

  /** Sets the {@code Gate} condition: True when every rule passed, False naming the failed ones. */
  public void setCondition(List<Condition> conditions, Instant now, Long generation) {
    if (verdict.passed()) {
      Conditions.set(
          conditions,
          Conditions.GATE,
          Conditions.Status.TRUE,
          "Passed",
          verdict.results().size() + " rule(s) passed against " + status.getBaseline(),
          now,
          generation);
    } else if (comparison == null) {
      Conditions.set(
          conditions,
          Conditions.GATE,
          Conditions.Status.FALSE,
          "NotCompared",
          verdict.results().get(0).detail(),
          now,
          generation);
    } else {
      Conditions.set(
          conditions,
          Conditions.GATE,
          Conditions.Status.FALSE,
          "Failed",
          "against " + status.getBaseline() + ": " + verdict.failures(),
          now,
          generation);
    }
  }

  /** The comparison and the gate as markdown, for a report. */
  public String markdown() {
    return (comparison == null ? "" : ComparisonMarkdown.render(comparison))
        + GateReport.markdown(verdict);
  }
}
