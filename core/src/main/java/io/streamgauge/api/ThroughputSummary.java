package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Record rates over the measurement window. */
public class ThroughputSummary {

  @JsonPropertyDescription("Records per second the load generators produced.")
  private Double producedPerSec;

  @JsonPropertyDescription("Records per second the latency consumer read from the output topics.")
  private Double consumedPerSec;

  public Double getProducedPerSec() {
    return producedPerSec;
  }

  public void setProducedPerSec(Double producedPerSec) {
    this.producedPerSec = producedPerSec;
  }

  public Double getConsumedPerSec() {
    return consumedPerSec;
  }

  public void setConsumedPerSec(Double consumedPerSec) {
    this.consumedPerSec = consumedPerSec;
  }
}
