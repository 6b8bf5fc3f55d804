package io.streamgauge.capacity;

import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityOutcome;
import io.streamgauge.api.status.CapacityStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.series.ParentRunPhases;
import io.streamgauge.series.SeriesDriver;
import io.streamgauge.series.SeriesProgress;
import io.streamgauge.series.SeriesRuns;
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
   * Stops {@code run}'s search at its running probe, which was interrupted (locally: Ctrl-C or
   * SIGTERM): the probe is kept in {@code status.capacity} as it ended, inconclusive, and nothing
   * more is probed ({@link SeriesDriver#stop}, the rule of every series).
   */
  public static void interrupt(RunContext run, SeriesRuns runs, Instant now) {
    CapacityStatus capacity = run.status().getCapacity();
    if (capacity != null) {
      SeriesDriver.stop(
          new CapacitySeries(
              run.name(),
              CapacityPlan.of(run.spec()),
              capacity,
              run.spec().getCapacity().getLatencyP99MaxMs()),
          runs,
          now);
    }
  }

  /**
   * Advances {@code run} (its spec resolved).
   *
   * @return when to call again, or empty once the run ended
   */
  public static Optional<Duration> advance(
      RunContext run, SeriesRuns runs, RunTransitions transitions, Instant now) {
    BenchmarkRunStatus status = run.status();
    if (status.getPhase() != null && status.getPhase().ended()) {
      return Optional.empty();
    }
    CapacityPlan plan = CapacityPlan.of(run.spec());
    double bound = run.spec().getCapacity().getLatencyP99MaxMs();
    if (status.getPhase() == null) {
      ParentRunPhases.accept(run, transitions, now);
      status.setCapacity(new CapacityStatus());
      transitions.enter(
          run,
          Phase.Searching,
          now,
          "capacity search for "
              + String.join(", ", plan.sizes().stream().map(CapacityPlan.Size::describe).toList())
              + ", SLO p99 ≤ "
              + CapacityText.number(bound)
              + " ms; probes one at a time as "
              + CapacityPlan.probeName(run.name(), 1)
              + ", …");
    }
    SeriesProgress progress;
    try {
      progress =
          SeriesDriver.advance(
              new CapacitySeries(run.name(), plan, status.getCapacity(), bound), runs, now);
    } catch (NameConflictException e) {
      transitions.fail(run, now, FailureReason.NameConflict, e.getMessage());
      return Optional.empty();
    }
    if (progress instanceof SeriesProgress.Waiting waiting) {
      status.setProgress(waiting.progress());
      return Optional.of(SeriesDriver.RECHECK);
    }
    if (progress instanceof SeriesProgress.Stopped stopped) {
      transitions.fail(run, now, FailureReason.ProbeFailed, stopped.why());
      return Optional.empty();
    }
    finish(run, transitions, status.getCapacity().getLimits(), now);
    return Optional.empty();
  }

  private static void finish(
      RunContext run, RunTransitions transitions, List<CapacityLimitStatus> limits, Instant now) {
    String summary =
        String.join(
            "; ", limits.stream().map(l -> CapacityText.size(l) + ": " + l.getMessage()).toList());
    List<String> unresolved =
        limits.stream()
            .filter(l -> !resolved(l.getOutcome()))
            .map(l -> CapacityText.size(l) + ": " + l.getMessage())
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
