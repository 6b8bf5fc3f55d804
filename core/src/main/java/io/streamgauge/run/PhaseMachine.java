package io.streamgauge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.CheckResult;
import io.streamgauge.api.CleanupPolicy;
import io.streamgauge.api.Phase;
import io.streamgauge.api.RunSummary;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.results.RunChecks;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Drives a run through Pending → ProvisioningKafka → DeployingApp → StartingLoad → WarmingUp →
 * Measuring → Collecting → Succeeded (state restoration: Pending → ProvisioningKafka →
 * Prepopulating → Restoring → Collecting → Succeeded), or to Failed with a reason. Each call
 * advances as far as it can without waiting and returns when to call again; all state is in the
 * run's status, so any call may be the first after a restart.
 */
public final class PhaseMachine {

  /** Bounds one call, so a step that keeps advancing cannot loop forever. */
  private static final int MAX_STEPS_PER_CALL = 16;

  private final Platform platform;
  private final RunEvents events;
  private final Map<Phase, PhaseStep> steps = new EnumMap<>(Phase.class);

  public PhaseMachine(Platform platform, RunEvents events, PhaseTimeouts timeouts) {
    this.platform = platform;
    this.events = events;
    steps.put(Phase.Pending, new PendingStep(platform));
    steps.put(Phase.ProvisioningKafka, new ProvisioningKafkaStep(platform, timeouts.kafkaReady()));
    steps.put(Phase.Prepopulating, new PrepopulatingStep(platform));
    steps.put(Phase.Restoring, new RestoringStep(platform));
    steps.put(Phase.DeployingApp, new DeployingAppStep(platform, timeouts.componentReady()));
    steps.put(Phase.StartingLoad, new StartingLoadStep(platform, timeouts.componentReady()));
    steps.put(Phase.WarmingUp, WindowStep.warmingUp(platform));
    steps.put(Phase.Measuring, WindowStep.measuring(platform));
    steps.put(Phase.Collecting, new CollectingStep(platform, timeouts));
  }

  /**
   * Advances {@code run} at {@code now}.
   *
   * @param generation the spec generation, for the condition's observedGeneration
   * @return when to call again, or empty once the run succeeded or failed
   */
  public Optional<Duration> advance(RunContext run, Instant now, Long generation) {
    if (run.status().getPhase() == null) {
      enter(run, Phase.Pending, now, "accepted");
      RunConditions.set(
          run.status(),
          RunConditions.READY,
          Conditions.Status.UNKNOWN,
          "Running",
          "run started",
          now,
          generation);
    }
    for (int i = 0; i < MAX_STEPS_PER_CALL && !isTerminal(run); i++) {
      Duration timeout = SpecDuration.parse(run.spec().getSchedule().getTimeout());
      Instant deadline = PhaseHistory.runStartedAt(run.status(), now).plus(timeout);
      // A complete window is collected under Collecting's own timeout, never thrown away.
      boolean collecting = run.status().getPhase() == Phase.Collecting;
      if (!collecting && !now.isBefore(deadline)) {
        fail(
            run,
            now,
            generation,
            FailureReason.Timeout,
            "spec.schedule.timeout of "
                + SpecDuration.format(timeout)
                + " passed in phase "
                + run.status().getPhase());
        break;
      }
      StepOutcome outcome = step(run, now, generation);
      if (outcome instanceof StepOutcome.Wait wait) {
        run.status().setProgress(wait.progress());
        Duration untilDeadline = Duration.between(now, deadline);
        return Optional.of(
            collecting || wait.recheckAfter().compareTo(untilDeadline) < 0
                ? wait.recheckAfter()
                : untilDeadline);
      }
      if (outcome instanceof StepOutcome.Fail f) {
        fail(run, now, generation, f.reason(), f.message());
      } else if (outcome instanceof StepOutcome.Advance a) {
        enter(run, a.next(), now, a.message());
        if (a.next() == Phase.Succeeded) {
          succeed(run, now, generation, a.message());
        }
      }
    }
    return isTerminal(run) ? Optional.empty() : Optional.of(Duration.ZERO);
  }

