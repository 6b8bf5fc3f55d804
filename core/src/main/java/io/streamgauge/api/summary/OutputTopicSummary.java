package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** One output topic's latency and rate over the measurement window. */
@Getter
@Setter
public class OutputTopicSummary {

  @JsonPropertyDescription("Records of this topic timed inside the window.")
  private Long samples;

  @JsonPropertyDescription("Median latency of this topic's records, in ms.")
  private Double p50Ms;

  @JsonPropertyDescription("99th percentile latency of this topic's records, in ms.")
  private Double p99Ms;

  @JsonPropertyDescription("Largest latency of this topic's records, in ms.")
  private Double maxMs;

  @JsonPropertyDescription("Records per second the latency consumer read from this topic.")
  private Double consumedPerSec;
}
