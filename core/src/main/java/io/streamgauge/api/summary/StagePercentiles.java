package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** One stage's share of the end-to-end latency over the measurement window. */
@Getter
@Setter
public class StagePercentiles {

  @JsonPropertyDescription("Median of this stage, in ms.")
  private Double p50Ms;

  @JsonPropertyDescription("90th percentile of this stage, in ms.")
  private Double p90Ms;

  @JsonPropertyDescription("99th percentile of this stage, in ms.")
  private Double p99Ms;

  @JsonPropertyDescription("Mean of this stage, in ms.")
  private Double meanMs;
}
