package io.streamgauge.suite;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.api.ChildRunStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Advances a series of runs as far as it goes now, one run at a time: records the run it waits for
 * as it is (and, once it ended, what it showed), then starts the next. Never waits itself.
 */
public final class SeriesDriver {

  private SeriesDriver() {}

  /**
   * Advances {@code plan} with {@code records} (one per planned run, updated in place).
   *
   * @return what the series waits for now, e.g. {@code run 3 of 8: s-3 (…, repetition 2):
   *     Measuring}; empty once every run ended
   */
  public static Optional<String> advance(
      SeriesRuns runs, SuitePlan plan, List<ChildRunStatus> records, Instant now) {
    for (int step = 0; step <= plan.runs().size(); step++) {
      SeriesStep next = SeriesStep.next(plan.runs(), records);
      if (next instanceof SeriesStep.Start start) {
        PlannedRun run = start.run();
        if (!runs.create(run)) {
          return Optional.of(
              progress(plan, run, "waiting for an earlier run named " + run.name() + " to go"));
        }
        RecordedRuns.started(records.get(run.index() - 1), now);
        return Optional.of(progress(plan, run, "created"));
      }
      if (next instanceof SeriesStep.Wait wait) {
        PlannedRun run = wait.run();
        ChildRunStatus record = records.get(run.index() - 1);
        Optional<JsonNode> document = runs.find(run.name());
        if (document.isEmpty()) {
          RecordedRuns.lost(record, now);
          continue;
        }
        RecordedRuns.observe(record, document.get(), now);
        if (record.getFinishedAt() == null) {
          String progress = document.get().path("status").path("progress").asText("");
          return Optional.of(
              progress(plan, run, record.getPhase() + (progress.isEmpty() ? "" : ": " + progress)));
        }
        continue;
      }
      return Optional.empty();
    }
    return Optional.empty();
  }

  private static String progress(SuitePlan plan, PlannedRun run, String state) {
    return "run "
        + run.index()
        + " of "
        + plan.runs().size()
        + ": "
        + run.describe()
        + ": "
        + state;
  }
}
