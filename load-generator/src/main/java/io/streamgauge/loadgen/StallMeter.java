package io.streamgauge.loadgen;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Measures the pauses the load generator's JVM and machine impose on it, the way jHiccup does: a
 * thread that does nothing but sleep 1 ms at a time records how late it woke, and a pause of n ms
 * counts once for every millisecond it covered (n, n − 1, …, 1 ms late) — what a sender due every
 * millisecond would have been late by. Its p99 is the publish delay a generator that costs nothing
 * would have had on this host: when it alone is over the {@code publishDelayP99} bound, the machine
 * (GC, CPU contention, a paused VM) held the load back, not the generator's capacity.
 *
 * <p>Its cost: about a thousand wake-ups a second of one thread that does no work.
 */
final class StallMeter implements AutoCloseable {

  /** How long the meter sleeps between readings: its resolution. */
  static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /** The longest pause counted in full; a longer one (a suspended VM) counts as this long. */
  private static final long LONGEST_NANOS = Duration.ofMinutes(1).toNanos();

  private final LongConsumer lateness;
  private final Thread thread;
  private volatile boolean running = true;

  private StallMeter(LongConsumer lateness) {
    this.lateness = lateness;
    this.thread = new Thread(this::measure, "stall-meter");
    this.thread.setDaemon(true);
  }

  /** Starts measuring; {@code lateness} receives each reading, in nanoseconds late. */
  static StallMeter start(LongConsumer lateness) {
    StallMeter meter = new StallMeter(lateness);
    meter.thread.start();
    return meter;
  }

  private void measure() {
    long before = System.nanoTime();
    while (running) {
      LockSupport.parkNanos(INTERVAL_NANOS);
      long now = System.nanoTime();
      record(now - before - INTERVAL_NANOS, lateness);
      before = now;
    }
  }

  /**
   * Records one wake-up {@code late} nanoseconds after it was due, and for a pause longer than the
   * interval the wake-ups it swallowed: each interval inside it, that much less late.
   */
  static void record(long late, LongConsumer lateness) {
    long remaining = Math.min(Math.max(0, late), LONGEST_NANOS);
    lateness.accept(remaining);
    for (remaining -= INTERVAL_NANOS; remaining > 0; remaining -= INTERVAL_NANOS) {
      lateness.accept(remaining);
    }
  }

  @Override
  public void close() {
    running = false;
    LockSupport.unpark(thread);
  }
}
