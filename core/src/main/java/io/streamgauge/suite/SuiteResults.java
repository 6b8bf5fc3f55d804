package io.streamgauge.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.GateRuleResult;
import io.streamgauge.api.status.GateStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.ComparisonStatus;
import io.streamgauge.api.suite.status.SuiteCellStatus;
import io.streamgauge.compare.ComparedFigure;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.Comparison;
import io.streamgauge.compare.ComparisonJson;
import io.streamgauge.compare.ComparisonMarkdown;
import io.streamgauge.compare.GateReport;
import io.streamgauge.compare.GateRule;
import io.streamgauge.compare.GateVerdict;
import io.streamgauge.compare.RepetitionSummary;
import io.streamgauge.compare.Spread;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.RecordedRuns;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What a suite showed, from its records alone: each cell's figures over its valid runs, each
 * candidate cell compared with the baseline variant's cell of the same scenario, guarantee and rate
 * (the code of {@code streamgauge compare}), and the gate judged on every comparison. As the
 * suite's status, {@code suite.md} and {@code suite.json}.
 */
public final class SuiteResults {

  /** The file (and, on Kubernetes, the results ConfigMap's key) of {@link #markdown}. */
  public static final String MARKDOWN_FILE = "suite.md";

  /** The file (and, on Kubernetes, the results ConfigMap's key) of {@link #json}. */
  public static final String JSON_FILE = "suite.json";

  /** The figures of the cells' table in {@code suite.md}. */
  private static final List<ComparedFigure> CELL_TABLE =
      List.of(
          ComparedFigure.LATENCY_P50,
          ComparedFigure.LATENCY_P99,
          ComparedFigure.CPU,
          ComparedFigure.HEAP,
          ComparedFigure.MEMORY,
          ComparedFigure.CONSUMED_RATE);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One cell: its ended runs and their summary. */
  record CellResult(SuiteCell cell, List<ComparedRun> runs, RepetitionSummary summary) {}

  /**
   * A candidate cell against its baseline cell: the comparison, or why there is none, and the
   * gate's rules judged on it.
   */
  record CellComparison(
      SuiteCell baseline,
      SuiteCell candidate,
      Comparison comparison,
      String notCompared,
      GateVerdict gate) {}

  private final String suiteName;
  private final List<ChildRunStatus> records;
  private final List<CellResult> cells;
  private final List<CellComparison> comparisons;
  private final String baseline;
  private final List<GateRule> rules;

  private SuiteResults(
      String suiteName,
      List<ChildRunStatus> records,
      List<CellResult> cells,
      List<CellComparison> comparisons,
      String baseline,
      List<GateRule> rules) {
    this.suiteName = suiteName;
    this.records = records;
    this.cells = cells;
    this.comparisons = comparisons;
    this.baseline = baseline;
    this.rules = rules;
  }

  /**
   * Summarises the ended runs of {@code plan} ({@code records}, one per planned run).
   *
   * @param baseline the baseline variant, or null for no comparisons
   * @param rules the gate's rules, empty for no gate
   */
  public static SuiteResults of(
      String suiteName,
      SuitePlan plan,
      List<ChildRunStatus> records,
      String baseline,
      List<GateRule> rules) {
    List<CellResult> cells = new ArrayList<>();
    for (SuiteCell cell : plan.cells()) {
      List<ComparedRun> runs = new ArrayList<>();
      for (int i = 0; i < plan.runs().size() && i < records.size(); i++) {
        PlannedRun planned = plan.runs().get(i);
        if (cell.name().equals(planned.cellName()) && records.get(i).getFinishedAt() != null) {
          runs.add(ComparedRecords.asCompared(records.get(i), planned));
        }
      }
      cells.add(new CellResult(cell, runs, RepetitionSummary.of(runs)));
    }
    List<CellComparison> comparisons = new ArrayList<>();
    if (baseline != null) {
      for (CellResult base : cells) {
        if (!base.cell().variant().equals(baseline)) {
          continue;
        }
        for (CellResult candidate : cells) {
          if (candidate.cell().group().equals(base.cell().group())
              && !candidate.cell().variant().equals(baseline)) {
            comparisons.add(compare(base, candidate, rules));
          }
        }
      }
    }
    return new SuiteResults(
        suiteName,
        List.copyOf(records),
        List.copyOf(cells),
        List.copyOf(comparisons),
        baseline,
        List.copyOf(rules));
  }

  /** True when the suite has a gate. */
  public boolean gated() {
    return !rules.isEmpty();
  }

