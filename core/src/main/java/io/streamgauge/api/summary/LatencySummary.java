package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** End-to-end latency over the measurement window, from one histogram (never averaged). */
public class LatencySummary {

  @JsonPropertyDescription("Median latency in ms.")
  private Double p50Ms;

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

  public Double getP50Ms() {
    return p50Ms;
  }

  public void setP50Ms(Double p50Ms) {
    this.p50Ms = p50Ms;
  }

  public Double getP95Ms() {
    return p95Ms;
  }

  public void setP95Ms(Double p95Ms) {
    this.p95Ms = p95Ms;
  }

  public Double getP99Ms() {
    return p99Ms;
  }

  public void setP99Ms(Double p99Ms) {
    this.p99Ms = p99Ms;
  }

  public Double getP999Ms() {
    return p999Ms;
  }

  public void setP999Ms(Double p999Ms) {
    this.p999Ms = p999Ms;
  }

  public Double getMaxMs() {
    return maxMs;
  }

  public void setMaxMs(Double maxMs) {
    this.maxMs = maxMs;
  }

  public Long getSamples() {
    return samples;
  }

  public void setSamples(Long samples) {
    this.samples = samples;
  }

  public Long getNegativeSamples() {
    return negativeSamples;
  }

  public void setNegativeSamples(Long negativeSamples) {
    this.negativeSamples = negativeSamples;
  }

  public Boolean getComplete() {
    return complete;
  }

  public void setComplete(Boolean complete) {
    this.complete = complete;
  }

  public List<String> getPartitionsBehind() {
    return partitionsBehind;
  }

  public void setPartitionsBehind(List<String> partitionsBehind) {
    this.partitionsBehind = partitionsBehind;
  }

  public Boolean getSharedClock() {
    return sharedClock;
  }

  public void setSharedClock(Boolean sharedClock) {
    this.sharedClock = sharedClock;
  }

  public Boolean getClockSkewed() {
    return clockSkewed;
  }

  public void setClockSkewed(Boolean clockSkewed) {
    this.clockSkewed = clockSkewed;
  }
}
