package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** End-to-end latency over the measurement window, from one histogram (never averaged). */
@Getter
@Setter
public class LatencySummary {

  @JsonPropertyDescription("Median latency in ms.")
  private Double p50Ms;

  @JsonPropertyDescription("90th percentile latency in ms.")
  private Double p90Ms;

  @JsonPropertyDescription("95th percentile latency in ms.")
  private Double p95Ms;

  @JsonPropertyDescription("99th percentile latency in ms.")
  private Double p99Ms;

  @JsonPropertyDescription("99.9th percentile latency in ms.")
  private Double p999Ms;

  @JsonPropertyDescription("Largest latency in ms.")
  private Double maxMs;

  @JsonPropertyDescription("Number of records timed inside the window.")
  private Long samples;

  @JsonPropertyDescription(
      "Records whose timestamp was after their receipt (clock skew); counted, not in the"
          + " percentiles.")
  private Long negativeSamples;

  @JsonPropertyDescription(
      "True when every load generator ran on the latency consumer's node, so send and receive"
          + " times come from one clock; false when they ran on different nodes (the latencies"
          + " then include the clocks' offset); absent when the nodes are unknown.")
  private Boolean sharedClock;

  @JsonPropertyDescription(
      "True when more than 10 records arrived before they were sent (negativeSamples): the"
          + " clocks of the load generators and the latency consumer disagree, and every"
          + " percentile is off by that offset.")
  private Boolean clockSkewed;

  @JsonPropertyDescription(
      "False when, after spec.schedule.drainTimeout, some output partitions had still delivered"
          + " no record stamped after the window's end: the window's slowest records may be"
          + " missing from the percentiles, which then read too low. See partitionsBehind.")
  private Boolean complete;

  @JsonPropertyDescription("The output partitions behind the window's end when complete is false.")
  private List<String> partitionsBehind;

  @JsonPropertyDescription(
      "Where the latency went, record by record: publish delay, through the app, commit wait;"
          + " absent when spec.latency.stages is false.")
  private LatencyStages stages;
}