  /** True when every rule passed on every comparison (and there was one to judge). */
  public boolean gatePassed() {
    return !comparisons.isEmpty() && comparisons.stream().allMatch(c -> c.gate().passed());
  }

  /**
   * The failed rules, each with the candidate cell, e.g. {@code b/wordcount/…: latency.p99<=5%
   * (+12.0% worse)}.
   */
  public String gateFailures() {
    if (comparisons.isEmpty()) {
      return "no comparison to judge: no candidate cell beside the baseline's";
    }
    return String.join(
        "; ",
        comparisons.stream()
            .filter(c -> !c.gate().passed())
            .map(c -> c.candidate().name() + ": " + c.gate().failures())
            .toList());
  }

  /**
   * Writes the cells, the comparisons and the gate into {@code status}: at most {@link
   * BenchmarkSuiteStatus#MAX_TABLE_ENTRIES} of each (the failed gate rules first), with how many
   * there are; suite.json holds every one.
   */
  public void applyTo(BenchmarkSuiteStatus status) {
    int most = BenchmarkSuiteStatus.MAX_TABLE_ENTRIES;
    List<SuiteCellStatus> cellStatuses = new ArrayList<>();
    for (CellResult cell : cells.subList(0, Math.min(most, cells.size()))) {
      SuiteCellStatus s = new SuiteCellStatus();
      s.setName(cell.cell().name());
      s.setVariant(cell.cell().variant());
      s.setScenario(cell.cell().scenario());
      s.setProcessingGuarantee(cell.cell().guarantee());
      s.setRateScale(cell.cell().rateScale());
      s.setRuns(cell.runs().size());
      s.setValidRuns((int) cell.runs().stream().filter(ComparedRun::valid).count());
      s.setFigures(StatusTables.figures(cell.summary().spreads()));
      cellStatuses.add(s);
    }
    status.setCells(cellStatuses);
    status.setCellCount(cells.size());
    status.setComparisons(
        comparisons.isEmpty()
            ? null
            : comparisons.stream()
                .limit(most)
                .map(
                    c ->
                        c.comparison() != null
                            ? StatusTables.comparison(c.comparison())
                            : notCompared(c))
                .toList());
    status.setComparisonCount(comparisons.isEmpty() ? null : comparisons.size());
    if (gated()) {
      GateStatus gate = new GateStatus();
      gate.setBaseline(baseline);
      gate.setPassed(gatePassed());
      List<GateRuleResult> rules = new ArrayList<>();
      comparisons.forEach(
          c -> rules.addAll(StatusTables.gateRules(c.gate(), c.candidate().name())));
      gate.setRuleCount(rules.size());
      rules.stream()
          .sorted(Comparator.comparing(r -> Boolean.TRUE.equals(r.getPassed())))
          .limit(most)
          .forEach(gate.getRules()::add);
      status.setGate(gate);
    }
  }

