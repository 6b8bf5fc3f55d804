package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every phase change of a BenchmarkRun, written one way whether the run measures itself ({@link
 * PhaseMachine}) or its work is done by runs of its own (repetitions, a capacity search's probes):
 * its phase history, its {@code Ready} and {@code Valid} conditions stamped with the run's
 * generation, its progress line and an Event. Start, end and errors are {@link Lifecycle}'s, as for
 * suites; the run adds its phase history, the phases between and its validity.
 */
public final class RunTransitions {

  private final RunEvents events;

  public RunTransitions(RunEvents events) {
    this.events = events;
  }

  /** A new run enters Pending: Ready Unknown until it ends. */
  public void accept(RunContext run, Instant now) {
    Lifecycle.started(subject(run), now, "accepted");
  }

  /** {@code run} enters {@code phase}, saying why. */
  public void enter(RunContext run, Phase phase, Instant now, String message) {
    PhaseHistory.enter(run.status(), phase, now, message);
    events.phaseEntered(run, phase, message);
  }

  /** {@code run} succeeded: Succeeded, Ready True, progress Done. Its validity is set apart. */
  public void succeed(RunContext run, Instant now, String message) {
    Lifecycle.succeeded(subject(run), now, "Succeeded", message);
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
    Lifecycle.failed(subject(run), now, reason, message);
  }

  /** An error that may pass, said as {@link ErrorRetry} says it; returns the progress line. */
  public String retrying(RunContext run, Instant now, String error) {
    return Lifecycle.retrying(subject(run), now, error);
  }

  /** A run whose Ready condition said Retrying advanced again: Running, resumed. */
  public void resumed(RunContext run, Instant now) {
    Lifecycle.resumed(subject(run), now);
  }

  /** Advances a run whose work is done by runs of its own, as {@link Lifecycle#guarded} does. */
  public Optional<Duration> guarded(
      RunContext run, Instant now, Supplier<Optional<Duration>> advance) {
    return Lifecycle.guarded(subject(run), now, advance);
  }

  private Lifecycle.Subject subject(RunContext run) {
    return new Lifecycle.Subject() {
      @Override
      public List<Condition> conditions() {
        return run.status().getConditions();
      }

      @Override
      public Long generation() {
        return run.generation();
      }

      @Override
      public String progress() {
        return run.status().getProgress();
      }

      @Override
      public void progress(String line) {
        run.status().setProgress(line);
      }

      @Override
      public void started(Instant now, String message) {
        enter(run, Phase.Pending, now, message);
      }

      @Override
      public void succeeded(Instant now, String message) {
        enter(run, Phase.Succeeded, now, message);
      }

      @Override
      public void failed(Instant now, FailureReason reason, String message) {
        PhaseHistory.enter(run.status(), Phase.Failed, now, reason + ": " + message);
        events.failed(run, reason, message);
      }

      @Override
      public void warning(String message) {
        events.warning(run, message);
      }
    };
  }
}
