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