  /** The suite as markdown: its runs, its cells, each comparison and the gate. */
  public String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("# Suite `").append(suiteName).append("`\n\n");
    long valid = records.stream().filter(r -> Boolean.TRUE.equals(r.getValid())).count();
    out.append(records.size())
        .append(
            " runs, one at a time, the variants of each scenario, guarantee and rate interleaved"
                + " per repetition; ended ")
        .append(RecordedRuns.completed(records))
        .append(", valid ")
        .append(valid)
        .append(
            ".\n\n| # | run | cell | repetition | outcome | p99 (ms) |\n|---:|---|---|---:|---|---:|\n");
    for (int i = 0; i < records.size(); i++) {
      ChildRunStatus r = records.get(i);
      Double p99 =
          r.getFigures() == null ? null : r.getFigures().get(ComparedFigure.LATENCY_P99.key());
      out.append("| ")
          .append(i + 1)
          .append(" | ")
          .append(r.getName())
          .append(" | ")
          .append(Objects.requireNonNullElse(r.getCell(), "–"))
          .append(" | ")
          .append(r.getRepetition())
          .append(" | ")
          .append(outcome(r))
          .append(" | ")
          .append(p99 == null ? "–" : ComparisonMarkdown.number(p99))
          .append(" |\n");
    }
    out.append("\n## Cells (median of the valid runs, min–max)\n\n| cell | valid runs |");
    CELL_TABLE.forEach(f -> out.append(' ').append(f.label()).append(" |"));
    out.append("\n|---|---:|");
    CELL_TABLE.forEach(f -> out.append("---:|"));
    out.append('\n');
    for (CellResult cell : cells) {
      out.append("| ")
          .append(cell.cell().name())
          .append(" | ")
          .append(cell.runs().stream().filter(ComparedRun::valid).count())
          .append(" of ")
          .append(cell.runs().size())
          .append(" |");
      for (ComparedFigure figure : CELL_TABLE) {
        Spread s = cell.summary().spreads().get(figure);
        out.append(' ').append(s == null ? "–" : ComparisonMarkdown.spread(s)).append(" |");
      }
      out.append('\n');
    }
    for (CellComparison c : comparisons) {
      out.append('\n');
      if (c.comparison() != null) {
        out.append(ComparisonMarkdown.render(c.comparison()));
      } else {
        out.append("## Comparison: `")
            .append(c.candidate().name())
            .append("` against `")
            .append(c.baseline().name())
            .append("`\n\nNot compared: ")
            .append(c.notCompared())
            .append(".\n");
      }
    }
    if (gated()) {
      out.append("\n## Gate: ").append(gatePassed() ? "passed" : "FAILED").append('\n');
      for (CellComparison c : comparisons) {
        out.append("\n`")
            .append(c.candidate().name())
            .append("` against `")
            .append(c.baseline().name())
            .append("`:\n");
        out.append(GateReport.markdownRules(c.gate()));
      }
    }
    return out.toString();
  }

  /** The suite as JSON ({@code suite.json}). */
  public ObjectNode json() {
    ObjectNode root = JSON.createObjectNode();
    root.put("kind", "SuiteResult");
    root.put("name", suiteName);
    root.put("completed", RecordedRuns.completed(records));
    root.set("runs", JSON.valueToTree(records));
    ArrayNode cellNodes = root.putArray("cells");
    for (CellResult cell : cells) {
      ObjectNode node = cellNodes.addObject();
      node.put("name", cell.cell().name())
          .put("variant", cell.cell().variant())
          .put("scenario", cell.cell().scenario().value())
          .put("processingGuarantee", cell.cell().guarantee().value())
          .put("rateScale", cell.cell().rateScale());
      node.set("repetitions", cell.summary().json());
    }
    if (baseline != null) {
      root.put("baseline", baseline);
    }
    ArrayNode comparisonNodes = root.putArray("comparisons");
    for (CellComparison c : comparisons) {
      JsonNode node =
          c.comparison() != null
              ? ComparisonJson.render(c.comparison())
              : JSON.createObjectNode()
                  .put("kind", "Comparison")
                  .put("notCompared", c.notCompared())
                  .set("baseline", JSON.createObjectNode().put("label", c.baseline().name()));
      comparisonNodes.add(node);
      if (gated()) {
        ((ObjectNode) node).set("gate", GateReport.json(c.gate()));
      }
    }
    if (gated()) {
      root.putObject("gate").put("passed", gatePassed());
    }
    return root;
  }

  private static CellComparison compare(
      CellResult base, CellResult candidate, List<GateRule> rules) {
    try {
      Comparison comparison =
          Comparison.of(
              base.cell().name(), base.runs(), candidate.cell().name(), candidate.runs(), false);
      return new CellComparison(
          base.cell(), candidate.cell(), comparison, null, GateVerdict.evaluate(comparison, rules));
    } catch (Comparison.NothingToCompareException e) {
      List<GateVerdict.RuleResult> failed =
          rules.stream()
              .map(
                  r ->
                      new GateVerdict.RuleResult(r, false, null, "not compared: " + e.getMessage()))
              .toList();
      return new CellComparison(
          base.cell(), candidate.cell(), null, e.getMessage(), new GateVerdict(failed));
    }
  }

  private static ComparisonStatus notCompared(CellComparison c) {
    ComparisonStatus status = new ComparisonStatus();
    status.setBaseline(c.baseline().name());
    status.setCandidate(c.candidate().name());
    status.setNotes(List.of("Not compared: " + c.notCompared() + "."));
    return status;
  }

  private static String outcome(ChildRunStatus r) {
    if (r.getFinishedAt() == null) {
      return r.getPhase() == null ? "not started" : "running (" + r.getPhase() + ")";
    }
    if (Boolean.TRUE.equals(r.getValid())) {
      return "valid";
    }
    String problems = r.getProblems() == null ? "" : ": " + String.join("; ", r.getProblems());
    return (r.getPhase() == Phase.Failed ? "failed" : "invalid") + problems;
  }
}
