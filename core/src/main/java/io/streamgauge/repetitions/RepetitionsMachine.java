package io.streamgauge.repetitions;

import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.FigureSpread;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.RepetitionsStatus;
import io.streamgauge.compare.ComparedFigure;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.RepetitionSummary;
import io.streamgauge.compare.Spread;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.series.ParentRunPhases;
import io.streamgauge.series.PlannedSeries;
import io.streamgauge.series.RecordedRuns;
import io.streamgauge.series.SeriesDriver;
import io.streamgauge.series.SeriesOutcome;
import io.streamgauge.series.SeriesProgress;
import io.streamgauge.series.SeriesRuns;
import io.streamgauge.suite.ComparedRecords;
import io.streamgauge.suite.StatusTables;
import io.streamgauge.suite.SuitePlan;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Drives a BenchmarkRun with {@code spec.repetitions} above 1 on a platform whose runs are
 * resources (Kubernetes): Pending → Repeating, its repetitions run one at a time as runs of their
 * own ({@code <run>-1} … {@code <run>-N}), then Succeeded with {@code status.repetitions} (median,
 * min, max and CV per figure over the valid ones) and a Valid condition that is True only when
 * every repetition is valid — or Failed when every repetition failed.
 */
public final class RepetitionsMachine {

  private RepetitionsMachine() {}

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
    SuitePlan plan = SuitePlan.repetitionsOf(run.name(), run.spec());
    if (status.getPhase() == null) {
      ParentRunPhases.accept(run, transitions, now);
      RepetitionsStatus repetitions = new RepetitionsStatus();
      repetitions.setRuns(RecordedRuns.planned(plan.runs()));
      status.setRepetitions(repetitions);
      transitions.enter(
          run,
          Phase.Repeating,
          now,
          plan.runs().size()
              + " repetitions, one at a time: "
              + plan.runs().get(0).name()
              + " … "
              + plan.runs().get(plan.runs().size() - 1).name());
    }
    List<ChildRunStatus> records = status.getRepetitions().getRuns();
    SeriesProgress progress;
    try {
      progress = SeriesDriver.advance(new PlannedSeries(plan.runs(), records), runs, now);
    } catch (NameConflictException e) {
      transitions.fail(run, now, FailureReason.NameConflict, e.getMessage());
      return Optional.empty();
    }
    status.getRepetitions().setCompleted(RecordedRuns.completed(records));
    if (progress instanceof SeriesProgress.Waiting waiting) {
      status.setProgress(waiting.progress());
      return Optional.of(SeriesDriver.RECHECK);
    }
    finish(run, transitions, plan, records, now);
    return Optional.empty();
  }

  /**
   * The summary {@link #advance} stored in {@code status} when the repetitions ended (per figure
   * its spread, and the runs left out), read back as it was stored; empty when none was.
   */
  public static Optional<RepetitionSummary> stored(RepetitionsStatus status) {
    if (status == null || status.getFigures() == null) {
      return Optional.empty();
    }
    List<ComparedRun> runs =
        status.getRuns().stream()
            .filter(r -> r.getStartedAt() != null)
            .map(ComparedRecords::asRecorded)
            .toList();
    Map<ComparedFigure, Spread> spreads = new LinkedHashMap<>();
    for (FigureSpread figure : status.getFigures()) {
      spreads.put(
          ComparedFigure.byKey(figure.getFigure()),
          new Spread(
              figure.getRuns(),
              figure.getMedian(),
              figure.getMin(),
              figure.getMax(),
              figure.getCv() == null ? Double.NaN : figure.getCv()));
    }
    return Optional.of(
        RepetitionSummary.stored(
            runs, status.getLeftOut() == null ? List.of() : status.getLeftOut(), spreads));
  }

  private static void finish(
      RunContext run,
      RunTransitions transitions,
      SuitePlan plan,
      List<ChildRunStatus> records,
      Instant now) {
    List<ComparedRun> compared = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      compared.add(ComparedRecords.asCompared(records.get(i), plan.runs().get(i)));
    }
    RepetitionSummary summary = RepetitionSummary.of(compared);
    RepetitionsStatus repetitions = run.status().getRepetitions();
    repetitions.setFigures(StatusTables.figures(summary.spreads()));
    repetitions.setLeftOut(summary.leftOut().isEmpty() ? null : summary.leftOut());
    String tally = RecordedRuns.tally(records, "repetitions");
    if (SeriesOutcome.of(records) == SeriesOutcome.FAILED) {
      transitions.fail(run, now, FailureReason.RepetitionsFailed, tally);
      return;
    }
    List<String> invalid =
        compared.stream()
            .filter(r -> !r.valid())
            .map(r -> r.source() + ": " + String.join("; ", r.problems()))
            .toList();
    ParentRunPhases.succeed(
        run,
        transitions,
        tally,
        invalid,
        new ParentRunPhases.Validity(
            "RepetitionsValid", "every repetition is valid", "RepetitionsInvalid"),
        now);
  }
}
