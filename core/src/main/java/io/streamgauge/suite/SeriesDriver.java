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
          return Optional.of(progress(plan, run, waitingForEarlier(run.name())));
        }
        RecordedRuns.started(records.get(run.index() - 1), now);
        return Optional.of(progress(plan, run, "created"));
      }
      if (next instanceof SeriesStep.Wait wait) {
        PlannedRun run = wait.run();
        Optional<String> running = follow(runs, run.name(), records.get(run.index() - 1), now);
        if (running.isPresent()) {
          return Optional.of(progress(plan, run, running.get()));
        }
        continue;
      }
      return Optional.empty();
    }
    return Optional.empty();
  }

  /**
   * Records what the started run called {@code name} shows now (a run that is gone counts as
   * failed).
   *
   * @return its phase and progress while it runs, e.g. {@code Measuring: 40s/5m}; empty once it
   *     ended
   */
  public static Optional<String> follow(
      SeriesRuns runs, String name, ChildRunStatus record, Instant now) {
    Optional<JsonNode> document = runs.find(name);
    if (document.isEmpty()) {
      RecordedRuns.lost(record, now);
      return Optional.empty();
    }
    RecordedRuns.observe(record, document.get(), now);
    if (record.getFinishedAt() != null) {
      return Optional.empty();
    }
    String progress = document.get().path("status").path("progress").asText("");
    return Optional.of(record.getPhase() + (progress.isEmpty() ? "" : ": " + progress));
  }

  /** What a series says while a run of the name it creates next is still being deleted. */
  public static String waitingForEarlier(String name) {
    return "waiting for an earlier run named " + name + " to go";
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
