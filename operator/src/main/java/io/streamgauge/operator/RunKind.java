package io.streamgauge.operator;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.capacity.CapacityMachine;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.repetitions.RepetitionsMachine;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.series.SeriesRuns;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a BenchmarkRun is, chosen once per reconcile from its resolved spec: a single run, which the
 * phase machine drives on the platform and whose workloads it cleans up; or a series (a run with
 * {@code spec.repetitions} above 1, a capacity search), whose machine drives BenchmarkRuns it owns
 * and which has no workloads of its own.
 */
sealed interface RunKind {

  /** The kind of {@code spec}; a series reads its child runs through {@code children}. */
  static RunKind of(
      BenchmarkRunSpec spec,
      PhaseMachine machine,
      RunTransitions transitions,
      Supplier<SeriesRuns> children) {
    if (spec.getCapacity() != null) {
      return new Series(CapacityMachine::advance, children, transitions);
    }
    if (spec.getRepetitions() > 1) {
      return new Series(RepetitionsMachine::advance, children, transitions);
    }
    return new Single(machine);
  }

  /** Takes the run's state as the kind needs it before anything runs. */
  void prepare(RunContext run);

  /** Advances the run as far as it goes now; empty once nothing more is to be done. */
  Optional<Duration> advance(RunContext run, Instant now);

  /** Removes an ended run's workloads; true when that changed its status. */
  boolean cleanUpEnded(RunContext run, Instant now);

  /** True when the run ended in this reconcile and its cleanup is due in the next. */
  boolean cleanupDue(RunContext run);

  /** One run on the platform, through the phase machine. */
  record Single(PhaseMachine machine) implements RunKind {

    /** Its topics' names on a shared Kafka (a series' runs name their own). */
    @Override
    public void prepare(RunContext run) {
      RunTopics.applySuffix(run);
    }

    @Override
    public Optional<Duration> advance(RunContext run, Instant now) {
      return machine.advance(run, now);
    }

    @Override
    public boolean cleanUpEnded(RunContext run, Instant now) {
      return machine.cleanUpEnded(run, now);
    }

    @Override
    public boolean cleanupDue(RunContext run) {
      return PhaseMachine.cleanupDue(run);
    }
  }

  /** Runs it owns, one at a time, through its series' machine. */
  record Series(SeriesMachine machine, Supplier<SeriesRuns> children, RunTransitions transitions)
      implements RunKind {

    @Override
    public void prepare(RunContext run) {}

    @Override
    public Optional<Duration> advance(RunContext run, Instant now) {
      return transitions.guarded(
          run, now, () -> machine.advance(run, children.get(), transitions, now));
    }

    /** Nothing: each of its runs cleans up its own workloads. */
    @Override
    public boolean cleanUpEnded(RunContext run, Instant now) {
      return false;
    }

    @Override
    public boolean cleanupDue(RunContext run) {
      return false;
    }
  }

  /** A series' machine: {@link RepetitionsMachine#advance} or {@link CapacityMachine#advance}. */
  @FunctionalInterface
  interface SeriesMachine {
    Optional<Duration> advance(
        RunContext run, SeriesRuns children, RunTransitions transitions, Instant now);
  }
}
