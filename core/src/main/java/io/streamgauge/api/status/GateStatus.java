package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * A regression gate's outcome: every rule judged on the comparison with the baseline (in a suite,
 * on every comparison).
 */
@Getter
@Setter
public class GateStatus {

  @JsonPropertyDescription(
      "What the candidate was compared with: a BenchmarkRun, a suite's variant, or a local"
          + " path.")
  private String baseline;

  @JsonPropertyDescription("True when every rule passed.")
  private Boolean passed;

  @JsonPropertyDescription(
      "Each rule's judgement; in a suite the failed first, at most 32 (ruleCount says how many"
          + " there are; suite.json holds every one).")
  private List<GateRuleResult> rules = new ArrayList<>();

  @JsonPropertyDescription("In a suite: how many rule judgements there are over every comparison.")
  private Integer ruleCount;
}
