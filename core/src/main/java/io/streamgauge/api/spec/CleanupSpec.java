package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.streamgauge.common.SpecDuration;
import lombok.Getter;
import lombok.Setter;

/** What happens to the provisioned resources when a run ends. */
@Getter
@Setter
public class CleanupSpec {

  @JsonPropertyDescription(
      "When the run's workloads (app, clients, a Kafka of its own) are deleted once"
          + " it ended: Always (default: a failed run gives back what it requested at once), OnSuccess"
          + " (a failed run keeps them running for inspection until it is deleted) or Never."
          + " Before deleting them the operator keeps the end of every container log in the"
          + " ConfigMap status.logsConfigMap names; results and Events stay either way.")
  private CleanupPolicy policy;

  @JsonPropertyDescription(
      "Keep the results ConfigMap when the run is deleted: it is then named"
          + " <run>-results-<first 8 characters of the run's uid> and has no owner reference, so"
          + " deleting and re-creating a run (as GitOps does) never erases an earlier run's"
          + " evidence. Default false: the results live as long as the run.")
  private Boolean keepResults;

  @Pattern(SpecDuration.PATTERN)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "Delete the run itself this long after it ended (Succeeded or Failed, its gate judged), as a"
          + " Job's ttlSecondsAfterFinished does: everything it owns goes with it, its kept"
          + " results (keepResults) stay. A duration like 24h. Not set: the run stays until deleted."
          + " The runs of a repeated run, a capacity search or a suite go with their parent."
          + " Kubernetes only.")
  private String ttlAfterFinished;
}
