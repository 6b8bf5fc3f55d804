package io.streamgauge.latency;

import org.HdrHistogram.Histogram;

/**
 * Latency of the records of one topic whose timestamps fall in one window. Negative latencies
 * (clock skew) are counted, never put into the histogram; latencies beyond its one-hour range are
 * recorded at one hour and counted, so percentiles never silently shrink.
 */
final class WindowStats {

  /** One hour in microseconds: the largest latency the histogram holds. */
  static final long HIGHEST_MICROS = 3_600_000_000L;

  final Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
  long negative;
  long overRange;

  void record(long latencyMicros) {
    if (latencyMicros < 0) {
      negative++;
    } else if (latencyMicros > HIGHEST_MICROS) {
      overRange++;
      histogram.recordValue(HIGHEST_MICROS);
    } else {
      histogram.recordValue(latencyMicros);
    }
  }
}
