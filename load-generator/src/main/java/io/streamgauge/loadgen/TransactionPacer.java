package io.streamgauge.loadgen;

import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;

/**
 * Transactional sending: commits every {@code commitRecords} records or every {@code
 * commitInterval} nanoseconds, whichever comes first, and begins the next transaction. A failed
 * commit aborts the transaction; its records fail through their callbacks and are counted there.
 */
final class TransactionPacer {

  private final Producer<byte[], byte[]> producer;
  private final int commitRecords;
  private final long commitIntervalNanos;
  private int inTransaction;
  private long openedAt;
  private boolean open;

  TransactionPacer(Producer<byte[], byte[]> producer, int commitRecords, long commitIntervalMs) {
    this.producer = producer;
    this.commitRecords = commitRecords;
    this.commitIntervalNanos = commitIntervalMs * 1_000_000L;
  }

  void begin(long now) {
    producer.beginTransaction();
    open = true;
    inTransaction = 0;
    openedAt = now;
  }

  void recordSent(long now) {
    inTransaction++;
    if (inTransaction >= commitRecords || now - openedAt >= commitIntervalNanos) {
      commitAndBegin(now);
    }
  }

  void commitIfDue(long now) {
    if (inTransaction > 0 && now - openedAt >= commitIntervalNanos) {
      commitAndBegin(now);
    }
  }

  void finish() {
    if (open) {
      commit();
      open = false;
    }
  }

  private void commitAndBegin(long now) {
    commit();
    begin(now);
  }

  private void commit() {
    try {
      producer.commitTransaction();
    } catch (KafkaException e) {
      producer.abortTransaction();
    }
  }
}
