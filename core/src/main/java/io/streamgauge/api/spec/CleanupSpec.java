package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What happens to the provisioned resources when a run ends. */
public class CleanupSpec {

  @JsonPropertyDescription(
      "Always, OnSuccess (keep a failed run's resources for inspection) or Never. Default"
          + " OnSuccess.")
  private CleanupPolicy policy;

  @JsonPropertyDescription(
      "Keep the results ConfigMap when the run is deleted: it is then named"
          + " <run>-results-<first 8 characters of the run's uid> and has no owner reference, so"
          + " deleting and re-creating a run (as GitOps does) never erases an earlier run's"
          + " evidence. Default false: the results live as long as the run.")
  private Boolean keepResults;

  public Boolean getKeepResults() {
    return keepResults;
  }

  public void setKeepResults(Boolean keepResults) {
    this.keepResults = keepResults;
  }

  public CleanupPolicy getPolicy() {
    return policy;
  }

  public void setPolicy(CleanupPolicy policy) {
    this.policy = policy;
  }
}
