package io.streamgauge.suite;

import io.streamgauge.api.BenchmarkSuiteSpec;
import io.streamgauge.api.BenchmarkSuiteStatus;
import io.streamgauge.api.ChildRunStatus;
import io.streamgauge.api.Phase;
import io.streamgauge.api.SuitePhase;
import io.streamgauge.compare.GateRule;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.run.Conditions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Drives a BenchmarkSuite: Pending (its plan checked) → Running (one run at a time) → Succeeded
 * (every run ended; the cells, comparisons and gate written) or Failed (it cannot run). All state
 * is in the suite's status, so any call may be the first after a restart.
 */
public final class SuiteMachine {

  /** How long to wait between checks while a run goes, should no event come. */
  public static final Duration RECHECK = Duration.ofSeconds(60);

  private SuiteMachine() {}

  /**
   * Advances the suite called {@code name}.
   *
   * @return when to call again, or empty once the suite ended
   */
  public static Optional<Duration> advance(
      String name,
      BenchmarkSuiteSpec spec,
      BenchmarkSuiteStatus status,
      SuitePlatform platform,
      Instant now,
      Long generation) {
    if (status.getPhase() == SuitePhase.Succeeded || status.getPhase() == SuitePhase.Failed) {
      return Optional.empty();
    }
    SuitePlan plan = SuitePlan.of(name, spec);
    if (status.getPhase() == null || status.getPhase() == SuitePhase.Pending) {
      List<String> problems = SuiteValidator.problems(spec, plan);
      if (!problems.isEmpty()) {
        fail(status, platform, "ValidationFailed", String.join("; ", problems), now, generation);
        return Optional.empty();
      }
      status.setPhase(SuitePhase.Running);
      status.setRuns(RecordedRuns.planned(plan));
      String message =
          plan.runs().size() + " runs in " + plan.cells().size() + " cells, one at a time";
      Conditions.set(
          status.getConditions(),
          Conditions.READY,
          Conditions.Status.UNKNOWN,
          "Running",
          message,
          now,
          generation);
      platform.event(false, "Running", message);
    }
    try {
      SeriesProgress progress =
          SeriesDriver.advance(new PlannedSeries(plan, status.getRuns()), platform, now);
      status.setCompleted(RecordedRuns.completed(status.getRuns()));
      if (progress instanceof SeriesProgress.Waiting waiting) {
        status.setProgress(waiting.progress());
        return Optional.of(RECHECK);
      }
      finish(name, spec, plan, status, platform, now, generation);
    } catch (NameConflictException e) {
      fail(status, platform, "NameConflict", e.getMessage(), now, generation);
    }
    return Optional.empty();
  }

  private static void finish(
      String name,
      BenchmarkSuiteSpec spec,
      SuitePlan plan,
      BenchmarkSuiteStatus status,
      SuitePlatform platform,
      Instant now,
      Long generation) {
    List<GateRule> rules =
        spec.getGate() == null
            ? List.of()
            : spec.getGate().getRules().stream().map(GateRule::parse).toList();
    SuiteResults results = SuiteResults.of(name, plan, status.getRuns(), spec.getBaseline(), rules);
    results.applyTo(status);
    status.setResultRef(platform.storeResults(results));
    status.setPhase(SuitePhase.Succeeded);
    status.setProgress("Done");
    String tally = tally(status.getRuns());
    Conditions.set(
        status.getConditions(),
        Conditions.READY,
        Conditions.Status.TRUE,
        "Completed",
        tally,
        now,
        generation);
    platform.event(false, "Succeeded", tally);
    if (results.gated()) {
      boolean passed = results.gatePassed();
      Conditions.set(
          status.getConditions(),
          Conditions.GATE,
          passed ? Conditions.Status.TRUE : Conditions.Status.FALSE,
          passed ? "Passed" : "Failed",
          passed ? "every rule passed on every comparison" : results.gateFailures(),
          now,
          generation);
      if (!passed) {
        platform.event(true, "GateFailed", results.gateFailures());
      }
    }
  }

  /** {@code 12 runs: 11 valid, 1 invalid, 0 failed}. */
  static String tally(List<ChildRunStatus> runs) {
    long valid = runs.stream().filter(r -> Boolean.TRUE.equals(r.getValid())).count();
    long failed = runs.stream().filter(r -> r.getPhase() == Phase.Failed).count();
    return runs.size()
        + " runs: "
        + valid
        + " valid, "
        + (runs.size() - valid - failed)
        + " invalid, "
        + failed
        + " failed";
  }

  private static void fail(
      BenchmarkSuiteStatus status,
      SuitePlatform platform,
      String reason,
      String message,
      Instant now,
      Long generation) {
    status.setPhase(SuitePhase.Failed);
    status.setProgress("Failed: " + reason);
    Conditions.set(
        status.getConditions(),
        Conditions.READY,
        Conditions.Status.FALSE,
        reason,
        message,
        now,
        generation);
    platform.event(true, reason, message);
  }
}
