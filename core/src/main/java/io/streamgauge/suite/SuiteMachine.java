package io.streamgauge.suite;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.SuitePhase;
import io.streamgauge.compare.GateRule;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.ErrorRetry;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.Lifecycle;
import io.streamgauge.series.PlannedSeries;
import io.streamgauge.series.RecordedRuns;
import io.streamgauge.series.SeriesDriver;
import io.streamgauge.series.SeriesOutcome;
import io.streamgauge.series.SeriesProgress;
import io.streamgauge.validation.DurationFields;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Drives a BenchmarkSuite: Pending (its plan checked) → Running (one run at a time) → Succeeded
 * (every run ended; the cells, comparisons and gate written) or Failed (it cannot run). Its start,
 * end and errors are written by {@link Lifecycle}, as a run's are; an error is retried. All state
 * is in the suite's status, so any call may be the first after a restart.
 */
public final class SuiteMachine {

  private SuiteMachine() {}

  /**
   * Advances the suite called {@code name}; an error is said in its status and retried after {@link
   * io.streamgauge.run.ErrorRetry#AFTER}.
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
    Lifecycle.Subject suite = new Suite(status, platform, generation);
    return Lifecycle.guarded(suite, now, () -> step(name, spec, status, platform, suite, now));
  }

  /**
   * A template duration the CRD let through that no run could hold (a CRD older than the operator),
   * named under {@code spec.template}.
   */
  private static List<String> unplannable(BenchmarkSuiteSpec spec) {
    return spec.getTemplate() == null
        ? List.of()
        : DurationFields.problems(spec.getTemplate()).stream()
            .map(p -> "spec.template." + p.substring("spec.".length()))
            .toList();
  }

  private static Optional<Duration> step(
      String name,
      BenchmarkSuiteSpec spec,
      BenchmarkSuiteStatus status,
      SuitePlatform platform,
      Lifecycle.Subject suite,
      Instant now) {
    boolean pending = status.getPhase() == null || status.getPhase() == SuitePhase.Pending;
    List<String> unplannable = pending ? unplannable(spec) : List.of();
    if (!unplannable.isEmpty()) {
      Lifecycle.failed(suite, now, FailureReason.ValidationFailed, String.join("; ", unplannable));
      return Optional.empty();
    }
    SuitePlan plan;
    try {
      plan = SuitePlan.of(name, spec);
    } catch (RuntimeException e) {
      if (!pending) {
        throw e;
      }
      String problem =
          "spec: the suite's runs cannot be planned: "
              + e.getClass().getSimpleName()
              + ": "
              + e.getMessage();
      Lifecycle.failed(suite, now, FailureReason.ValidationFailed, problem);
      return Optional.empty();
    }
    if (pending) {
      List<String> problems = SuiteValidator.problems(spec, plan);
      if (!problems.isEmpty()) {
        Lifecycle.failed(suite, now, FailureReason.ValidationFailed, String.join("; ", problems));
        return Optional.empty();
      }
      status.setRuns(RecordedRuns.planned(plan.runs()));
      Lifecycle.started(
          suite,
          now,
          plan.runs().size() + " runs in " + plan.cells().size() + " cells, one at a time");
    }
    try {
      SeriesProgress progress =
          SeriesDriver.advance(new PlannedSeries(plan.runs(), status.getRuns()), platform, now);
      status.getRuns().forEach(SuiteMachine::keepOnlyTheOutcome);
      status.setCompleted(RecordedRuns.completed(status.getRuns()));
      if (progress instanceof SeriesProgress.Waiting waiting) {
        status.setProgress(waiting.progress());
        return Optional.of(SeriesDriver.RECHECK);
      }
      finish(name, spec, plan, status, platform, suite, now);
    } catch (NameConflictException e) {
      Lifecycle.failed(suite, now, FailureReason.NameConflict, e.getMessage());
    }
    return Optional.empty();
  }

  /**
   * A run's record in the suite's status keeps its outcome (phase, validity, problems, failed
   * checks, times), not its figures: a suite holds up to 999 runs, and each run's own status holds
   * its figures ({@link #withFigures} reads them back at the end).
   */
  private static void keepOnlyTheOutcome(ChildRunStatus record) {
    record.setFigures(null);
    record.setGcCollectors(null);
  }

