package io.streamgauge.apps;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyTestDriver;

/**
 * A scenario's topology in Kafka Streams' test driver, reading topic {@code in} and writing topic
 * {@code out} (or topics named by role), with the state store cache off so every update is emitted
 * and can be asserted.
 */
final class TestDrivers {

  private TestDrivers() {}

  static TopologyTestDriver of(ScenarioTopology topology, Path stateDir) {
    return of(topology, stateDir, Map.of("input", "in", "output", "out"));
  }

  /** The topology with its topics named by role in {@code topics}. */
  static TopologyTestDriver of(
      ScenarioTopology topology, Path stateDir, Map<String, String> topics) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    return new TopologyTestDriver(topology.build(topics), props);
  }
}
