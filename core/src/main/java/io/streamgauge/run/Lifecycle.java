package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.run.Conditions.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one writer of how a resource starts, ends and meets an error, the same for a BenchmarkRun
 * that measures itself, one whose work is done by runs of its own, and a BenchmarkSuite: the Ready
 * condition stamped with the resource's generation, the progress line, and (through its {@link
 * Subject}) its phase and an Event. Errors are retried as {@link ErrorRetry} says.
 */
public final class Lifecycle {

  /**
   * A resource as the writer sees it: its conditions, generation and progress line, and what each
   * kind does its own way, its phase field and its Events.
   */
  public interface Subject {

    /** The resource's status conditions, changed in place. */
    List<Condition> conditions();

    /** The generation its conditions observe. */
    Long generation();

    /** Its progress line now. */
    String progress();

    /** Sets its progress line. */
    void progress(String line);

    /** Enters its first phase after acceptance and says so in an Event. */
    void started(Instant now, String message);

    /** Enters its Succeeded phase and says so in an Event. */
    void succeeded(Instant now, String message);

    /** Enters its Failed phase and says why in a Warning Event. */
    void failed(Instant now, FailureReason reason, String message);

    /** A Warning Event that does not end the resource: an error being retried. */
    void warning(String message);
  }

  private Lifecycle() {}

  /**
   * {@code subject} starts: its first phase, Ready Unknown ({@code Running}) and Ended False until
   * it ends.
   */
  public static void started(Subject subject, Instant now, String message) {
    subject.started(now, message);
    ready(subject, Status.UNKNOWN, "Running", message, now);
    ended(subject.conditions(), subject.generation(), now, Status.FALSE, "Running", message);
  }

  /**
   * {@code subject} succeeded: Succeeded, Ready and Ended True with {@code reason}, progress Done.
   * Its Valid condition is set beside, in the same status write; a verdict written later (a run's
   * gate waiting for its baseline) sets Ended back to False until then.
   */
  public static void succeeded(Subject subject, Instant now, String reason, String message) {
    subject.succeeded(now, message);
    ready(subject, Status.TRUE, reason, message, now);
    ended(subject.conditions(), subject.generation(), now, Status.TRUE, reason, message);
    subject.progress("Done");
  }

  /**
   * {@code subject} failed for {@code reason}: Failed, Ready False and Ended True saying why, and
   * an Event.
   */
  public static void failed(Subject subject, Instant now, FailureReason reason, String message) {
    subject.failed(now, reason, message);
    ready(subject, Status.FALSE, reason.name(), message, now);
    ended(subject.conditions(), subject.generation(), now, Status.TRUE, reason.name(), message);
    subject.progress("Failed: " + reason);
  }

  /**
   * Sets the {@link Conditions#ENDED} condition: False while there is something left to do (to run,
   * or a verdict to write), True once not.
   */
  public static void ended(
      List<Condition> conditions,
      Long generation,
      Instant now,
      Status status,
      String reason,
      String message) {
    Conditions.set(conditions, Conditions.ENDED, status, reason, message, now, generation);
  }

  /** An error that may pass, said as {@link ErrorRetry} says it; returns the progress line. */
  public static String retrying(Subject subject, Instant now, String error) {
    return ErrorRetry.retrying(
        subject.conditions(),
        subject.progress(),
        subject.generation(),
        now,
        error,
        subject::warning);
  }

  /** A resource whose Ready condition said Retrying advanced again: Running, resumed. */
  public static void resumed(Subject subject, Instant now) {
    ErrorRetry.resumed(subject.conditions(), subject.generation(), now);
  }

  /**
   * Advances a resource whose work is done by runs of its own; an error is retried as a phase
   * step's is ({@link #retrying}), never left to escape with the status unwritten.
   *
   * @return when to call again, or empty once the resource ended
   */
  public static Optional<Duration> guarded(
      Subject subject, Instant now, Supplier<Optional<Duration>> advance) {
    try {
      Optional<Duration> again = advance.get();
      if (again.isPresent()) {
        resumed(subject, now);
      }
      return again;
    } catch (RuntimeException e) {
      subject.progress(
          retrying(subject, now, e.getClass().getSimpleName() + ": " + e.getMessage()));
      return Optional.of(ErrorRetry.AFTER);
    }
  }

  private static void ready(
      Subject subject, Status status, String reason, String message, Instant now) {
    Conditions.set(
        subject.conditions(), Conditions.READY, status, reason, message, now, subject.generation());
  }
}
