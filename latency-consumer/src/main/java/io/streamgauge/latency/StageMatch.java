package io.streamgauge.latency;

/**
 * Matches, in one output partition, each record read {@code read_committed} with the moment the
 * same record (same offset) was first readable {@code read_uncommitted}, whichever reader saw it
 * first: the record's <em>written</em> time. Both readers go through the partition in offset order,
 * each on its own thread, so each side queues what the other has not seen yet and drops what the
 * other has passed: records of aborted transactions (seen written, never committed) and records one
 * reader was not there for (the written reader starting later). A record the written reader never
 * saw is counted unmatched, so the stages' coverage is known. Used under the {@link
 * LatencyRecorder}'s lock; allocates only while a queue grows.
 */
final class StageMatch {

  /** What a match yields: the record's times, in epoch microseconds (publish delay: µs, -1). */
  interface Sink {
    void matched(long writtenMicros, long committedMicros, long timestampMs, long publishMicros);
  }

  /**
   * The most records a side keeps waiting for the other, per partition: 13 s at 10,000 records/s a
   * partition, far beyond any commit wait, and at most 4 MiB a partition should the other side stop
   * reading.
   */
  static final int WAITING = 1 << 17;

  /** Written but not yet read committed: offset, receipt. */
  private final LongRing written = new LongRing(2, WAITING);

  /** Read committed but not yet seen written: offset, receipt, timestamp, publish delay. */
  private final LongRing committed = new LongRing(4, WAITING);

  private long writtenNext = -1;
  private long committedNext = -1;
  private long unmatched;

  /** The written reader saw record {@code offset} at {@code receiptMicros}. */
  void written(long offset, long receiptMicros, Sink sink) {
    if (offset < writtenNext) {
      return; // read again after a seek back: the first receipt stands
    }
    writtenNext = offset + 1;
    while (!committed.isEmpty() && committed.head(0) < offset) {
      committed.pop();
      unmatched++;
    }
    if (!committed.isEmpty() && committed.head(0) == offset) {
      long committedAt = committed.head(1);
      sink.matched(
          Math.min(receiptMicros, committedAt), committedAt, committed.head(2), committed.head(3));
      committed.pop();
      return;
    }
    if (offset < committedNext) {
      return; // the committed reader passed it without reading it: aborted
    }
    if (written.isFull()) {
      written.pop();
    }
    written.push(offset, receiptMicros, 0, 0);
  }

  /** The committed reader read record {@code offset} at {@code receiptMicros}. */
  void committed(long offset, long receiptMicros, long timestampMs, long publishMicros, Sink sink) {
    if (offset < committedNext) {
      return;
    }
    committedNext = offset + 1;
    while (!written.isEmpty() && written.head(0) < offset) {
      written.pop();
    }
    if (!written.isEmpty() && written.head(0) == offset) {
      sink.matched(
          Math.min(written.head(1), receiptMicros), receiptMicros, timestampMs, publishMicros);
      written.pop();
      return;
    }
    if (offset < writtenNext) {
      unmatched++; // the written reader passed it before this record was there to see
      return;
    }
    if (committed.isFull()) {
      committed.pop();
      unmatched++;
    }
    committed.push(offset, receiptMicros, timestampMs, publishMicros);
  }

  /** Records read committed that will never be matched. */
  long unmatched() {
    return unmatched;
  }
}
