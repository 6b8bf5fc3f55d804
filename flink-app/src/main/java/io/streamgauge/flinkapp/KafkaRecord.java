package io.streamgauge.flinkapp;

import java.util.Arrays;

/**
 * A Kafka record as the jobs carry it: key, value, headers and the timestamp it was produced with,
 * which the sink writes to the output unchanged (what makes the measured latency true end to end).
 * A Flink POJO: public fields, a no-argument constructor.
 */
public final class KafkaRecord {

  /** The key, or null. */
  public byte[] key;

  /** The value, or null. */
  public byte[] value;

  /** The header keys, in order; {@link #headerValues} holds their values. */
  public String[] headerKeys = new String[0];

  /** The header values, one per key. */
  public byte[][] headerValues = new byte[0][];

  /** The record's timestamp (milliseconds since the epoch). */
  public long timestamp;

  /** For Flink. */
  public KafkaRecord() {}

  /** A record of {@code key} and {@code value} at {@code timestamp}, without headers. */
  public KafkaRecord(byte[] key, byte[] value, long timestamp) {
    this.key = key;
    this.value = value;
    this.timestamp = timestamp;
  }

  @Override
  public String toString() {
    return "KafkaRecord{key="
        + Arrays.toString(key)
        + ", headers="
        + Arrays.toString(headerKeys)
        + ", timestamp="
        + timestamp
        + "}";
  }
}
