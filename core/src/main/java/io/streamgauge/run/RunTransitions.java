package io.streamgauge.run;

import io.streamgauge.api.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every phase change of a BenchmarkRun, written one way whether the run measures itself ({@link
 * PhaseMachine}) or its work is done by runs of its own (repetitions, a capacity search's probes):
 * its phase history, its {@code Ready} and {@code Valid} conditions stamped with the run's
 * generation, its progress line and an Event.
 */
public final class RunTransitions {

  private final RunEvents events;

  public RunTransitions(RunEvents events) {
    this.events = events;
  }

  /** A new run enters Pending: Ready Unknown until it ends. */
  public void accept(RunContext run, Instant now) {
    enter(run, Phase.Pending, now, "accepted");
    ready(run, Status.UNKNOWN, "Running", "run started", now);
  }

  /** {@code run} enters {@code phase}, saying why. */
  public void enter(RunContext run, Phase phase, Instant now, String message) {
    PhaseHistory.enter(run.status(), phase, now, message);
    events.phaseEntered(run, phase, message);
  }

  /** {@code run} succeeded: Succeeded, Ready True, progress Done. Its validity is set apart. */
  public void succeed(RunContext run, Instant now, String message) {
    enter(run, Phase.Succeeded, now, message);
    ready(run, Status.TRUE, "Succeeded", message, now);
    run.status().setProgress("Done");
  }

  /** The run's numbers are valid: Valid True. */
  public void valid(RunContext run, Instant now, String reason, String message) {
    Conditions.set(
        run.status().getConditions(),
        Conditions.VALID,
        Status.TRUE,
        reason,
        message,
        now,
        run.generation());
  }

  /**
   * The run's numbers are not valid: Valid False listing {@code failures}, and an Event (a
   * succeeded run with invalid numbers is easy to miss).
   */
  public void invalid(RunContext run, Instant now, String reason, String failures) {
    Conditions.set(
        run.status().getConditions(),
        Conditions.VALID,
        Status.FALSE,
        reason,
        failures,
        now,
        run.generation());
    events.invalid(run, failures);
  }

  /** {@code run} failed for {@code reason}: Failed, Ready False saying why, and an Event. */
  public void fail(RunContext run, Instant now, FailureReason reason, String message) {
    PhaseHistory.enter(run.status(), Phase.Failed, now, reason + ": " + message);
    ready(run, Status.FALSE, reason.name(), message, now);
    run.status().setProgress("Failed: " + reason);
    events.failed(run, reason, message);
  }

  /** An error that may pass, said as {@link ErrorRetry} says it; returns the progress line. */
  public String retrying(RunContext run, Instant now, String error) {
    return ErrorRetry.retrying(
        run.status().getConditions(),
        run.status().getProgress(),
        run.generation(),
        now,
        error,
        message -> events.warning(run, message));
  }

  /** A run whose Ready condition said Retrying advanced again: Running, resumed. */
  public void resumed(RunContext run, Instant now) {
    ErrorRetry.resumed(run.status().getConditions(), run.generation(), now);
  }

  /**
   * Advances a run whose work is done by runs of its own; an error is retried as a phase step's is
   * ({@link #retrying}), never left to escape with the status unwritten.
   *
   * @return when to call again, or empty once the run ended
   */
  public Optional<Duration> guarded(
      RunContext run, Instant now, Supplier<Optional<Duration>> advance) {
    try {
      Optional<Duration> again = advance.get();
      if (again.isPresent()) {
        resumed(run, now);
      }
      return again;
    } catch (RuntimeException e) {
      run.status()
          .setProgress(retrying(run, now, e.getClass().getSimpleName() + ": " + e.getMessage()));
      return Optional.of(ErrorRetry.AFTER);
    }
  }

  private void ready(RunContext run, Status status, String reason, String message, Instant now) {
    Conditions.set(
        run.status().getConditions(),
        Conditions.READY,
        status,
        reason,
        message,
        now,
        run.generation());
  }
}
