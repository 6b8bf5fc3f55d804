package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What happens to the provisioned resources when a run ends. */
public class CleanupSpec {

  @JsonPropertyDescription(
      "Always, OnSuccess (keep a failed run's resources for inspection) or Never. Default"
          + " OnSuccess.")
  private CleanupPolicy policy;

  public CleanupPolicy getPolicy() {
    return policy;
  }

  public void setPolicy(CleanupPolicy policy) {
    this.policy = policy;
  }
}
