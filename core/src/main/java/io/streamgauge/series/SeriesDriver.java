package io.streamgauge.series;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.api.status.ChildRunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The one machine of every series on both platforms — a run's repetitions, a suite's cells, a
 * capacity search's probes: one run at a time, it records the run it waits for as it is (and, once
 * it ended, lets the series' {@link SeriesKind} judge it), then starts the next. It never waits
 * itself: on Kubernetes the next call comes with an event or a recheck; locally creating a run runs
 * it to its end, so the next call finds it ended.
 */
public final class SeriesDriver {

  /** How long to wait between checks while a run goes, should no event come. */
  public static final Duration RECHECK = Duration.ofSeconds(60);

  private SeriesDriver() {}

  /**
   * Advances the series as far as it goes now.
   *
   * @return Waiting with what the series waits for, e.g. {@code run 3 of 8: s-3 (…, repetition 2):
   *     Measuring}; Stopped when an ended run stopped it; Done once every run it needs ended
   * @throws io.streamgauge.platform.NameConflictException when a run of a name the series creates
   *     exists that it did not create
   */
  public static SeriesProgress advance(SeriesKind kind, SeriesRuns runs, Instant now) {
    // At most: the running run ended, then the next one is created.
    for (int step = 0; step < 2; step++) {
      Optional<SeriesKind.Running> running = kind.running();
      if (running.isPresent()) {
        SeriesKind.Running run = running.get();
        Optional<String> state = follow(runs, run.name(), run.record(), now);
        kind.observed(run.record());
        if (state.isPresent()) {
          return new SeriesProgress.Waiting(run.description() + ": " + state.get());
        }
        Optional<String> stop = kind.ended(run.record());
        if (stop.isPresent()) {
          return new SeriesProgress.Stopped(stop.get());
        }
        continue;
      }
      Optional<PlannedRun> next = kind.next();
      if (next.isEmpty()) {
        return new SeriesProgress.Done();
      }
      PlannedRun run = next.get();
      if (!runs.create(run)) {
        return new SeriesProgress.Waiting(
            kind.describe(run) + ": waiting for an earlier run named " + run.name() + " to go");
      }
      kind.started(run, now);
      return new SeriesProgress.Waiting(kind.describe(run) + ": created");
    }
    throw new IllegalStateException("the series neither ended its run nor started the next");
  }

  /**
   * Stops the series at its running run, which was interrupted: the one rule for every series, of
   * either platform — the run is recorded as it ended and kept (an interrupted local run ends
   * Failed, Interrupted), never judged as an outcome of the series (no failed probe, no failed
   * repetition counted against the app), and nothing more is started.
   */
  public static void stop(SeriesKind kind, SeriesRuns runs, Instant now) {
    kind.running()
        .ifPresent(
            run -> {
              follow(runs, run.name(), run.record(), now);
              kind.observed(run.record());
              kind.interrupted(run.record());
            });
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
}
