package io.streamgauge.loadgen;

import io.streamgauge.common.LoadShape;

/**
 * When each record of one topic is due, in nanoseconds after the start: at a constant rate, or
 * rising linearly from nothing to the rate over a ramp-up and constant after it. Over the ramp the
 * records sent by time {@code t} are {@code rate × t² / (2 × rampUp)}, so record {@code i} is due
 * at {@code √(2 × rampUp × i / rate)}; after it the schedule is the constant one shifted by half
 * the ramp ({@code i / rate + rampUp / 2}). Each record's due time is its intended send time, which
 * the latency is measured from, so a ramp changes what is sent, never how latency counts.
 *
 * <p>With a {@link LoadShape}, the schedule is {@linkplain #shapeFrom anchored} to the measurement
 * window once the generator learns it: the window's records are due as the shape says, counted from
 * the first record due at or after the window's start, and after the window the rate is the
 * constant one again.
 */
final class SendSchedule {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  /**
   * The latest a record before the window may be due, in nanoseconds before the window's start: its
   * stamp, rounded to the millisecond, stays before the window.
   */
  private static final long LAST_BEFORE_WINDOW =
      (long) (LoadShape.LAST_IN_SEGMENT * NANOS_PER_SECOND);

  private final double nanosPerRecord;
  private final long rampNanos;

  /** Records the ramp holds: {@code rate × rampUp / 2}. */
  private final double rampRecords;

  private LoadShape shape;
  private long windowNanos;
  private long firstInWindow = Long.MAX_VALUE;

  /** The shape's records a late anchoring passed over (those due before it was anchored). */
  private long shapeSkipped;

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
    if (shape != null && nanos >= windowNanos) {
      return rate * shape.factorAt((nanos - windowNanos) / (double) NANOS_PER_SECOND);
    }
    return rampNanos == 0 || nanos >= rampNanos
        ? rate
        : rate * Math.max(0, nanos) / (double) rampNanos;
  }

  /**
   * Shapes the measurement window, {@code windowNanos} after the start: its records are due as
   * {@code shape} says from the first due at or after its start ({@code next} at the earliest: the
   * records scheduled so far keep their due times). Ignored when unpaced or already shaped.
   *
   * @param next the index of the next record to schedule
   * @return false when records due inside the window were scheduled already (the window became
   *     known late): the shape then goes on from the next record's time, as if it had run since the
   *     window's start
   */
  boolean shapeFrom(long windowNanos, LoadShape shape, long next) {
    if (nanosPerRecord == 0 || this.shape != null) {
      return true;
    }
    long first = baseDueWithin(windowNanos);
    boolean inTime = windowNanos >= 0 && first >= next;
    this.windowNanos = windowNanos;
    this.firstInWindow = inTime ? first : next;
    // Late (the window began before the records still to schedule, as for a generator started
    // again inside it): the shape goes on from where it is now, never from its start, which would
    // send every record of the window so far at once.
    this.shapeSkipped =
        inTime
            ? 0
            : shape.recordsBefore(
                Math.max(0, baseDue(next) - windowNanos) / (double) NANOS_PER_SECOND,
                ratePerSecond());
    this.shape = shape;
    return inTime;
  }

  /** Nanoseconds after the start at which record {@code index} (from 0) is due. */
  long dueOffset(long index) {
    if (shape == null) {
      return baseDue(index);
    }
    if (index < firstInWindow) {
      return Math.min(baseDue(index), windowNanos - LAST_BEFORE_WINDOW);
    }
    double seconds = shape.due(index - firstInWindow + shapeSkipped, ratePerSecond());
    return windowNanos + (long) (seconds * NANOS_PER_SECOND);
  }

  /** When record {@code index} is due without a shape. */
  private long baseDue(long index) {
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
    if (shape == null) {
      return Math.min(limit, baseDueWithin(nanos));
    }
    // The first index due at or after nanos, by bisection over the (non-decreasing) due times.
    long low = 0;
    long high = 1;
    while (dueOffset(high) < nanos) {
      low = high;
      high *= 2;
    }
    while (low < high) {
      long mid = low + (high - low) / 2;
      if (dueOffset(mid) < nanos) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return Math.min(limit, low);
  }

  /** How many records are due in the first {@code nanos} after the start without a shape. */
  private long baseDueWithin(long nanos) {
    if (nanos <= 0) {
      return 0; // record 0 is due at the start: none before it
    }
    // An estimate from the inverse of dueOffset, then the same arithmetic as the schedule: count
    // the i with dueOffset(i) < nanos.
    double estimate =
        nanos <= rampNanos
            ? (double) nanos * nanos / (2.0 * rampNanos * nanosPerRecord)
            : (nanos - rampNanos / 2.0) / nanosPerRecord;
    long count = Math.max(0, (long) Math.ceil(estimate));
    while (count > 0 && baseDue(count - 1) >= nanos) {
      count--;
    }
    while (baseDue(count) < nanos) {
      count++;
    }
    return count;
  }
}
