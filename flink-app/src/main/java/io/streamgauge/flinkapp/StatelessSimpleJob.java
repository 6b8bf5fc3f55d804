package io.streamgauge.flinkapp;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * stateless-simple: each value upper-cased, kept when longer than 5 characters, with its key,
 * headers and timestamp; source, map, filter and sink chain into one task.
 */
final class StatelessSimpleJob implements FlinkScenario {

  /**
   * Values this long or shorter (after upper-casing) are dropped, as in Kafka Streams' topology.
   */
  static final int MIN_LENGTH_EXCLUSIVE = 5;

  @Override
  public String scenario() {
    return "stateless-simple";
  }

  @Override
  public DataStream<KafkaRecord> apply(DataStream<KafkaRecord> input) {
    return input
        .map(StatelessSimpleJob::upperCased)
        .name("upper-case")
        .filter(r -> r.value != null)
        .name("longer-than-5");
  }

  /** {@code record} with its value upper-cased, or emptied when that is 5 characters or fewer. */
  static KafkaRecord upperCased(KafkaRecord record) {
    if (record.value == null) {
      return record;
    }
    String upper = new String(record.value, StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
    record.value =
        upper.length() > MIN_LENGTH_EXCLUSIVE ? upper.getBytes(StandardCharsets.UTF_8) : null;
    return record;
  }
}
