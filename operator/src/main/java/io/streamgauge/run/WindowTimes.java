package io.streamgauge.run;

import java.time.Instant;

/**
 * The three instants of a run's windows, as stored in status and sent to the latency consumer.
 *
 * @param warmupStart when load started
 * @param measurementStart warmupStart + schedule.warmup
 * @param measurementEnd measurementStart + schedule.measurement
 */
public record WindowTimes(Instant warmupStart, Instant measurementStart, Instant measurementEnd) {}
