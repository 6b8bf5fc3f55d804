package io.streamgauge.suite;

import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.spec.SuiteVariant;
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
    return problems(spec, plan, false);
  }

  /**
   * {@link #problems}, and the runs a cluster would refuse for want of an app: a variant without an
   * image whose runtime's reference app does not implement a cell's scenario ({@link
   * SpecValidator#clusterProblems}). Locally a jar or command may stand in for it.
   */
  public static List<String> clusterProblems(BenchmarkSuiteSpec spec, SuitePlan plan) {
    return problems(spec, plan, true);
  }

  private static List<String> problems(BenchmarkSuiteSpec spec, SuitePlan plan, boolean cluster) {
    List<String> problems = new ArrayList<>();
    if (spec.getGate() != null) {
      problems.addAll(SpecValidator.gateRuleProblems("spec.gate.rules", spec.getGate().getRules()));
    }
    problems.addAll(variantScenarioProblems(spec));
    Map<String, List<SuiteCell>> cellsByProblem = new LinkedHashMap<>();
    for (PlannedRun run : plan.runs()) {
      if (run.repetition() == 1) {
        for (String problem :
            cluster
                ? SpecValidator.clusterProblems(run.spec())
                : SpecValidator.problems(run.spec())) {
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

  /**
   * A variant's scenarios must be the matrix's, and the baseline must run every scenario a variant
   * runs, or that variant's cells would be compared with nothing.
   */
  private static List<String> variantScenarioProblems(BenchmarkSuiteSpec spec) {
    List<String> problems = new ArrayList<>();
    if (spec.getMatrix() == null || spec.getMatrix().getVariants() == null) {
      return problems;
    }
    List<Scenario> matrix =
        spec.getMatrix().getScenarios() != null
            ? spec.getMatrix().getScenarios()
            : List.of(spec.getTemplate().getScenario());
    List<SuiteVariant> variants = spec.getMatrix().getVariants();
    for (int i = 0; i < variants.size(); i++) {
      List<Scenario> own = variants.get(i).getScenarios();
      if (own != null) {
        for (Scenario scenario : own) {
          if (!matrix.contains(scenario)) {
            problems.add(
                "spec.matrix.variants["
                    + i
                    + "].scenarios: "
                    + scenario.value()
                    + " is not one of the matrix's scenarios ("
                    + String.join(", ", matrix.stream().map(Scenario::value).toList())
                    + ")");
          }
        }
      }
    }
    SuiteVariant baseline =
        variants.stream()
            .filter(v -> v.getName() != null && v.getName().equals(spec.getBaseline()))
            .findFirst()
            .orElse(null);
    if (baseline != null && baseline.getScenarios() != null) {
      for (Scenario scenario : matrix) {
        boolean runBySomeone =
            variants.stream()
                .anyMatch(v -> v.getScenarios() == null || v.getScenarios().contains(scenario));
        if (runBySomeone && !baseline.getScenarios().contains(scenario)) {
          problems.add(
              "spec.baseline: "
                  + baseline.getName()
                  + " does not run "
                  + scenario.value()
                  + ", which another variant runs: its cells would be compared with nothing");
        }
      }
    }
    return problems;
  }

  private static List<String> variantNames(BenchmarkSuiteSpec spec, SuitePlan plan) {
    if (spec.getMatrix() != null && spec.getMatrix().getVariants() != null) {
      return spec.getMatrix().getVariants().stream().map(SuiteVariant::getName).toList();
    }
    return plan.cells().stream().map(SuiteCell::variant).distinct().toList();
  }
}
