package io.streamgauge.series;

import io.streamgauge.api.status.ChildRunStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A series whose runs are planned in advance (a run's repetitions, a suite's cells), recorded one
 * record per planned run; a failed run is recorded and the next one runs.
 *
 * @param records one per planned run, in order, updated in place
 */
public record PlannedSeries(List<PlannedRun> plan, List<ChildRunStatus> records)
    implements SeriesKind {

  @Override
  public Optional<Running> running() {
    return SeriesStep.next(plan, records) instanceof SeriesStep.Wait wait
        ? Optional.of(
            new Running(
                wait.run().name(), describe(wait.run()), records.get(wait.run().index() - 1)))
        : Optional.empty();
  }

  @Override
  public Optional<PlannedRun> next() {
    return SeriesStep.next(plan, records) instanceof SeriesStep.Start start
        ? Optional.of(start.run())
        : Optional.empty();
  }

  @Override
  public void started(PlannedRun run, Instant now) {
    RecordedRuns.started(records.get(run.index() - 1), now);
  }

  @Override
  public String describe(PlannedRun run) {
    return "run " + run.index() + " of " + plan.size() + ": " + run.describe();
  }
}
