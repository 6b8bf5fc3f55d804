package io.streamgauge.run;

import io.streamgauge.api.BenchmarkRunSpec;
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
   * What the gate decided.
   *
   * @param startWarmup true when the warmup may start now
   * @param text why, for the phase's progress while waiting, else for the warmup's start
   */
  record Verdict(boolean startWarmup, String text) {}

  /**
   * @param lag the app's input lag as last sampled; empty when its group has not committed yet
   * @param lagProblem why the lag could not be read, or null
   */
  static Verdict judge(
      BenchmarkRunSpec spec,
      Instant loadStarted,
      Instant now,
      OptionalDouble lag,
      String lagProblem) {
    Duration bound = SpecDuration.parse(spec.getSchedule().getCatchUp());
    double seconds = maxBacklogSeconds(spec);
    double allowed = seconds * spec.getLoad().totalRatePerSecond();
    Duration waited = Duration.between(loadStarted, now);
    String limit =
        RunChecks.number((double) Math.round(allowed))
            + " records ("
            + RunChecks.number(seconds)
            + " s of input)";
    String state;
    if (lag.isPresent()) {
      long records = Math.round(lag.getAsDouble());
      if (records <= allowed) {
        return new Verdict(
            true,
            "caught up after "
                + SpecDuration.format(roundedToSeconds(waited))
                + ": input lag "
                + RunChecks.number((double) records)
                + " <= "
                + limit);
      }
      state = "input lag " + RunChecks.number((double) records) + " > " + limit;
    } else if (lagProblem != null) {
      state = "input lag unknown: " + lagProblem;
    } else {
      state = "the app's group has not committed yet";
    }
    if (waited.compareTo(bound) >= 0) {
      return new Verdict(
          true, "did not catch up within " + SpecDuration.format(bound) + ": " + state);
    }
    return new Verdict(
        false,
        "Catching up "
            + SpecDuration.format(roundedToSeconds(waited))
            + "/"
            + SpecDuration.format(bound)
            + ": "
            + state);
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
