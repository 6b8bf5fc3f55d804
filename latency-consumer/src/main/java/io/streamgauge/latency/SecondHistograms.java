package io.streamgauge.latency;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Latencies of the measurement window per second of the records' timestamps (their intended send
 * time), so a run with faults can be cut afterwards into before, during and after each fault at
 * one-second resolution. Two significant digits (1 %) keep a second's histogram near 26 KiB; the
 * window's own histogram stays exact to three. A new second allocates once, then the last second's
 * histogram is reused without a lookup. Used under the {@link LatencyRecorder}'s lock.
 */
final class SecondHistograms {

  private final TreeMap<Long, Histogram> seconds = new TreeMap<>();
  private long lastSecond = Long.MIN_VALUE;
  private Histogram last;

  /** Records a latency of a record stamped {@code timestampMs}; negative ones are left out. */
  void record(long timestampMs, long latencyMicros) {
    if (latencyMicros < 0) {
      return;
    }
    long second = Math.floorDiv(timestampMs, 1000);
    if (second != lastSecond) {
      lastSecond = second;
      last = seconds.computeIfAbsent(second, s -> new Histogram(WindowStats.HIGHEST_MICROS, 2));
    }
    last.recordValue(Math.min(latencyMicros, WindowStats.HIGHEST_MICROS));
  }

  /** The histograms by epoch second. */
  Map<Long, Histogram> bySecond() {
    return seconds;
  }
}
