package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** One output topic's latency and rate over the measurement window. */
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

  public Long getSamples() {
    return samples;
  }

  public void setSamples(Long samples) {
    this.samples = samples;
  }

  public Double getP50Ms() {
    return p50Ms;
  }

  public void setP50Ms(Double p50Ms) {
    this.p50Ms = p50Ms;
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

  public Double getConsumedPerSec() {
    return consumedPerSec;
  }

  public void setConsumedPerSec(Double consumedPerSec) {
    this.consumedPerSec = consumedPerSec;
  }
}
