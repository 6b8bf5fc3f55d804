package io.streamgauge.series;

import io.streamgauge.api.status.ChildRunStatus;
import java.util.List;

/**
 * What a series does next, one run at a time: start the next planned run, wait for the one running,
 * or nothing (every run ended). Decided from the records alone, so any call may be the first after
 * a restart.
 */
public sealed interface SeriesStep {

  /** Create {@code run}: no other run of the series is running. */
  record Start(PlannedRun run) implements SeriesStep {}

  /** {@code run} was created and has not ended. */
  record Wait(PlannedRun run) implements SeriesStep {}

  /** Every planned run ended. */
  record Done() implements SeriesStep {}

  /**
   * The next step of {@code plan} given its records (one per planned run, in order): the first run
   * not ended is waited for when it was started, else started.
   */
  static SeriesStep next(List<PlannedRun> plan, List<ChildRunStatus> records) {
    for (int i = 0; i < plan.size(); i++) {
      ChildRunStatus record = i < records.size() ? records.get(i) : null;
      if (record == null || record.getFinishedAt() == null) {
        return record != null && record.getStartedAt() != null
            ? new Wait(plan.get(i))
            : new Start(plan.get(i));
      }
    }
    return new Done();
  }
}
