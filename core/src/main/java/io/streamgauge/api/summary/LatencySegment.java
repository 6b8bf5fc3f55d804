package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * End-to-end latency of the records stamped inside one segment of the measurement window (before,
 * during or after a fault), to two significant digits (the per-second histograms it is merged
 * from).
 */
public class LatencySegment {

  @JsonPropertyDescription("The segment's start (a record's intended send time, inclusive).")
  private String from;

  @JsonPropertyDescription("The segment's end (exclusive).")
  private String to;

  @JsonPropertyDescription("Records timed in the segment.")
  private Long samples;

  @JsonPropertyDescription("p99 in ms; absent when no record was timed.")
  private Double p99Ms;

  @JsonPropertyDescription("Maximum in ms; absent when no record was timed.")
  private Double maxMs;

  public String getFrom() {
    return from;
  }

  public void setFrom(String from) {
    this.from = from;
  }

  public String getTo() {
    return to;
  }

  public void setTo(String to) {
    this.to = to;
  }

  public Long getSamples() {
    return samples;
  }

  public void setSamples(Long samples) {
    this.samples = samples;
  }

  public Double getP99Ms() {
    return p99Ms;
  }

  public void setP99Ms(Double p99Ms) {
    this.p99Ms = p99Ms;
  }

  public Double getMaxMs() {
    return maxMs;
  }

  public void setMaxMs(Double maxMs) {
    this.maxMs = maxMs;
  }
}
