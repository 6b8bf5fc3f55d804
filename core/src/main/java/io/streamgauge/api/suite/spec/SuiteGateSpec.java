package io.streamgauge.api.suite.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * A suite's regression gate: rules judged on every comparison of a candidate cell with its baseline
 * cell.
 */
@Getter
@Setter
public class SuiteGateSpec {

  @Required
  @Size(min = 1, max = 32)
  @JsonPropertyDescription(
      "Rules FIGURE<=N%, as in a BenchmarkRun's spec.gate.rules (e.g. latency.p99<=5%,"
          + " cpu<=10%).")
  @ValidationRule(
      value = "self.all(r, size(r) <= 256)",
      message = "each rule is at most 256 characters")
  private List<String> rules;
}
