package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Record counts that show loss and duplication, from per-producer sequence headers. */
public class IntegritySummary {

  @JsonPropertyDescription("Records produced inside the window.")
  private Long produced;

  @JsonPropertyDescription("Records consumed inside the window.")
  private Long consumed;

  @JsonPropertyDescription("Sequence numbers never received (after a grace period).")
  private Long lost;

  @JsonPropertyDescription("Sequence numbers received more than once.")
  private Long duplicated;

  public Long getProduced() {
    return produced;
  }

  public void setProduced(Long produced) {
    this.produced = produced;
  }

  public Long getConsumed() {
    return consumed;
  }

  public void setConsumed(Long consumed) {
    this.consumed = consumed;
  }

  public Long getLost() {
    return lost;
  }

  public void setLost(Long lost) {
    this.lost = lost;
  }

  public Long getDuplicated() {
    return duplicated;
  }

  public void setDuplicated(Long duplicated) {
    this.duplicated = duplicated;
  }
}
