package io.streamgauge.capacity;

import io.streamgauge.api.BenchmarkRunStatus;
import io.streamgauge.api.CapacityLimitStatus;
import io.streamgauge.api.CapacityOutcome;
import io.streamgauge.api.CapacityProbeStatus;
import io.streamgauge.api.CapacityStatus;
import io.streamgauge.api.ChildRunStatus;
import io.streamgauge.api.Phase;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.suite.ParentRunPhases;
import io.streamgauge.suite.PlannedRun;
import io.streamgauge.suite.SeriesDriver;
import io.streamgauge.suite.SeriesRuns;
import io.streamgauge.suite.SuiteMachine;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Drives a BenchmarkRun with {@code spec.capacity} on Kubernetes: Pending → Searching, its probes
 * run one at a time as runs of their own ({@code <run>-p1}, {@code -p2} …, each chosen by {@link
 * CapacityPlan} from the probes before it), then Succeeded with the ceiling per CPU limit in {@code
 * status.capacity}. The Valid condition is True when every limit's search resolved its interval. A
 * probe that fails as a run before any probe passed fails the search (ProbeFailed): the setup, not
 * the rate, is what fails. All state is in the status, so any call may be the first after a
 * restart.
 */
public final class CapacityMachine {

  private CapacityMachine() {}

  /**
   * Advances {@code run} (its spec resolved).
   *
   * @return when to call again, or empty once the run ended
   */
  public static Optional<Duration> advance(
      RunContext run, SeriesRuns runs, RunTransitions transitions, Instant now) {
    BenchmarkRunStatus status = run.status();
    if (status.getPhase() == Phase.Succeeded || status.getPhase() == Phase.Failed) {
      return Optional.empty();
    }
    CapacityPlan plan = CapacityPlan.of(run.spec());
    double bound = run.spec().getCapacity().getLatencyP99MaxMs();
    if (status.getPhase() == null) {
      if (!ParentRunPhases.accept(run, transitions, now)) {
        return Optional.empty();
      }
      status.setCapacity(new CapacityStatus());
      transitions.enter(
          run,
          Phase.Searching,
          now,
          "capacity search for CPU limits "
              + String.join(", ", plan.cpuLimits())
              + ", SLO p99 ≤ "
              + CapacityText.number(bound)
              + " ms; probes one at a time as "
              + CapacityPlan.probeName(run.name(), 1)
              + ", …");
    }
    List<CapacityProbeStatus> probes = status.getCapacity().getProbes();
    try {
      if (!probes.isEmpty() && probes.get(probes.size() - 1).getFinishedAt() == null) {
        CapacityProbeStatus probe = probes.get(probes.size() - 1);
        Optional<String> running = follow(probe, runs, bound, now);
        if (running.isPresent()) {
          status.setProgress(describe(probes.size(), probe) + ": " + running.get());
          return Optional.of(SuiteMachine.RECHECK);
        }
        if (probe.getPhase() == Phase.Failed && probes.stream().noneMatch(ProbeJudge::passed)) {
          transitions.fail(
              run,
              now,
              FailureReason.ProbeFailed,
              probe.getName() + " failed: " + String.join("; ", probe.getWhy()));
          return Optional.empty();
        }
      }
      CapacityPlan.Progress progress = plan.progress(probes);
      status.getCapacity().setLimits(progress.limits());
      if (progress.next().isPresent()) {
        return start(run, runs, plan, progress.next().get(), now);
      }
    } catch (NameConflictException e) {
      transitions.fail(run, now, FailureReason.NameConflict, e.getMessage());
      return Optional.empty();
    }
    finish(run, transitions, status.getCapacity().getLimits(), now);
    return Optional.empty();
  }

  /**
   * Records what the probe's run shows now.
   *
   * @return its phase while it runs; empty once it ended (judged)
   */
  private static Optional<String> follow(
      CapacityProbeStatus probe, SeriesRuns runs, double bound, Instant now) {
    ChildRunStatus record = new ChildRunStatus();
    record.setName(probe.getName());
    record.setPhase(probe.getPhase());
    Optional<String> running = SeriesDriver.follow(runs, probe.getName(), record, now);
    if (running.isPresent()) {
      probe.setPhase(record.getPhase());
      return running;
    }
    ProbeJudge.judge(probe, record, bound);
    return Optional.empty();
  }

  private static Optional<Duration> start(
      RunContext run,
      SeriesRuns runs,
      CapacityPlan plan,
      CapacityPlan.NextProbe next,
      Instant now) {
    List<CapacityProbeStatus> probes = run.status().getCapacity().getProbes();
    int index = probes.size() + 1;
    String name = CapacityPlan.probeName(run.name(), index);
    PlannedRun planned =
        new PlannedRun(index, name, null, 1, plan.probeSpec(next.cpuLimit(), next.rate()));
    CapacityProbeStatus probe = ProbeJudge.planned(name, next);
    if (!runs.create(planned)) {
      run.status()
          .setProgress(describe(index, probe) + ": " + SeriesDriver.waitingForEarlier(name));
      return Optional.of(SuiteMachine.RECHECK);
    }
    probe.setStartedAt(now.toString());
    probe.setPhase(Phase.Pending);
    probes.add(probe);
    run.status().setProgress(describe(index, probe) + ": created");
    return Optional.of(SuiteMachine.RECHECK);
  }

  private static String describe(int index, CapacityProbeStatus probe) {
    return "probe "
        + index
        + ": "
        + probe.getName()
        + " ("
        + probe.getStep()
        + ", "
        + CapacityText.rate(probe.getRatePerSecond())
        + ", CPU limit "
        + probe.getCpuLimit()
        + ")";
  }

  private static void finish(
      RunContext run, RunTransitions transitions, List<CapacityLimitStatus> limits, Instant now) {
    String summary =
        String.join(
            "; ",
            limits.stream()
                .map(l -> "CPU limit " + l.getCpuLimit() + ": " + l.getMessage())
                .toList());
    List<String> unresolved =
        limits.stream()
            .filter(l -> !resolved(l.getOutcome()))
            .map(l -> "CPU limit " + l.getCpuLimit() + ": " + l.getMessage())
            .toList();
    ParentRunPhases.succeed(
        run,
        transitions,
        summary,
        unresolved,
        new ParentRunPhases.Validity(
            "CapacityFound", "every CPU limit's ceiling resolved", "CapacityNotResolved"),
        now);
  }

  /** Whether an outcome is a ceiling to use: resolved, capped or bounded by a smaller limit. */
  public static boolean resolved(CapacityOutcome outcome) {
    return outcome == CapacityOutcome.Found
        || outcome == CapacityOutcome.AtMaxRate
        || outcome == CapacityOutcome.NotBetterThanSmaller;
  }
}
