package io.streamgauge.series;

import io.streamgauge.api.status.ChildRunStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * What one kind of series decides for {@link SeriesDriver}: which run comes next, how a run it
 * started is recorded, and what an ended run means. A run's repetitions and a suite's cells follow
 * a plan fixed in advance ({@link PlannedSeries}); a capacity search chooses each probe from the
 * ones before it. All of it is read from and written to the series' status, so any call may be the
 * first after a restart.
 */
public interface SeriesKind {

  /**
   * The run started last, if it has not ended: its name, its description for progress lines and the
   * record its observations go into.
   */
  Optional<Running> running();

  /** A started run that has not ended. */
  record Running(String name, String description, ChildRunStatus record) {}

  /** The record of the running run was updated from what the run shows now. */
  default void observed(ChildRunStatus record) {}

  /**
   * The running run ended (its record holds its outcome): judge it.
   *
   * @return empty to go on, or why the series stops here
   */
  default Optional<String> ended(ChildRunStatus record) {
    return Optional.empty();
  }

  /**
   * The running run was stopped from outside (Ctrl-C, SIGTERM) and the series stops with it: its
   * record holds how it ended, and it is kept, not judged ({@link SeriesDriver#stop}). A series
   * whose records speak for themselves (a failed run is left out of every figure) needs nothing
   * more.
   */
  default void interrupted(ChildRunStatus record) {}

  /** The run to start next; empty once the series has every run it needs. */
  Optional<PlannedRun> next();

  /** The series created {@code run} at {@code now}: record it as started. */
  void started(PlannedRun run, Instant now);

  /** {@code run} for progress lines, e.g. {@code run 3 of 8: s-3 (…, repetition 2)}. */
  String describe(PlannedRun run);
}
