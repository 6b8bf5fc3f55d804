package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.run.Conditions.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * How an error that may pass is said, the same for a run, a run of runs and a suite: the Ready
 * condition Unknown with reason {@value #REASON} and the error, the progress line {@code Retrying
 * after an error: …}, a Warning Event once per new message, another attempt after {@link #AFTER},
 * and Ready {@code Running: resumed} once the resource advances again.
 */
public final class ErrorRetry {

  /** The Ready condition's reason while an error is retried. */
  public static final String REASON = "Retrying";

  /** How long after an error the next attempt comes. */
  public static final Duration AFTER = Duration.ofSeconds(15);

  private ErrorRetry() {}

  /**
   * Says that {@code error} is retried.
   *
   * @param progress the resource's progress line now
   * @param warning emits a Warning Event with the message given
   * @return the progress line to show until the next attempt
   */
  public static String retrying(
      List<Condition> conditions,
      String progress,
      Long generation,
      Instant now,
      String error,
      Consumer<String> warning) {
    String retrying = "Retrying after an error: " + error;
    if (!retrying.equals(progress)) {
      warning.accept(error);
    }
    Conditions.set(conditions, Conditions.READY, Status.UNKNOWN, REASON, error, now, generation);
    return retrying;
  }

  /** A resource whose Ready condition said {@value #REASON} advanced again: Running, resumed. */
  public static void resumed(List<Condition> conditions, Long generation, Instant now) {
    boolean retrying =
        Conditions.find(conditions, Conditions.READY)
            .filter(c -> REASON.equals(c.getReason()))
            .isPresent();
    if (retrying) {
      Conditions.set(
          conditions, Conditions.READY, Status.UNKNOWN, "Running", "resumed", now, generation);
    }
  }
}
