package io.streamgauge.run;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.results.RunChecks;
import io.streamgauge.scenario.AppCommitInterval;
import io.streamgauge.scenario.SpecDefaulter;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;

/**
 * Whether the warmup may start, for a run with {@code spec.schedule.catchUp}: the load runs, the
 * windows are not fixed yet, and a fresh app drains the backlog it built up while starting. The
 * warmup starts once the app's committed input lag has stayed within {@code
 * checks.maxBacklogAtStartSeconds} of the target rate for {@code schedule.catchUpHold}, counted
 * from the end of {@code schedule.rampUp} when the load ramps up. At {@code catchUp} after the load
 * started it waits on only while the app is still draining — its lag falling, with time left to
 * hold the bound before the gate's extension limit — and otherwise starts the warmup anyway (the
 * {@code backlogAtStart} and {@code catchUp} checks then judge the window). A fixed bound alone
 * would not do: how long a fresh JVM takes to drain its start is close to chance near its ceiling,
 * and how fast its lag falls at {@code catchUp} does not say how soon it drains (a fresh JVM still
 * speeds up there). Why: docs/guides/capacity.md#each-probe-starts-level.
 */
final class CatchUp {

  private CatchUp() {}

  /** The least time between two readings of the lag the gate compares. */
  static final Duration MIN_COMPARISON_PERIOD = Duration.ofSeconds(10);

  /**
   * What the gate keeps between its checks.
   *
   * @param withinSince since when the lag has stayed within the bound, or null
   * @param readings the lag as last compared and its trend, or null before the first reading
   */
  record State(Instant withinSince, CatchUpSummary readings) {

    /** Before the first check. */
    static final State NONE = new State(null, null);
  }

  /**
   * What the gate decided.
   *
   * @param startWarmup true when the warmup may start now
   * @param text why, for the phase's progress while waiting, else for the warmup's start
   * @param state what to keep for the next check; final (caughtUp and seconds set) when the warmup
   *     starts
   */
  record Verdict(boolean startWarmup, String text, State state) {}

  /**
   * @param loadStarted when the load generators were first seen running
   * @param extendUntil the latest the gate may wait past {@code schedule.catchUp} for an app that
   *     is still draining its backlog (twice catchUp after the load started, or less where the
   *     run's timeout needs the time for the windows and the drain)
   * @param previous what the previous check kept
   * @param lag the app's input lag as last sampled; empty when its group has not committed yet
   * @param lagProblem why the lag could not be read, or null
   */
  static Verdict judge(
      BenchmarkRunSpec spec,
      Instant loadStarted,
      Instant extendUntil,
      State previous,
      Instant now,
      OptionalDouble lag,
      String lagProblem) {
    SpecDurations times = SpecDurations.of(spec);
    Duration bound = times.catchUp().orElseThrow();
    Duration hold = times.catchUpHold();
    double allowed = allowedLag(spec);
    Duration elapsed = Duration.between(loadStarted, now);
    String waited = SpecDuration.format(roundedToSeconds(elapsed));
    String limit =
        RunChecks.number((double) Math.round(allowed))
            + " records ("
            + RunChecks.number(maxBacklogSeconds(spec))
            + " s of input)";
    CatchUpSummary readings = compared(previous.readings(), lag, now, comparisonPeriod(spec));
    Instant since = null;
    String state;
    Duration stillNeeded = null; // past catchUp: the least time the app still needs to catch up
    Duration rampUp = rampUp(spec);
    if (elapsed.compareTo(rampUp) < 0) {
      // The hold counts from the ramp's end: a lag within the bound at a fraction of the rate
      // says nothing of the full rate.
      state =
          "the load ramps up for "
              + SpecDuration.format(rampUp)
              + (lag.isPresent()
                  ? ", input lag " + RunChecks.number((double) Math.round(lag.getAsDouble()))
                  : "");
      stillNeeded = rampUp.minus(elapsed).plus(hold);
    } else if (lag.isPresent() && Math.round(lag.getAsDouble()) <= allowed) {
      since = previous.withinSince() == null ? now : previous.withinSince();
      Duration held = Duration.between(since, now);
      state =
          "input lag " + RunChecks.number((double) Math.round(lag.getAsDouble())) + " <= " + limit;
      if (held.compareTo(hold) >= 0) {
        return new Verdict(
            true,
            "caught up after " + waited + ": " + state + " for " + SpecDuration.format(hold),
            ended(readings, lag, now, elapsed, true, since));
      }
      state +=
          ", held " + SpecDuration.format(roundedToSeconds(held)) + "/" + SpecDuration.format(hold);
      stillNeeded = hold.minus(held);
    } else if (lag.isPresent()) {
      state =
          "input lag "
              + RunChecks.number((double) Math.round(lag.getAsDouble()))
              + " > "
              + limit
              + trend(readings);
      stillNeeded = isFalling(readings) ? hold : null;
    } else if (lagProblem != null) {
      state = "input lag unknown: " + lagProblem;
    } else {
      state = "the app's group has not committed yet";
    }
    if (elapsed.compareTo(bound) < 0) {
      return new Verdict(
          false,
          "Catching up " + waited + "/" + SpecDuration.format(bound) + ": " + state,
          new State(since, readings));
    }
    if (stillNeeded != null && !now.plus(stillNeeded).isAfter(extendUntil)) {
      return new Verdict(
          false,
          "Catching up "
              + waited
              + ", past catchUp "
              + SpecDuration.format(bound)
              + " while the app drains (at most "
              + SpecDuration.format(roundedToSeconds(Duration.between(loadStarted, extendUntil)))
              + "): "
              + state,
          new State(since, readings));
    }
    return new Verdict(
        true,
        "did not catch up within " + SpecDuration.format(bound) + ": " + state,
        ended(readings, lag, now, elapsed, false, since));
  }

