package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** One validity check of a finished run: what was measured, against what, and the verdict. */
@Getter
@Setter
public class CheckResult {

  @JsonPropertyDescription(
      "The check: producedRate, publishDelayP99, lagGrowth, backlogAtStart, cpuThrottling,"
          + " latencySamples, latencyTail, clock, scrapeInterval,"
          + " failedSends, lostRecords, duplicatedRecords or restoredRecords.")
  private String name;

  @JsonPropertyDescription("The value measured over the window; absent when it was not measured.")
  private Double value;

  @JsonPropertyDescription("The threshold the value is compared with.")
  private Double threshold;

  @JsonPropertyDescription("How value is compared with threshold: >= or <=.")
  private String comparison;

  @JsonPropertyDescription(
      "True when the check passed, false when it failed; absent when it could not be evaluated"
          + " (see detail).")
  private Boolean passed;

  @JsonPropertyDescription("What the check means for this run, in words.")
  private String detail;

  public CheckResult() {}

  public CheckResult(
      String name,
      Double value,
      Double threshold,
      String comparison,
      Boolean passed,
      String detail) {
    this.name = name;
    this.value = value;
    this.threshold = threshold;
    this.comparison = comparison;
    this.passed = passed;
    this.detail = detail;
  }
}
