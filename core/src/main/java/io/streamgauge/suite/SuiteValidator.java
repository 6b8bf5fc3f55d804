package io.streamgauge.suite;

import io.streamgauge.api.suite.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.SuiteVariant;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the suite CRD's schema cannot check: the gate's rules, and every cell's run spec through
 * {@link SpecValidator}. A problem is named where it comes from: under {@code
 * spec.matrix.variants[i]} when only some variants' cells have it in their app, else under {@code
 * spec.template}, with the cells that have it. An empty list means every run of the suite can
 * start.
 */
public final class SuiteValidator {

  private SuiteValidator() {}

  /** Every problem of the suite's spec and its planned runs. */
  public static List<String> problems(BenchmarkSuiteSpec spec, SuitePlan plan) {
    List<String> problems = new ArrayList<>();
    if (spec.getGate() != null) {
      problems.addAll(SpecValidator.gateRuleProblems("spec.gate.rules", spec.getGate().getRules()));
    }
    Map<String, List<SuiteCell>> cellsByProblem = new LinkedHashMap<>();
    for (PlannedRun run : plan.runs()) {
      if (run.repetition() == 1) {
        for (String problem : SpecValidator.problems(run.spec())) {
          cellsByProblem.computeIfAbsent(problem, p -> new ArrayList<>()).add(plan.cellOf(run));
        }
      }
    }
    List<String> variants = variantNames(spec, plan);
    cellsByProblem.forEach(
        (problem, cells) -> {
          Set<String> having = new LinkedHashSet<>();
          cells.forEach(c -> having.add(c.variant()));
          String suffix =
              " (cell "
                  + cells.get(0).name()
                  + (cells.size() > 1 ? " and " + (cells.size() - 1) + " more" : "")
                  + ")";
          if (problem.startsWith("spec.app.") && having.size() < variants.size()) {
            for (String variant : having) {
              problems.add(
                  "spec.matrix.variants["
                      + variants.indexOf(variant)
                      + "]."
                      + problem.substring("spec.app.".length())
                      + suffix);
            }
          } else {
            problems.add(
                (problem.startsWith("spec.") ? "spec.template." + problem.substring(5) : problem)
                    + suffix);
          }
        });
    return problems;
  }

  private static List<String> variantNames(BenchmarkSuiteSpec spec, SuitePlan plan) {
    if (spec.getMatrix() != null && spec.getMatrix().getVariants() != null) {
      return spec.getMatrix().getVariants().stream().map(SuiteVariant::getName).toList();
    }
    return plan.cells().stream().map(SuiteCell::variant).distinct().toList();
  }
}