  /** Whether the lag fell between the last two readings compared. */
  private static boolean isFalling(CatchUpSummary readings) {
    Double trend = readings == null ? null : readings.getLagTrendPerSec();
    return trend != null && trend < 0;
  }

  /**
   * The readings after {@code lag}: it becomes the new comparison point once {@code period} has
   * passed since the last one, and the trend the change per second between the two.
   */
  private static CatchUpSummary compared(
      CatchUpSummary previous, OptionalDouble lag, Instant now, Duration period) {
    CatchUpSummary next = new CatchUpSummary();
    if (previous != null) {
      next.setLag(previous.getLag());
      next.setLagAt(previous.getLagAt());
      next.setLagTrendPerSec(previous.getLagTrendPerSec());
    }
    if (lag.isEmpty()) {
      return next;
    }
    if (next.getLag() != null) {
      Duration since = Duration.between(Instant.parse(next.getLagAt()), now);
      if (since.compareTo(period) < 0) {
        return next;
      }
      next.setLagTrendPerSec(
          (double) Math.round((lag.getAsDouble() - next.getLag()) * 1000.0 / since.toMillis()));
    }
    next.setLag((double) Math.round(lag.getAsDouble()));
    next.setLagAt(now.toString());
    return next;
  }

  /** The readings as the warmup starts: the lag it starts with, and how the catch-up ended. */
  private static State ended(
      CatchUpSummary readings,
      OptionalDouble lag,
      Instant now,
      Duration elapsed,
      boolean caughtUp,
      Instant since) {
    if (lag.isPresent()) {
      readings.setLag((double) Math.round(lag.getAsDouble()));
      readings.setLagAt(now.toString());
    }
    readings.setCaughtUp(caughtUp);
    readings.setSeconds(elapsed.toMillis() / 1000.0);
    return new State(since, readings);
  }

  /**
   * {@code , falling 9,000 records/s}, {@code , growing …} or {@code , steady}; empty before a
   * trend.
   */
  private static String trend(CatchUpSummary readings) {
    Double trend = readings.getLagTrendPerSec();
    if (trend == null) {
      return "";
    }
    long perSecond = Math.round(trend);
    if (perSecond == 0) {
      return ", steady";
    }
    return (perSecond < 0 ? ", falling " : ", growing ")
        + RunChecks.number((double) Math.abs(perSecond))
        + " records/s";
  }

  /**
   * How far apart the compared readings are: at least {@link #MIN_COMPARISON_PERIOD} and two of the
   * app's commit intervals, since the lag it reports moves only when the app commits.
   */
  static Duration comparisonPeriod(BenchmarkRunSpec spec) {
    Duration twoCommits = AppCommitInterval.of(spec).multipliedBy(2);
    return twoCommits.compareTo(MIN_COMPARISON_PERIOD) > 0 ? twoCommits : MIN_COMPARISON_PERIOD;
  }

  /**
   * The input lag, in records, within which the app counts as caught up: {@code
   * checks.maxBacklogAtStartSeconds} of the target rate.
   */
  static double allowedLag(BenchmarkRunSpec spec) {
    return maxBacklogSeconds(spec) * spec.getLoad().totalRatePerSecond();
  }

  /** {@code schedule.rampUp}, or zero without one. */
  private static Duration rampUp(BenchmarkRunSpec spec) {
    return SpecDurations.of(spec).rampUp();
  }

  private static double maxBacklogSeconds(BenchmarkRunSpec spec) {
    Double seconds =
        spec.getChecks() == null ? null : spec.getChecks().getMaxBacklogAtStartSeconds();
    return seconds == null ? SpecDefaulter.MAX_BACKLOG_AT_START_SECONDS : seconds;
  }

  private static Duration roundedToSeconds(Duration d) {
    return Duration.ofSeconds(d.getSeconds());
  }
}
