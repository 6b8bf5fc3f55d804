package io.streamgauge.api.suite.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * One figure of a comparison: each side's median, the relative difference, its bootstrap interval,
 * the noise floor and the verdict.
 */
@Getter
@Setter
public class ComparisonRowStatus {

  @JsonPropertyDescription("The figure: latency.p99, cpu, …")
  private String figure;

  @JsonPropertyDescription("The baseline's median.")
  private Double baseline;

  @JsonPropertyDescription("The candidate's median.")
  private Double candidate;

  @JsonPropertyDescription("candidate / baseline - 1, in percent.")
  private Double deltaPercent;

  @JsonPropertyDescription(
      "Low end of the 95 % bootstrap interval of the difference, in percent (with two runs"
          + " or more per side).")
  private Double intervalLowPercent;

  @JsonPropertyDescription("High end of that interval, in percent.")
  private Double intervalHighPercent;

  @JsonPropertyDescription(
      "Differences under it are parity: max(2 %, 2 × the larger coefficient of variation).")
  private Double noiseFloorPercent;

  @JsonPropertyDescription("candidate wins, parity, baseline wins, or not compared.")
  private String verdict;
}