  /**
   * Runs the current phase's step. An error never escapes with the status unwritten: one that
   * cannot pass fails the run ({@link FailureReason#PlatformError}); any other is retried, said in
   * the Ready condition, the progress and (once per new message) an Event — bounded by the run's
   * timeout, which counts from the run's first phase, already in the status.
   */
  private StepOutcome step(RunContext run, Instant now, Long generation) {
    try {
      StepOutcome outcome = steps.get(run.status().getPhase()).run(run, now);
      if (RunConditions.readyHasReason(run.status(), "Retrying")) {
        RunConditions.set(
            run.status(),
            RunConditions.READY,
            Conditions.Status.UNKNOWN,
            "Running",
            "resumed",
            now,
            generation);
      }
      return outcome;
    } catch (NameConflictException e) {
      return new StepOutcome.Fail(FailureReason.NameConflict, e.getMessage());
    } catch (PlatformException e) {
      if (e.permanent()) {
        return new StepOutcome.Fail(FailureReason.PlatformError, e.getMessage());
      }
      return retry(run, now, generation, e.getMessage());
    } catch (RuntimeException e) {
      return retry(run, now, generation, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private StepOutcome retry(RunContext run, Instant now, Long generation, String error) {
    String progress = "Retrying after an error: " + error;
    if (!progress.equals(run.status().getProgress())) {
      events.warning(run, error);
    }
    RunConditions.set(
        run.status(),
        RunConditions.READY,
        Conditions.Status.UNKNOWN,
        "Retrying",
        error,
        now,
        generation);
    return new StepOutcome.Wait(Recheck.AFTER_ERROR, progress);
  }

  /**
   * Fails a run that has not ended, from outside its phases (local mode: Ctrl-C); what was measured
   * so far is kept.
   */
  public void abort(
      RunContext run, Instant now, Long generation, FailureReason reason, String message) {
    if (!isTerminal(run)) {
      fail(run, now, generation, reason, message);
    }
  }

  /** True once the run succeeded or failed. */
  public static boolean isTerminal(RunContext run) {
    Phase phase = run.status().getPhase();
    return phase == Phase.Succeeded || phase == Phase.Failed;
  }

  private void enter(RunContext run, Phase phase, Instant now, String message) {
    PhaseHistory.enter(run.status(), phase, now, message);
    events.phaseEntered(run, phase, message);
  }

  private void succeed(RunContext run, Instant now, Long generation, String message) {
    RunConditions.set(
        run.status(),
        RunConditions.READY,
        Conditions.Status.TRUE,
        "Succeeded",
        message,
        now,
        generation);
    run.status().setProgress("Done");
    judge(run, now, generation);
    CleanupPolicy policy = run.spec().getCleanup().getPolicy();
    if (policy == CleanupPolicy.Always || policy == CleanupPolicy.OnSuccess) {
      cleanup(run);
    }
  }

  /**
   * The Valid condition of a run that succeeded, from its checks; a failed check is also an event
   * (a Warning Event on Kubernetes), since a succeeded run with invalid numbers is easy to miss.
   */
  private void judge(RunContext run, Instant now, Long generation) {
    RunSummary summary = run.status().getSummary();
    List<CheckResult> checks = summary == null ? null : summary.getChecks();
    if (checks == null) {
      return;
    }
    String failures = RunChecks.describeFailures(checks);
    if (failures.isEmpty()) {
      long evaluated = checks.stream().filter(c -> c.getPassed() != null).count();
      RunConditions.set(
          run.status(),
          RunConditions.VALID,
          Conditions.Status.TRUE,
          "ChecksPassed",
          evaluated + " of " + checks.size() + " checks evaluated, all passed",
          now,
          generation);
      return;
    }
    RunConditions.set(
        run.status(),
        RunConditions.VALID,
        Conditions.Status.FALSE,
        "ChecksFailed",
        failures,
        now,
        generation);
    events.invalid(run, failures);
  }

  private void fail(
      RunContext run, Instant now, Long generation, FailureReason reason, String message) {
    PhaseHistory.enter(run.status(), Phase.Failed, now, reason + ": " + message);
    RunConditions.set(
        run.status(),
        RunConditions.READY,
        Conditions.Status.FALSE,
        reason.name(),
        message,
        now,
        generation);
    run.status().setProgress("Failed: " + reason);
    events.failed(run, reason, message);
    keepWhatWasMeasured(run, now, reason);
    if (run.spec().getCleanup().getPolicy() == CleanupPolicy.Always) {
      cleanup(run);
    }
  }

  /**
   * Stores what a failed run measured — the latency consumer's histograms, the figures over the
   * part of the window that passed — before cleanup removes the latency consumer, unless its
   * results are stored already (a window judged invalid after Collecting). A failure to store is
   * said, never undoes how the run ended.
   */
  private void keepWhatWasMeasured(RunContext run, Instant now, FailureReason reason) {
    if (run.status().getResultRef() != null) {
      return;
    }
    try {
      Optional<ObjectNode> document = PartialResults.collect(run, platform, now);
      if (document.isPresent()) {
        document.get().put("partial", true).put("failureReason", reason.name());
        run.status().setResultRef(platform.storeResults(run, document.get()));
      }
    } catch (IOException | RuntimeException e) {
      events.warning(run, "the partial results could not be stored: " + e.getMessage());
    }
  }

  /** Cleans up; a failure is said, never undoes how the run ended. */
  private void cleanup(RunContext run) {
    try {
      platform.cleanup(run);
    } catch (RuntimeException e) {
      events.warning(run, "cleanup failed, the run's workloads may remain: " + e.getMessage());
    }
  }
}
