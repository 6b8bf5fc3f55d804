package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * One rule of a regression gate as judged: how much worse the candidate is, and why it passed or
 * failed.
 */
@Getter
@Setter
public class GateRuleResult {

  @JsonPropertyDescription("The rule, e.g. latency.p99<=5%.")
  private String rule;

  @JsonPropertyDescription(
      "In a suite: the candidate cell this judgement compares with its baseline cell.")
  private String candidate;

  @JsonPropertyDescription("True when the candidate is not worse beyond the bound and the noise.")
  private Boolean passed;

  @JsonPropertyDescription(
      "How much worse the candidate's median is than the baseline's, in percent (negative:"
          + " better); absent without a relative difference.")
  private Double worsePercent;

  @JsonPropertyDescription("The numbers behind the outcome, in a sentence.")
  private String detail;
}
