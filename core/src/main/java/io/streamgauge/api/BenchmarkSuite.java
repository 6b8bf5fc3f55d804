package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn;
import io.fabric8.crd.generator.annotation.AdditionalPrinterColumn.Type;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Version;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;

/**
 * A matrix of BenchmarkRuns run one at a time on the same nodes — variants × scenarios × guarantees
 * × rate levels, each cell repeated — with each variant compared against a baseline and a
 * regression gate ({@link BenchmarkSuiteSpec}); what ran and what it showed is in {@link
 * BenchmarkSuiteStatus}.
 */
@ValidationRule(
    value = "self.metadata.name.size() <= " + BenchmarkSuite.MAX_NAME_LENGTH,
    message =
        "metadata.name: at most "
            + BenchmarkSuite.MAX_NAME_LENGTH
            + " characters: the suite's runs are named <suite>-<n> (n up to 999), and a run's"
            + " name is at most "
            + BenchmarkRun.MAX_NAME_LENGTH)
@ValidationRule(
    value = "self.metadata.name.matches('^[a-z]([-a-z0-9]*[a-z0-9])?$')",
    message =
        "metadata.name: lowercase letters, digits and '-', starting with a letter (it starts its"
            + " runs' names)")
@Group(BenchmarkRun.GROUP)
@Version(BenchmarkRun.VERSION)
@ShortNames({"bs", "suite"})
@AdditionalPrinterColumn(name = "Phase", jsonPath = ".status.phase", type = Type.STRING)
@AdditionalPrinterColumn(name = "Completed", jsonPath = ".status.completed", type = Type.STRING)
@AdditionalPrinterColumn(
    name = "Gate",
    jsonPath = ".status.conditions[?(@.type==\"Gate\")].status",
    type = Type.STRING)
@AdditionalPrinterColumn(
    name = "Valid",
    jsonPath = ".status.conditions[?(@.type==\"Valid\")].status",
    type = Type.STRING)
@AdditionalPrinterColumn(name = "Progress", jsonPath = ".status.progress", type = Type.STRING)
@AdditionalPrinterColumn(name = "Age", jsonPath = ".metadata.creationTimestamp", type = Type.DATE)
public class BenchmarkSuite extends CustomResource<BenchmarkSuiteSpec, BenchmarkSuiteStatus>
    implements Namespaced {

  /** The longest suite name: {@code <suite>-999} stays within a run's 40 characters. */
  public static final int MAX_NAME_LENGTH = BenchmarkRun.MAX_NAME_LENGTH - 4;

  /** The spec is required: a suite without one would have nothing to run. */
  @Override
  @Required
  @JsonPropertyDescription(
      "The suite's matrix: a run template, its variants (one the baseline), scenarios, guarantees"
          + " and rate levels, repetitions per cell, and the gate each variant must pass against"
          + " the baseline.")
  public BenchmarkSuiteSpec getSpec() {
    return super.getSpec();
  }
}
