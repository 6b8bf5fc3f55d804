package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * End-to-end latency of the records stamped inside one segment of the measurement window (before,
 * during or after a fault), to two significant digits (the per-second histograms it is merged
 * from).
 */
@Getter
@Setter
public class LatencySegment {

  @JsonPropertyDescription("The segment's start (a record's intended send time, inclusive).")
  private String from;

  @JsonPropertyDescription("The segment's end (exclusive).")
  private String to;

  @JsonPropertyDescription("Records timed in the segment.")
  private Long samples;

  @JsonPropertyDescription("p50 in ms; absent when no record was timed.")
  private Double p50Ms;

  @JsonPropertyDescription("p99 in ms; absent when no record was timed.")
  private Double p99Ms;

  @JsonPropertyDescription("Maximum in ms; absent when no record was timed.")
  private Double maxMs;
}
