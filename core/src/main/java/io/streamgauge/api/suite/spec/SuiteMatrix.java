package io.streamgauge.api.suite.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** The axes a suite's cells are the product of. An axis left out has the template's one value. */
@Getter
@Setter
public class SuiteMatrix {

  @Size(min = 1, max = 8)
  @ValidationRule(
      value = "self.all(v, self.exists_one(w, w.name == v.name))",
      message = "variant names must be unique")
  @JsonPropertyDescription(
      "What is compared: runtimes, images or settings of the app. Default: one variant"
          + " named after the template's runtime.")
  private List<SuiteVariant> variants;

  @Size(min = 1, max = 6)
  @JsonPropertyDescription(
      "The scenarios to run (each with its own defaults). Default: the template's.")
  private List<Scenario> scenarios;

  @Size(min = 1, max = 2)
  @JsonPropertyDescription("The processing guarantees to run. Default: the template's.")
  private List<ProcessingGuarantee> processingGuarantees;

  @Size(min = 1, max = 8)
  @ValidationRule(
      value = "self.all(r, r > 0.0 && r <= 100.0)",
      message = "every rate scale must be greater than 0 and at most 100")
  @JsonPropertyDescription(
      "Rate levels, each a factor applied to every topic's rate (after the scenario's"
          + " defaults), e.g. [0.5, 1]. Default [1].")
  private List<Double> rateScales;
}
