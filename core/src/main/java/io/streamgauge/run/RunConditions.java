package io.streamgauge.run;

import io.streamgauge.api.BenchmarkRunStatus;
import io.streamgauge.run.Conditions.Status;
import java.time.Instant;

/**
 * The run's conditions: {@code Ready} (Unknown while running, True on success, False on failure)
 * and, once it succeeded, {@code Valid} (True when every evaluated check passed).
 */
final class RunConditions {

  static final String READY = Conditions.READY;
  static final String VALID = Conditions.VALID;

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
    Conditions.set(status.getConditions(), type, value, reason, message, now, generation);
  }
}
