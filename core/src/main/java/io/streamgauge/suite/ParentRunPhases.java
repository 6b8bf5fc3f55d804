package io.streamgauge.suite;

import io.streamgauge.api.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.PhaseHistory;
import io.streamgauge.run.RunEvents;
import io.streamgauge.validation.SpecValidator;
import java.time.Instant;
import java.util.List;

/**
 * Phase changes of a run whose work is done by runs of its own (its repetitions, a capacity
 * search's probes): recorded in its phase history and announced as an Event.
 */
public final class ParentRunPhases {

  private ParentRunPhases() {}

  /**
   * A new run enters Pending (its runtime recorded, Ready Unknown) and its spec is checked; a spec
   * with problems fails the run (ValidationFailed).
   *
   * @return true when the run may go on
   */
  public static boolean accept(RunContext run, RunEvents events, Instant now, Long generation) {
    run.status().setRuntime(run.spec().getApp().getRuntime());
    enter(run, events, Phase.Pending, now, "accepted");
    Conditions.set(
        run.status().getConditions(),
        Conditions.READY,
        Conditions.Status.UNKNOWN,
        "Running",
        "run started",
        now,
        generation);
    List<String> problems = SpecValidator.problems(run.spec());
    if (problems.isEmpty()) {
      return true;
    }
    fail(run, events, FailureReason.ValidationFailed, String.join("; ", problems), now, generation);
    return false;
  }

  /**
   * The Valid condition's reasons for a run whose work ended.
   *
   * @param validReason when nothing is wrong
   * @param validMessage its message
   * @param invalidReason when something is (the message lists what)
   */
  public record Validity(String validReason, String validMessage, String invalidReason) {}

  /**
   * {@code run} succeeded with {@code summary} (Ready True); Valid True, or False listing {@code
   * problems} (and an Event saying so).
   */
  public static void succeed(
      RunContext run,
      RunEvents events,
      String summary,
      List<String> problems,
      Validity validity,
      Instant now,
      Long generation) {
    enter(run, events, Phase.Succeeded, now, summary);
    run.status().setProgress("Done");
    Conditions.set(
        run.status().getConditions(),
        Conditions.READY,
        Conditions.Status.TRUE,
        "Succeeded",
        summary,
        now,
        generation);
    if (problems.isEmpty()) {
      Conditions.set(
          run.status().getConditions(),
          Conditions.VALID,
          Conditions.Status.TRUE,
          validity.validReason(),
          validity.validMessage(),
          now,
          generation);
      return;
    }
    String failures = String.join(" | ", problems);
    Conditions.set(
        run.status().getConditions(),
        Conditions.VALID,
        Conditions.Status.FALSE,
        validity.invalidReason(),
        failures,
        now,
        generation);
    events.invalid(run, failures);
  }

  /** {@code run} enters {@code phase}. */
  public static void enter(
      RunContext run, RunEvents events, Phase phase, Instant now, String message) {
    PhaseHistory.enter(run.status(), phase, now, message);
    events.phaseEntered(run, phase, message);
  }

  /** {@code run} failed for {@code reason}: Failed, its Ready condition False saying why. */
  public static void fail(
      RunContext run,
      RunEvents events,
      FailureReason reason,
      String message,
      Instant now,
      Long generation) {
    PhaseHistory.enter(run.status(), Phase.Failed, now, reason + ": " + message);
    run.status().setProgress("Failed: " + reason);
    Conditions.set(
        run.status().getConditions(),
        Conditions.READY,
        Conditions.Status.FALSE,
        reason.name(),
        message,
        now,
        generation);
    events.failed(run, reason, message);
  }
}
