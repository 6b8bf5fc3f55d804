package io.streamgauge.suite;

import io.streamgauge.api.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.PhaseHistory;
import io.streamgauge.run.RunEvents;
import java.time.Instant;

/**
 * Phase changes of a run whose work is done by runs of its own (its repetitions, a capacity
 * search's probes): recorded in its phase history and announced as an Event.
 */
public final class ParentRunPhases {

  private ParentRunPhases() {}

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
