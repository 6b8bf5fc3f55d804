package io.streamgauge.loadgen;

/**
 * When each record of one topic is due, in nanoseconds after the start: at a constant rate, or
 * rising linearly from nothing to the rate over a ramp-up and constant after it. Over the ramp the
 * records sent by time {@code t} are {@code rate × t² / (2 × rampUp)}, so record {@code i} is due
 * at {@code √(2 × rampUp × i / rate)}; after it the schedule is the constant one shifted by half
 * the ramp ({@code i / rate + rampUp / 2}). Each record's due time is its intended send time, which
 * the latency is measured from, so a ramp changes what is sent, never how latency counts.
 */
final class SendSchedule {

  private final double nanosPerRecord;
  private final long rampNanos;

  /** Records the ramp holds: {@code rate × rampUp / 2}. */
  private final double rampRecords;

  /**
   * @param ratePerSecond the rate after the ramp; {@code Double.POSITIVE_INFINITY}: every record
   *     due at once (no ramp)
   * @param rampNanos how long the rate takes to rise from nothing to {@code ratePerSecond}; 0: no
   *     ramp
   */
  SendSchedule(double ratePerSecond, long rampNanos) {
    if (rampNanos < 0) {
      throw new IllegalArgumentException("rampNanos < 0: " + rampNanos);
    }
    this.nanosPerRecord = 1e9 / ratePerSecond;
    this.rampNanos = nanosPerRecord == 0 ? 0 : rampNanos;
    this.rampRecords = this.rampNanos == 0 ? 0 : this.rampNanos / (2 * nanosPerRecord);
  }

  /** Records per second after the ramp (infinite when unpaced). */
  double ratePerSecond() {
    return 1e9 / nanosPerRecord;
  }

  /**
   * The rate the schedule runs at {@code nanos} after the start: rising linearly over the ramp,
   * then {@link #ratePerSecond()}.
   */
  double rateAt(long nanos) {
    double rate = ratePerSecond();
    return rampNanos == 0 || nanos >= rampNanos
        ? rate
        : rate * Math.max(0, nanos) / (double) rampNanos;
  }

  /** Nanoseconds after the start at which record {@code index} (from 0) is due. */
  long dueOffset(long index) {
    if (index < rampRecords) {
      return (long) Math.sqrt(2.0 * rampNanos * index * nanosPerRecord);
    }
    return (long) (index * nanosPerRecord + rampNanos / 2.0);
  }

  /** How many records are due in the first {@code nanos} after the start, at most {@code limit}. */
  long dueWithin(long nanos, long limit) {
    if (nanosPerRecord == 0) {
      // Unpaced (prepopulating): every record is due at once.
      return limit;
    }
    // An estimate from the inverse of dueOffset, then the same arithmetic as the schedule: count
    // the i with dueOffset(i) < nanos.
    double estimate =
        nanos <= rampNanos
            ? (double) nanos * nanos / (2.0 * rampNanos * nanosPerRecord)
            : (nanos - rampNanos / 2.0) / nanosPerRecord;
    long count = Math.max(0, (long) Math.ceil(estimate));
    while (count > 0 && dueOffset(count - 1) >= nanos) {
      count--;
    }
    while (dueOffset(count) < nanos) {
      count++;
    }
    return Math.min(limit, count);
  }
}
