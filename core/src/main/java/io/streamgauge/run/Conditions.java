package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.streamgauge.common.BoundedText;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Standard Kubernetes conditions in a status' list: one per type, its transition time kept while
 * its status stays.
 */
public final class Conditions {

  /** Unknown while a run or suite runs, True once it succeeded, False when it failed. */
  public static final String READY = "Ready";

  /**
   * The longest message a condition carries; the rest is cut, saying how much. A message may quote
   * what another server answered, and a status is read by every watch of the resource.
   */
  public static final int MAX_MESSAGE = 4096;

  /**
   * A succeeded run: True when every check it was judged by passed. A run of runs (repetitions, a
   * suite): True only when every one of its runs succeeded with valid numbers.
   */
  public static final String VALID = "Valid";

  /** With a gate: True when every rule passed against the baseline. */
  public static final String GATE = "Gate";

  /**
   * False while a run or suite runs, True once it ended either way with its verdict written (its
   * Valid condition, and its Gate condition when it has a gate): what {@code kubectl wait
   * --for=condition=Ended} waits for, returning on a failure as on a success. Its reason is how it
   * ended: Succeeded (Completed for a suite) or the failure reason.
   */
  public static final String ENDED = "Ended";

  /**
   * Set once the cleanup stopped the app and the platform saw how its instances exited: True when
   * each exited cleanly (0, or 143 after SIGTERM), False naming each that did not. A crash after
   * the window leaves the figures standing, but an app that crashes as it stops would crash as it
   * is redeployed.
   */
  public static final String APP_STOPPED = "AppStopped";

  /** A condition's status, as Kubernetes spells it. */
  public enum Status {
    TRUE("True"),
    FALSE("False"),
    UNKNOWN("Unknown");

    private final String value;

    Status(String value) {
      this.value = value;
    }

    /** As written in the condition: True, False or Unknown. */
    public String value() {
      return value;
    }
  }

  private Conditions() {}

  /** Sets the condition of {@code type} in {@code conditions}. */
  public static void set(
      List<Condition> conditions,
      String type,
      Status value,
      String reason,
      String message,
      Instant now,
      Long generation) {
    Condition existing = find(conditions, type).orElse(null);
    String since =
        existing != null && value.value.equals(existing.getStatus())
            ? existing.getLastTransitionTime()
            : now.toString();
    conditions.removeIf(c -> type.equals(c.getType()));
    conditions.add(
        new ConditionBuilder()
            .withType(type)
            .withStatus(value.value)
            .withReason(reason)
            .withMessage(BoundedText.of(message, MAX_MESSAGE))
            .withLastTransitionTime(since)
            .withObservedGeneration(generation)
            .build());
  }

  /** The condition of {@code type}, when set. */
  public static Optional<Condition> find(List<Condition> conditions, String type) {
    return conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
  }
}
