package io.streamgauge.run;

import io.streamgauge.api.BenchmarkRunStatus;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import java.time.Duration;
import java.time.Instant;

/** The run's window instants: fixed once, in status, and read back from there ever after. */
final class Windows {

  private Windows() {}

  /** The windows in status, or new ones starting at {@code now} (then stored in status). */
  static WindowTimes fix(RunContext run, Instant now) {
    BenchmarkRunStatus status = run.status();
    if (status.getWarmupStartedAt() == null) {
      Duration warmup = SpecDuration.parse(run.spec().getSchedule().getWarmup());
      Duration measurement = SpecDuration.parse(run.spec().getSchedule().getMeasurement());
      status.setWarmupStartedAt(now.toString());
      status.setMeasurementStartedAt(now.plus(warmup).toString());
      status.setMeasurementEndedAt(now.plus(warmup).plus(measurement).toString());
    }
    return WindowTimes.of(status);
  }
}
