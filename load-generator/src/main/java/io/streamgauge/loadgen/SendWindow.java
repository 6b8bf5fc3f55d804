package io.streamgauge.loadgen;

/**
 * The measurement window as the generator learns it from the latency consumer ({@code GET
 * /windows}), so it can tell which of its records were intended inside it. Unknown until set; set
 * once, from any thread; read on the sending thread for every record.
 */
final class SendWindow {

  private volatile long startMs = Long.MAX_VALUE;
  private volatile long endMs = Long.MAX_VALUE;
  private volatile boolean learnedLate;

  /**
   * Sets the window.
   *
   * @param lastIntendedMs the latest intended time sent so far: when it is already inside or past
   *     the window, records of the window went out unclassified and the report says so
   */
  void set(long startMs, long endMs, long lastIntendedMs) {
    this.learnedLate = lastIntendedMs >= startMs;
    this.endMs = endMs;
    this.startMs = startMs;
  }

  /** True when a record intended at {@code timestampMs} falls in the window. */
  boolean contains(long timestampMs) {
    return timestampMs >= startMs && timestampMs < endMs;
  }

  boolean isSet() {
    return startMs != Long.MAX_VALUE;
  }

  long startMs() {
    return startMs;
  }

  long endMs() {
    return endMs;
  }

  /** True when the window became known after some of its records were sent. */
  boolean learnedLate() {
    return learnedLate;
  }
}
