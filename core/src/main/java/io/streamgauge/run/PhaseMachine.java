package io.streamgauge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.CleanupPolicy;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.RunSummary;
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
 * run's status, so any call may be the first after a restart. The run's spec arrives resolved and
 * checked ({@link SpecIntake} on Kubernetes, {@code LocalSpec} locally): no step checks it again.
 */
public final class PhaseMachine {

  /** Bounds one call, so a step that keeps advancing cannot loop forever. */
  private static final int MAX_STEPS_PER_CALL = 16;

  private final Platform platform;
  private final RunEvents events;
  private final RunTransitions transitions;
  private final Map<Phase, PhaseStep> steps = new EnumMap<>(Phase.class);

  public PhaseMachine(Platform platform, RunEvents events, PhaseTimeouts timeouts) {
    this.platform = platform;
    this.events = events;
    this.transitions = new RunTransitions(events);
    steps.put(Phase.Pending, new PendingStep());
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
   * @return when to call again, or empty once the run succeeded or failed
   */
  public Optional<Duration> advance(RunContext run, Instant now) {
    if (run.status().getPhase() == null) {
      transitions.accept(run, now);
    }
    for (int i = 0; i < MAX_STEPS_PER_CALL && !isTerminal(run); i++) {
      Instant deadline = run.deadline();
      // A complete window is collected, never thrown away: past the timeout Collecting awaits
      // nothing more and collects what it can at once (CollectingStep).
      boolean collecting = run.status().getPhase() == Phase.Collecting;
      if (!collecting && !now.isBefore(deadline)) {
        fail(run, now, FailureReason.Timeout, timeoutPassed(run));
        break;
      }
      StepOutcome outcome = step(run, now);
      if (outcome instanceof StepOutcome.Wait wait) {
        run.status().setProgress(wait.progress());
        Duration untilDeadline = Duration.between(now, deadline);
        return Optional.of(
            untilDeadline.isNegative()
                    || untilDeadline.isZero()
                    || wait.recheckAfter().compareTo(untilDeadline) < 0
                ? wait.recheckAfter()
                : untilDeadline);
      }
      if (outcome instanceof StepOutcome.Fail f) {
        fail(run, now, f.reason(), f.message());
      } else if (outcome instanceof StepOutcome.Advance a) {
        if (a.next() == Phase.Succeeded) {
          succeed(run, now, a.message());
        } else {
          transitions.enter(run, a.next(), now, a.message());
        }
      }
    }
    return isTerminal(run) ? Optional.empty() : Optional.of(Duration.ZERO);
  }

  /**
   * {@code spec.schedule.timeout of 5m passed in phase Collecting}: the Timeout failure's words.
   */
  static String timeoutPassed(RunContext run) {
    return "spec.schedule.timeout of "
        + SpecDuration.format(run.durations().timeout())
        + " passed in phase "
        + run.status().getPhase();
  }

  /**
   * Runs the current phase's step. An error never escapes with the status unwritten: one that
   * cannot pass fails the run ({@link FailureReason#PlatformError}); any other is retried, said in
   * the Ready condition, the progress and (once per new message) an Event — bounded by the run's
   * timeout, which counts from the run's first phase, already in the status.
   */
  private StepOutcome step(RunContext run, Instant now) {
    try {
      StepOutcome outcome = steps.get(run.status().getPhase()).run(run, now);
      transitions.resumed(run, now);
      return outcome;
    } catch (NameConflictException e) {
      return new StepOutcome.Fail(FailureReason.NameConflict, e.getMessage());
    } catch (PlatformException e) {
      if (e.permanent()) {
        return new StepOutcome.Fail(FailureReason.PlatformError, e.getMessage());
      }
      return retry(run, now, e.getMessage());
    } catch (RuntimeException e) {
      return retry(run, now, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private StepOutcome retry(RunContext run, Instant now, String error) {
    return new StepOutcome.Wait(ErrorRetry.AFTER, transitions.retrying(run, now, error));
  }

  /**
   * Fails a run that has not ended, from outside its phases (local mode: Ctrl-C); what was measured
   * so far is kept.
   */
  public void abort(RunContext run, Instant now, FailureReason reason, String message) {
    if (!isTerminal(run)) {
      fail(run, now, reason, message);
    }
  }

  /** True once the run succeeded or failed. */
  public static boolean isTerminal(RunContext run) {
    Phase phase = run.status().getPhase();
    return phase != null && phase.ended();
  }

  private void succeed(RunContext run, Instant now, String message) {
    transitions.succeed(run, now, message);
    judge(run, now);
  }

  /**
   * The Valid condition of a run that succeeded, from its checks; a failed check is also an event
   * (a Warning Event on Kubernetes), since a succeeded run with invalid numbers is easy to miss.
   */
  private void judge(RunContext run, Instant now) {
    RunSummary summary = run.status().getSummary();
    List<CheckResult> checks = summary == null ? null : summary.getChecks();
    if (checks == null) {
      return;
    }
    String failures = RunChecks.describeFailures(checks);
    if (failures.isEmpty()) {
      long evaluated = checks.stream().filter(c -> c.getPassed() != null).count();
      transitions.valid(
          run,
          now,
          "ChecksPassed",
          evaluated + " of " + checks.size() + " checks evaluated, all passed");
      return;
    }
    transitions.invalid(run, now, "ChecksFailed", failures);
  }

  private void fail(RunContext run, Instant now, FailureReason reason, String message) {
    transitions.fail(run, now, reason, message);
    keepWhatWasMeasured(run, now, reason);
  }

  /**
   * Deletes an ended run's workloads as {@code spec.cleanup.policy} says, once. Call it only with
   * the run's end already stored (on Kubernetes: read back from the API server): were the end's
   * status write lost after the workloads went, the run would be driven on without them.
   *
   * @return true when it cleaned up now ({@code status.cleanedUpAt} says when)
   */
  public boolean cleanUpEnded(RunContext run, Instant now) {
    if (!cleanupDue(run)) {
      return false;
    }
    cleanup(run);
    run.status().setCleanedUpAt(now.toString());
    return true;
  }

  /** True when {@code run} has ended and its policy's cleanup is still to do. */
  public static boolean cleanupDue(RunContext run) {
    if (!isTerminal(run) || run.status().getCleanedUpAt() != null) {
      return false;
    }
    CleanupPolicy policy = run.spec().getCleanup().getPolicy();
    return policy == CleanupPolicy.Always
        || (policy == CleanupPolicy.OnSuccess && run.status().getPhase() == Phase.Succeeded);
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
        run.status().setResultRef(platform.results().storeResults(run, document.get()));
      }
    } catch (IOException | RuntimeException e) {
      events.warning(run, "the partial results could not be stored: " + e.getMessage());
    }
  }

  /**
   * Keeps the workloads' logs, then cleans up; a failure of either is said, never undoes how the
   * run ended, and logs that cannot be kept never keep the workloads.
   */
  private void cleanup(RunContext run) {
    try {
      platform.results().keepLogs(run).ifPresent(run.status()::setLogsConfigMap);
    } catch (RuntimeException e) {
      events.warning(run, "the workloads' logs could not be kept: " + e.getMessage());
    }
    try {
      platform.teardown().cleanup(run);
    } catch (RuntimeException e) {
      events.warning(run, "cleanup failed, the run's workloads may remain: " + e.getMessage());
    }
  }
}
