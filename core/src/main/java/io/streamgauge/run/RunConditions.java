package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.streamgauge.api.BenchmarkRunStatus;
import java.time.Instant;

/**
 * The run's conditions: {@code Ready} (Unknown while running, True on success, False on failure)
 * and, once it succeeded, {@code Valid} (True when every evaluated check passed).
 */
final class RunConditions {

  static final String READY = "Ready";
  static final String VALID = "Valid";

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

  private RunConditions() {}

  /** True when the Ready condition is there with {@code reason}. */
  static boolean readyHasReason(BenchmarkRunStatus status, String reason) {
    return status.getConditions().stream()
        .anyMatch(c -> READY.equals(c.getType()) && reason.equals(c.getReason()));
  }

  /** Sets the condition of {@code type}, keeping its transition time while its status stays. */
  static void set(
      BenchmarkRunStatus status,
      String type,
      Status value,
      String reason,
      String message,
      Instant now,
      Long generation) {
    Condition existing =
        status.getConditions().stream()
            .filter(c -> type.equals(c.getType()))
            .findFirst()
            .orElse(null);
    String since =
        existing != null && value.value.equals(existing.getStatus())
            ? existing.getLastTransitionTime()
            : now.toString();
    status.getConditions().removeIf(c -> type.equals(c.getType()));
    status
        .getConditions()
        .add(
            new ConditionBuilder()
                .withType(type)
                .withStatus(value.value)
                .withReason(reason)
                .withMessage(message)
                .withLastTransitionTime(since)
                .withObservedGeneration(generation)
                .build());
  }
}
