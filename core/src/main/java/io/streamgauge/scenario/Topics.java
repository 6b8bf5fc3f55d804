package io.streamgauge.scenario;

import io.streamgauge.api.spec.JoinEntity;
import io.streamgauge.api.spec.KeyDistribution;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.ProtobufMessage;
import io.streamgauge.api.spec.RecordFormat;
import io.streamgauge.api.spec.RecordSpec;
import io.streamgauge.api.spec.ValueSizeSpec;

/** Small factory for the input topics of the scenarios table, so the table reads like the table. */
final class Topics {

  private Topics() {}

  /** A live topic fed at {@code rate} records per second, with uniformly drawn keys. */
  static LoadTopicSpec live(
      String name,
      int partitions,
      double rate,
      RecordFormat format,
      ValueSizeSpec size,
      long keys) {
    LoadTopicSpec topic = new LoadTopicSpec();
    topic.setName(name);
    topic.setPartitions(partitions);
    topic.setRatePerSecond(rate);
    topic.setRecord(record(format, size, keys));
    return topic;
  }

  /** A live topic of Protobuf {@code message} records. */
  static LoadTopicSpec protobuf(
      String name, int partitions, double rate, ProtobufMessage message, ValueSizeSpec size) {
    LoadTopicSpec topic = live(name, partitions, rate, RecordFormat.PROTOBUF, size, 10_000);
    topic.getRecord().setMessage(message);
    return topic;
  }

  /**
   * A stateful-joins table of 12 partitions fed at {@code rate}: a dimension's {@code keys} are its
   * ids (all seeded before the load), a fact's ids are unique (its {@code keys} unused).
   */
  static LoadTopicSpec join(
      String name, double rate, JoinEntity entity, ValueSizeSpec size, long keys) {
    LoadTopicSpec topic = live(name, 12, rate, RecordFormat.AVRO, size, keys);
    topic.getRecord().setEntity(entity);
    return topic;
  }

  /** A topic filled with exactly {@code records} records before the run (no live load). */
  static LoadTopicSpec prepopulated(
      String name,
      int partitions,
      long records,
      RecordFormat format,
      ValueSizeSpec size,
      long keys) {
    LoadTopicSpec topic = new LoadTopicSpec();
    topic.setName(name);
    topic.setPartitions(partitions);
    topic.setPrepopulateRecords(records);
    topic.setRecord(record(format, size, keys));
    return topic;
  }

  static ValueSizeSpec fixed(int bytes) {
    ValueSizeSpec size = new ValueSizeSpec();
    size.setFixed(bytes);
    return size;
  }

  static ValueSizeSpec range(int min, int max) {
    ValueSizeSpec size = new ValueSizeSpec();
    size.setMin(min);
    size.setMax(max);
    return size;
  }

  static ValueSizeSpec range(int min, int max, int mean) {
    ValueSizeSpec size = range(min, max);
    size.setMean(mean);
    return size;
  }

  private static RecordSpec record(RecordFormat format, ValueSizeSpec size, long keys) {
    RecordSpec record = new RecordSpec();
    record.setFormat(format);
    record.setValueSize(size);
    record.setKeys(keys);
    record.setKeyDistribution(KeyDistribution.UNIFORM);
    return record;
  }
}
