package io.streamgauge.suite;

import io.streamgauge.api.status.FigureSpread;
import io.streamgauge.api.status.GateRuleResult;
import io.streamgauge.api.suite.status.ComparisonRowStatus;
import io.streamgauge.api.suite.status.ComparisonStatus;
import io.streamgauge.compare.ComparedFigure;
import io.streamgauge.compare.Comparison;
import io.streamgauge.compare.ComparisonRow;
import io.streamgauge.compare.GateVerdict;
import io.streamgauge.compare.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The comparison code's results in the resources' status types: spreads, comparison rows and gate
 * rules, percentages as percentages.
 */
public final class StatusTables {

  private StatusTables() {}

  /** Each figure's spread. */
  public static List<FigureSpread> figures(Map<ComparedFigure, Spread> spreads) {
    List<FigureSpread> figures = new ArrayList<>();
    spreads.forEach(
        (figure, s) -> {
          FigureSpread f = new FigureSpread();
          f.setFigure(figure.key());
          f.setMedian(s.median());
          f.setMin(s.min());
          f.setMax(s.max());
          f.setCv(Double.isFinite(s.cv()) ? s.cv() : null);
          f.setRuns(s.count());
          figures.add(f);
        });
    return figures;
  }

  /** A comparison with its rows and notes. */
  static ComparisonStatus comparison(Comparison comparison) {
    ComparisonStatus status = new ComparisonStatus();
    status.setBaseline(comparison.baselineLabel());
    status.setCandidate(comparison.candidateLabel());
    status.setIndicative(comparison.indicative());
    for (ComparisonRow row : comparison.rows()) {
      ComparisonRowStatus r = new ComparisonRowStatus();
      r.setFigure(row.figure().key());
      r.setBaseline(row.baseline() == null ? null : row.baseline().median());
      r.setCandidate(row.candidate() == null ? null : row.candidate().median());
      r.setDeltaPercent(percent(row.delta()));
      if (row.interval() != null) {
        r.setIntervalLowPercent(percent(row.interval().low()));
        r.setIntervalHighPercent(percent(row.interval().high()));
      }
      r.setNoiseFloorPercent(percent(row.noiseFloor()));
      r.setVerdict(row.verdict().text());
      status.getRows().add(r);
    }
    status.setNotes(comparison.notes().isEmpty() ? null : comparison.notes());
    return status;
  }

  /** Each rule's judgement; {@code candidate} names what was compared in a suite, else null. */
  static List<GateRuleResult> gateRules(GateVerdict verdict, String candidate) {
    List<GateRuleResult> results = new ArrayList<>();
    for (GateVerdict.RuleResult r : verdict.results()) {
      GateRuleResult result = new GateRuleResult();
      result.setRule(r.rule().toString());
      result.setCandidate(candidate);
      result.setPassed(r.passed());
      result.setWorsePercent(percent(r.worsening()));
      result.setDetail(r.detail());
      results.add(result);
    }
    return results;
  }

  private static Double percent(Double fraction) {
    return fraction == null ? null : Math.round(fraction * 100_000) / 1000.0;
  }
}
