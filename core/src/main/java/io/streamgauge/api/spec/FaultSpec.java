package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.SpecDuration;
import lombok.Getter;
import lombok.Setter;

/** One fault injected at a time offset inside the measurement window. */
@ValidationRule(
    value = "self.type != 'RollBroker' || !has(self.instance)",
    message = "a RollBroker fault hits a broker, not an app instance: remove instance")
@ValidationRule(
    value = "(self.type == 'PauseApp') == has(self.duration)",
    message =
        "a PauseApp fault needs a duration (how long the app stays stopped); other faults have"
            + " none")
@Getter
@Setter
public class FaultSpec {

  @Required
  @JsonPropertyDescription(
      "KillApp (Kubernetes: delete the app's pod without grace; locally SIGKILL and start it"
          + " again), PauseApp (SIGSTOP for duration, then SIGCONT; local mode only) or"
          + " RollBroker (restart one broker of the run's own cluster in order: Kubernetes deletes"
          + " its pod with its grace and Strimzi starts it again; locally SIGTERM and start it"
          + " again on the same data).")
  private FaultType type;

  @Required
  @Pattern(SpecDuration.PATTERN)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription(
      "When, after the measurement window's start, e.g. 30s; it must leave room in the window"
          + " for the recovery to be seen.")
  private String at;

  @Pattern(SpecDuration.PATTERN)
  @ValidationRule(value = SpecDuration.AT_MOST_MAX_RULE, message = SpecDuration.AT_MOST_MAX_MESSAGE)
  @Size(max = 20)
  @JsonPropertyDescription("PauseApp: how long the app stays stopped, e.g. 10s.")
  private String duration;

  @Min(0)
  @Max(ContractSettings.MAX_INSTANCES - 1)
  @JsonPropertyDescription(
      "KillApp and PauseApp: which instance of the app (spec.app.replicas) it hits, by its index"
          + " from 0; the others go on and take over its input. Default 0. Below spec.app.replicas.")
  private Integer instance;
}
