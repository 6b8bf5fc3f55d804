package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.streamgauge.api.BenchmarkRunStatus;
import java.time.Instant;

/** The run's {@code Ready} condition: Unknown while running, True on success, False on failure. */
final class ReadyCondition {

  static final String TYPE = "Ready";

  /** A condition's status, as Kubernetes spells it. */
  enum Status {
    TRUE("True"),
    FALSE("False"),
    UNKNOWN("Unknown");

    private final String value;

    Status(String value) {
      this.value = value;
    }
  }

  private ReadyCondition() {}

  /** True when the condition is there with {@code reason}. */
  static boolean hasReason(BenchmarkRunStatus status, String reason) {
    return status.getConditions().stream()
        .anyMatch(c -> TYPE.equals(c.getType()) && reason.equals(c.getReason()));
  }

  static void set(
      BenchmarkRunStatus status,
      Status value,
      String reason,
      String message,
      Instant now,
      Long generation) {
    Condition existing =
        status.getConditions().stream()
            .filter(c -> TYPE.equals(c.getType()))
            .findFirst()
            .orElse(null);
    String since =
        existing != null && value.value.equals(existing.getStatus())
            ? existing.getLastTransitionTime()
            : now.toString();
    status.getConditions().removeIf(c -> TYPE.equals(c.getType()));
    status
        .getConditions()
        .add(
            new ConditionBuilder()
                .withType(TYPE)
                .withStatus(value.value)
                .withReason(reason)
                .withMessage(message)
                .withLastTransitionTime(since)
                .withObservedGeneration(generation)
                .build());
  }
}
