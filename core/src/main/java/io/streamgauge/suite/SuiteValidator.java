package io.streamgauge.suite;

import io.streamgauge.api.BenchmarkSuiteSpec;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the suite CRD's schema cannot check: the gate's rules, and every cell's run spec through
 * {@link SpecValidator}, its problems under {@code spec.template} with the cells that have them. An
 * empty list means every run of the suite can start.
 */
public final class SuiteValidator {

  private SuiteValidator() {}

  /** Every problem of the suite's spec and its planned runs. */
  public static List<String> problems(BenchmarkSuiteSpec spec, SuitePlan plan) {
    List<String> problems = new ArrayList<>();
    if (spec.getGate() != null) {
      problems.addAll(SpecValidator.gateRuleProblems("spec.gate.rules", spec.getGate().getRules()));
    }
    Map<String, List<String>> cellsByProblem = new LinkedHashMap<>();
    for (PlannedRun run : plan.runs()) {
      if (run.repetition() != 1) {
        continue;
      }
      for (String problem : SpecValidator.problems(run.spec())) {
        String path =
            problem.startsWith("spec.") ? "spec.template." + problem.substring(5) : problem;
        cellsByProblem.computeIfAbsent(path, p -> new ArrayList<>()).add(run.cellName());
      }
    }
    cellsByProblem.forEach(
        (problem, cells) ->
            problems.add(
                problem
                    + " (cell "
                    + cells.get(0)
                    + (cells.size() > 1 ? " and " + (cells.size() - 1) + " more" : "")
                    + ")"));
    return problems;
  }
}
