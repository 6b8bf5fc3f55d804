package io.streamgauge.platform;

import io.streamgauge.api.status.BenchmarkRunStatus;
import java.time.Instant;

/**
 * The three instants of a run's windows, as stored in status and sent to the latency consumer.
 *
 * @param warmupStart when load started
 * @param measurementStart warmupStart + schedule.warmup
 * @param measurementEnd measurementStart + schedule.measurement
 */
public record WindowTimes(Instant warmupStart, Instant measurementStart, Instant measurementEnd) {

  /**
   * The windows stored in {@code status}.
   *
   * @throws IllegalStateException when they have not been fixed yet
   */
  public static WindowTimes of(BenchmarkRunStatus status) {
    if (status.getWarmupStartedAt() == null
        || status.getMeasurementStartedAt() == null
        || status.getMeasurementEndedAt() == null) {
      throw new IllegalStateException("the run's windows are not fixed yet");
    }
    return new WindowTimes(
        Instant.parse(status.getWarmupStartedAt()),
        Instant.parse(status.getMeasurementStartedAt()),
        Instant.parse(status.getMeasurementEndedAt()));
  }
}
