package io.streamgauge.loadgen;

/** The records of one topic, one after another: {@link #advance}, then read the key and value. */
interface RecordSource {

  /** Generates the next record. */
  void advance();

  /** The current record's key. */
  byte[] key();

  /** The current record's value. */
  byte[] value();
}
