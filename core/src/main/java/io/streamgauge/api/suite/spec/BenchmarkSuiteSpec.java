package io.streamgauge.api.suite.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import lombok.Getter;
import lombok.Setter;

/**
 * A matrix of benchmarks: the template run, the axes its cells vary, how often each cell is
 * repeated, which variant is the baseline and the gate the others must pass. Cannot change once the
 * suite exists.
 */
@ValidationRule(
    value = "self == oldSelf",
    message = "spec is immutable once the suite is created; create a new BenchmarkSuite instead")
@ValidationRule(
    value = "!has(self.template.repetitions) && !has(self.template.gate)",
    message =
        "template.repetitions and template.gate: set repetitions and gate on the suite"
            + " (spec.repetitions, spec.gate)")
@ValidationRule(
    value = "!has(self.template.capacity)",
    message =
        "template.capacity: a suite measures fixed rates (matrix.rateScales); search capacity with"
            + " a BenchmarkRun of its own")
@ValidationRule(
    value = "!has(self.gate) || has(self.baseline)",
    message = "gate: needs spec.baseline, the variant the others are compared with")
@ValidationRule(
    value =
        "!has(self.baseline) || (has(self.matrix) && has(self.matrix.variants)"
            + " && self.matrix.variants.exists(v, v.name == self.baseline))",
    message = "baseline: must name one of spec.matrix.variants")
@ValidationRule(
    value =
        "(has(self.matrix) && has(self.matrix.variants) ? self.matrix.variants.size() : 1)"
            + " * (has(self.matrix) && has(self.matrix.scenarios) ? self.matrix.scenarios.size()"
            + " : 1) * (has(self.matrix) && has(self.matrix.processingGuarantees)"
            + " ? self.matrix.processingGuarantees.size() : 1) * (has(self.matrix)"
            + " && has(self.matrix.rateScales) ? self.matrix.rateScales.size() : 1)"
            + " * (has(self.repetitions) ? self.repetitions : 1) <= "
            + BenchmarkSuiteSpec.MAX_RUNS,
    message =
        "matrix × repetitions: at most "
            + BenchmarkSuiteSpec.MAX_RUNS
            + " runs in one suite (each is a BenchmarkRun named <suite>-<n>)")
@Getter
@Setter
public class BenchmarkSuiteSpec {

  /** The most runs of one suite: their names {@code <suite>-<n>} stay DNS labels. */
  public static final int MAX_RUNS = 999;

  @Required
  @JsonPropertyDescription(
      "The BenchmarkRun spec every run starts from; each cell replaces the fields its axes set"
          + " (scenario, processingGuarantee, the app's variant fields) and scales the rates."
          + " Its scenario and processingGuarantee are used where the matrix leaves that axis"
          + " out.")
  private BenchmarkRunSpec template;

  @JsonPropertyDescription(
      "The axes: variants × scenarios × processingGuarantees × rateScales. Each combination is"
          + " a cell.")
  private SuiteMatrix matrix;

  @Min(1)
  @Max(BenchmarkRunSpec.MAX_REPETITIONS)
  @JsonPropertyDescription(
      "Runs per cell, each with fresh topics and a fresh app. Runs go one at a time, the"
          + " variants of a scenario, guarantee and rate interleaved (A B, B A, A B, …), so drift"
          + " of the nodes over time hits every variant alike. Default 1.")
  private Integer repetitions;

  @Pattern("^[a-z]([-a-z0-9]*[a-z0-9])?$")
  @Size(max = 20)
  @JsonPropertyDescription(
      "The variant the others are compared with: each other variant's cell is compared with the"
          + " baseline's cell of the same scenario, guarantee and rate (status.comparisons).")
  private String baseline;

  @JsonPropertyDescription(
      "A regression gate judged on every comparison; the Gate condition (locally exit code 6)"
          + " fails when a rule fails on any.")
  private SuiteGateSpec gate;
}
