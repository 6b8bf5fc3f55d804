package io.streamgauge.run;

import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import java.time.Duration;
import java.time.Instant;

/** The run's window instants: fixed once, in status, and read back from there ever after. */
final class Windows {

  private Windows() {}

  /**
   * The windows in status, or new ones starting at {@code now} (then stored in status). Under a
   * load shape the measurement starts on a whole second (the warmup up to a second longer), so the
   * shape's segments, whole seconds each, meet the latency's per-second histograms exactly.
   */
  static WindowTimes fix(RunContext run, Instant now) {
    BenchmarkRunStatus status = run.status();
    if (status.getWarmupStartedAt() == null) {
      Duration warmup = run.durations().warmup();
      Duration measurement = run.durations().measurement();
      Instant start = now.plus(warmup);
      if (run.spec().getLoad().getShape() != null) {
        start = ceilSecond(start);
      }
      status.setWarmupStartedAt(now.toString());
      status.setMeasurementStartedAt(start.toString());
      status.setMeasurementEndedAt(start.plus(measurement).toString());
    }
    return WindowTimes.of(status);
  }

  private static Instant ceilSecond(Instant instant) {
    Instant floor = instant.truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    return floor.equals(instant) ? floor : floor.plusSeconds(1);
  }

  /** Stores {@code windows}, which the latency consumer already counts with, in status. */
  static WindowTimes adopt(RunContext run, WindowTimes windows) {
    BenchmarkRunStatus status = run.status();
    status.setWarmupStartedAt(windows.warmupStart().toString());
    status.setMeasurementStartedAt(windows.measurementStart().toString());
    status.setMeasurementEndedAt(windows.measurementEnd().toString());
    return WindowTimes.of(status);
  }

  /** True when both windows agree to the millisecond (the latency consumer's resolution). */
  static boolean sameToTheMillisecond(WindowTimes a, WindowTimes b) {
    return a.warmupStart().toEpochMilli() == b.warmupStart().toEpochMilli()
        && a.measurementStart().toEpochMilli() == b.measurementStart().toEpochMilli()
        && a.measurementEnd().toEpochMilli() == b.measurementEnd().toEpochMilli();
  }
}
