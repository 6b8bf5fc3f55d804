package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.common.BoundedText;
import io.streamgauge.platform.AppExit;
import io.streamgauge.platform.RunContext;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Writes how a cleaned-up run's app instances exited into its {@value Conditions#APP_STOPPED}
 * condition, and says each unclean exit as a warning once.
 */
public final class AppStops {

  private AppStops() {}

  /**
   * From when an instance's end belongs to the run's stop: the end of its measurement window. An
   * instance that went before it (a fault's kill, a run failing mid-window) is not the stop's: the
   * fault or the failure says what happened to it. Empty before the cleanup, and for a run that
   * ended before its window was set.
   */
  public static Optional<Instant> since(RunContext run) {
    String windowEnd = run.status().getMeasurementEndedAt();
    if (run.status().getCleanedUpAt() == null || windowEnd == null) {
      return Optional.empty();
    }
    return Optional.of(Instant.parse(windowEnd));
  }

  /**
   * Sets the condition from {@code exits} (the instances seen ending so far).
   *
   * @return true when the condition changed (the status is to be written)
   */
  public static boolean record(RunContext run, List<AppExit> exits, RunEvents events, Instant now) {
    if (exits.isEmpty()) {
      return false;
    }
    List<AppExit> unclean = exits.stream().filter(e -> !e.clean()).toList();
    Conditions.Status status = unclean.isEmpty() ? Conditions.Status.TRUE : Conditions.Status.FALSE;
    String message =
        unclean.isEmpty()
            ? exits.stream()
                .map(e -> e.instance() + " exited with code " + e.code())
                .collect(Collectors.joining("; "))
            : unclean.stream().map(AppExit::warning).collect(Collectors.joining("; "));
    List<Condition> conditions = run.status().getConditions();
    Optional<Condition> before = Conditions.find(conditions, Conditions.APP_STOPPED);
    if (before.isPresent()
        && before.get().getStatus().equals(status.value())
        && before.get().getMessage().equals(BoundedText.of(message, Conditions.MAX_MESSAGE))) {
      return false;
    }
    Conditions.set(
        conditions,
        Conditions.APP_STOPPED,
        status,
        unclean.isEmpty() ? "ExitedCleanly" : "ExitedWithError",
        message,
        now,
        run.generation());
    if (!unclean.isEmpty()) {
      events.warning(run, message);
    }
    return true;
  }
}
