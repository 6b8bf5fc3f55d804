package io.streamgauge.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;

/**
 * The state-restoration benchmark's app: 16 KTables, each materialized in RocksDB from its own
 * changelog topic ({@code store-00-changelog} … {@code store-15-changelog}) and doing nothing else.
 * The topology is built with {@code reuse.ktable.source.topics}, so each topic is its store's
 * changelog and a cold start restores every store from it (up to the group's committed offsets,
 * which {@link ChangelogPartitions#commitEnds} puts at the ends first). Even stores hold Avro
 * values (kept as bytes: restoration copies them without decoding), odd stores strings, as the
 * methodology mixes them.
 */
public final class StateRestorationTopology implements ScenarioTopology {

  /** The number of stores, as in the methodology. */
  public static final int STORES = 16;

  @Override
  public String scenario() {
    return "state-restoration";
  }

  @Override
  public List<String> topicRoles() {
    List<String> roles = new ArrayList<>();
    for (int i = 0; i < STORES; i++) {
      roles.add(changelog(i));
    }
    return roles;
  }

  @Override
  public boolean restores() {
    return true;
  }

  @Override
  public Topology build(Map<String, String> topics) {
    StreamsBuilder builder = new StreamsBuilder();
    for (int i = 0; i < STORES; i++) {
      if (i % 2 == 0) {
        table(builder, topics.get(changelog(i)), store(i), Serdes.ByteArray());
      } else {
        table(builder, topics.get(changelog(i)), store(i), Serdes.String());
      }
    }
    Properties optimization = new Properties();
    optimization.put(
        StreamsConfig.TOPOLOGY_OPTIMIZATION_CONFIG, StreamsConfig.REUSE_KTABLE_SOURCE_TOPICS);
    return builder.build(optimization);
  }

  private static <V> void table(
      StreamsBuilder builder, String topic, String store, Serde<V> values) {
    builder.table(topic, Consumed.with(Serdes.String(), values), Materialized.as(store));
  }

  /** The role (and default topic) of store {@code i}'s changelog. */
  static String changelog(int i) {
    return "store-%02d-changelog".formatted(i);
  }

  /** The name of store {@code i}. */
  static String store(int i) {
    return "store-%02d".formatted(i);
  }
}
