package io.streamgauge.loadgen;

/**
 * Keys and values of one topic as the load generator makes them, for a caller that sends them
 * itself ({@code streamgauge conformance}'s probe records): the same generation, deterministic from
 * the seed, without the generator's schedule.
 */
public final class SampleRecords {

  private final RecordFactory records;

  private SampleRecords(RecordFactory records) {
    this.records = records;
  }

  /** The records of {@code topic} (a topic of a workload document), from {@code seed}. */
  public static SampleRecords of(Workload.Topic topic, long seed) {
    return new SampleRecords(new RecordFactory(seed, "sample", topic.name(), topic.record()));
  }

  /** The next record: its key (may be null) and its value, copies of the generator's buffers. */
  public KeyValue next() {
    records.advance();
    byte[] key = records.key();
    return new KeyValue(key == null ? null : key.clone(), records.value().clone());
  }

  /**
   * A generated record.
   *
   * @param key the key, or null for a topic without keys
   * @param value the value
   */
  public record KeyValue(byte[] key, byte[] value) {}
}
