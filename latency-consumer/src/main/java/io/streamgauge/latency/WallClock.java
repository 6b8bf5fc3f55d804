package io.streamgauge.latency;

import java.time.Instant;

/**
 * Wall-clock time in epoch microseconds without allocating: anchored to {@link Instant#now} and
 * advanced with {@link System#nanoTime}, re-anchored every second so it follows clock adjustments.
 * Used by the consumer thread only.
 */
final class WallClock {

  private static final long REANCHOR_NANOS = 1_000_000_000L;

  private long anchorMicros;
  private long anchorNanos;

  WallClock() {
    anchor(System.nanoTime());
  }

  long nowMicros() {
    long nanos = System.nanoTime();
    if (nanos - anchorNanos > REANCHOR_NANOS) {
      anchor(nanos);
    }
    return anchorMicros + (nanos - anchorNanos) / 1000;
  }

  private void anchor(long nanos) {
    Instant now = Instant.now();
    anchorMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    anchorNanos = nanos;
  }
}