  /**
   * The records with each ended run's figures read again from the run; a run gone since it ended
   * has none and says so.
   */
  private static List<ChildRunStatus> withFigures(
      List<ChildRunStatus> records, SuitePlatform platform) {
    List<ChildRunStatus> full = new ArrayList<>();
    for (ChildRunStatus record : records) {
      ChildRunStatus copy = RecordedRuns.copy(record);
      if (record.getPhase() == Phase.Succeeded) {
        Optional<JsonNode> document = platform.find(record.getName());
        if (document.isPresent()) {
          RecordedRuns.observe(copy, document.get(), Instant.parse(record.getFinishedAt()));
        } else {
          copy.setValid(false);
          copy.setProblems(List.of("deleted after it ended: its figures are gone"));
        }
      }
      full.add(copy);
    }
    return full;
  }

  private static void finish(
      String name,
      BenchmarkSuiteSpec spec,
      SuitePlan plan,
      BenchmarkSuiteStatus status,
      SuitePlatform platform,
      Lifecycle.Subject suite,
      Instant now) {
    List<GateRule> rules =
        spec.getGate() == null
            ? List.of()
            : spec.getGate().getRules().stream().map(GateRule::parse).toList();
    SuiteResults results =
        SuiteResults.of(
            name, plan, withFigures(status.getRuns(), platform), spec.getBaseline(), rules);
    results.applyTo(status);
    status.setResultRef(platform.storeResults(results));
    Lifecycle.succeeded(suite, now, "Completed", RecordedRuns.tally(status.getRuns(), "runs"));
    validity(status, now, suite.generation());
    if (results.gated()) {
      boolean passed = results.gatePassed();
      Conditions.set(
          status.getConditions(),
          Conditions.GATE,
          passed ? Conditions.Status.TRUE : Conditions.Status.FALSE,
          passed ? "Passed" : "Failed",
          passed ? "every rule passed on every comparison" : results.gateFailures(),
          now,
          suite.generation());
      if (!passed) {
        platform.event(true, "GateFailed", results.gateFailures());
      }
    }
  }

  /**
   * The suite's Valid condition, by the rule a series is judged by ({@link SeriesOutcome}): True
   * only when every run succeeded with valid numbers; otherwise False, naming the runs that were
   * not.
   */
  private static void validity(BenchmarkSuiteStatus status, Instant now, Long generation) {
    SeriesOutcome outcome = SeriesOutcome.of(status.getRuns());
    List<String> notValid =
        status.getRuns().stream()
            .filter(r -> !Boolean.TRUE.equals(r.getValid()))
            .map(r -> r.getName() + (r.getPhase() == Phase.Failed ? " (failed)" : " (invalid)"))
            .toList();
    Conditions.set(
        status.getConditions(),
        Conditions.VALID,
        outcome == SeriesOutcome.VALID ? Conditions.Status.TRUE : Conditions.Status.FALSE,
        outcome.validReason(),
        notValid.isEmpty()
            ? RecordedRuns.tally(status.getRuns(), "runs")
            : RecordedRuns.tally(status.getRuns(), "runs") + ": " + String.join(", ", notValid),
        now,
        generation);
  }

  /** A suite as {@link Lifecycle} writes it: its phase field and its Events on the platform. */
  private record Suite(BenchmarkSuiteStatus status, SuitePlatform platform, Long generation)
      implements Lifecycle.Subject {

    @Override
    public List<Condition> conditions() {
      return status.getConditions();
    }

    @Override
    public String progress() {
      return status.getProgress();
    }

    @Override
    public void progress(String line) {
      status.setProgress(line);
    }

    @Override
    public void started(Instant now, String message) {
      status.setPhase(SuitePhase.Running);
      platform.event(false, "Running", message);
    }

    @Override
    public void succeeded(Instant now, String message) {
      status.setPhase(SuitePhase.Succeeded);
      platform.event(false, "Succeeded", message);
    }

    @Override
    public void failed(Instant now, FailureReason reason, String message) {
      status.setPhase(SuitePhase.Failed);
      platform.event(true, reason.name(), message);
    }

    @Override
    public void warning(String message) {
      platform.event(true, ErrorRetry.REASON, message);
    }
  }
}
