package io.streamgauge.run;

import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.ScheduleSpec;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.results.RunChecks;
import io.streamgauge.scenario.SpecDefaulter;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;

/**
 * Whether the warmup may start, for a run with {@code spec.schedule.catchUp}: the load runs, the
 * windows are not fixed yet, and a fresh app drains the backlog it built up while starting. The
 * warmup starts once the app's committed input lag is at most {@code
 * checks.maxBacklogAtStartSeconds} of the target rate, or when {@code catchUp} has passed since the
 * load started (the {@code backlogAtStart} check then judges the window).
 */
final class CatchUp {

  private CatchUp() {}

  /**
   * How long the lag must stay within the bound: a fresh app keeps up for its first seconds and
   * falls behind while its code is compiled. Wordcount at 750 lines/s read 1,249 records 2 s after
   * the load started, then fell 5,859 behind. Stateless-simple on one core at 12,400-12,800
   * records/s stayed within 2 s of input for the first 10-12 s, then left it 12-16 s after the load
   * started and fell 260,000-316,000 records behind (bench/results/capacity.md, E): a 10 s hold
   * started 5 of 17 probes' warmups too early. 30 s outlasts that by twice.
   */
  static final Duration HOLD = Duration.ofSeconds(ScheduleSpec.CATCH_UP_HOLD_SECONDS);

  /**
   * What the gate decided.
   *
   * @param startWarmup true when the warmup may start now
   * @param text why, for the phase's progress while waiting, else for the warmup's start
   * @param withinSince since when the lag has stayed within the bound (to keep in status), or null
   */
  record Verdict(boolean startWarmup, String text, Instant withinSince) {}

  /**
   * @param withinSince since when the lag has been within the bound, as the previous verdict said
   * @param lag the app's input lag as last sampled; empty when its group has not committed yet
   * @param lagProblem why the lag could not be read, or null
   */
  static Verdict judge(
      BenchmarkRunSpec spec,
      Instant loadStarted,
      Instant withinSince,
      Instant now,
      OptionalDouble lag,
      String lagProblem) {
    Duration bound = SpecDuration.parse(spec.getSchedule().getCatchUp());
    double seconds = maxBacklogSeconds(spec);
    double allowed = allowedLag(spec);
    String waited = SpecDuration.format(roundedToSeconds(Duration.between(loadStarted, now)));
    String limit =
        RunChecks.number((double) Math.round(allowed))
            + " records ("
            + RunChecks.number(seconds)
            + " s of input)";
    Instant since = null;
    String state;
    if (lag.isPresent() && Math.round(lag.getAsDouble()) <= allowed) {
      since = withinSince == null ? now : withinSince;
      Duration held = Duration.between(since, now);
      state =
          "input lag " + RunChecks.number((double) Math.round(lag.getAsDouble())) + " <= " + limit;
      if (held.compareTo(HOLD) >= 0) {
        return new Verdict(
            true,
            "caught up after " + waited + ": " + state + " for " + SpecDuration.format(HOLD),
            since);
      }
      state +=
          ", held " + SpecDuration.format(roundedToSeconds(held)) + "/" + SpecDuration.format(HOLD);
    } else if (lag.isPresent()) {
      state =
          "input lag " + RunChecks.number((double) Math.round(lag.getAsDouble())) + " > " + limit;
    } else if (lagProblem != null) {
      state = "input lag unknown: " + lagProblem;
    } else {
      state = "the app's group has not committed yet";
    }
    if (Duration.between(loadStarted, now).compareTo(bound) >= 0) {
      return new Verdict(
          true, "did not catch up within " + SpecDuration.format(bound) + ": " + state, since);
    }
    return new Verdict(
        false, "Catching up " + waited + "/" + SpecDuration.format(bound) + ": " + state, since);
  }

  /**
   * The input lag, in records, within which the app counts as caught up: {@code
   * checks.maxBacklogAtStartSeconds} of the target rate.
   */
  static double allowedLag(BenchmarkRunSpec spec) {
    return maxBacklogSeconds(spec) * spec.getLoad().totalRatePerSecond();
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
