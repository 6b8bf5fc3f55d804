package io.streamgauge.loadgen;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Keys and values of one topic, deterministic from (seed, producer id, topic): the same inputs give
 * the same sequence of records.
 */
final class RecordFactory implements RecordSource {

  private final SplittableRandom random;
  private final KeyGenerator keys;
  private final ValueGenerator values;
  private byte[] key;
  private byte[] value;

  RecordFactory(long seed, String producerId, String topic, Workload.Record record) {
    this.random = new SplittableRandom(mix(seed, producerId, topic));
    this.keys =
        new KeyGenerator(
            record.keys(),
            record.keyDistribution(),
            record.zipfExponent() == null ? 1.0 : record.zipfExponent());
    this.values = ValueGenerator.of(record, random.split());
  }

  /** Generates the next record; read it with {@link #key()} and {@link #value()}. */
  @Override
  public void advance() {
    key = keys.next(random);
    value = values.next(random);
  }

  @Override
  public byte[] key() {
    return key;
  }

  @Override
  public byte[] value() {
    return value;
  }

  static long mix(long seed, String producerId, String topic) {
    long h = seed;
    for (byte b : (producerId + "/" + topic).getBytes(StandardCharsets.UTF_8)) {
      h = h * 31 + b;
    }
    return h ^ (h >>> 33) * 0xff51afd7ed558ccdL;
  }
}
