package io.streamgauge.latency;

/**
 * A first-in first-out queue of fixed-width tuples of longs in one growable array, so that queuing
 * allocates only while it grows (up to {@code capacity} tuples, past which the caller drops the
 * oldest).
 */
final class LongRing {

  private final int width;
  private final int capacity;
  private long[] slots;
  private int head;
  private int size;

  /**
   * @param width longs per tuple
   * @param capacity the most tuples held
   */
  LongRing(int width, int capacity) {
    this.width = width;
    this.capacity = capacity;
    this.slots = new long[width * 16];
  }

  boolean isEmpty() {
    return size == 0;
  }

  boolean isFull() {
    return size == capacity;
  }

  int size() {
    return size;
  }

  /** Field {@code field} of the oldest tuple; the queue must not be empty. */
  long head(int field) {
    return slots[head * width + field];
  }

  /** Removes the oldest tuple; the queue must not be empty. */
  void pop() {
    head = (head + 1) % (slots.length / width);
    size--;
  }

  /** Adds a tuple of {@code width} values at the end; the queue must not be full. */
  void push(long a, long b, long c, long d) {
    if (size * width == slots.length) {
      grow();
    }
    int at = ((head + size) % (slots.length / width)) * width;
    slots[at] = a;
    if (width > 1) {
      slots[at + 1] = b;
    }
    if (width > 2) {
      slots[at + 2] = c;
    }
    if (width > 3) {
      slots[at + 3] = d;
    }
    size++;
  }

  private void grow() {
    int tuples = slots.length / width;
    long[] bigger = new long[Math.min(tuples * 2, capacity) * width];
    for (int i = 0; i < size; i++) {
      System.arraycopy(slots, ((head + i) % tuples) * width, bigger, i * width, width);
    }
    slots = bigger;
    head = 0;
  }
}
