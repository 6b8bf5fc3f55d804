package io.streamgauge.apps;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.Topology;

/**
 * One benchmark scenario as a Kafka Streams topology. Adding a scenario means adding one class and
 * listing it in {@link Scenarios}.
 */
public interface ScenarioTopology {

  /** The scenario name, as in {@code spec.scenario} (e.g. {@code wordcount}). */
  String scenario();

  /**
   * The topics the topology reads and writes, by role. Each role's topic name defaults to the role
   * itself and is overridden with the setting {@code topic.<role>}.
   */
  List<String> topicRoles();

  /**
   * Builds the topology.
   *
   * @param topics topic name by role, one entry for every {@link #topicRoles() role}
   */
  Topology build(Map<String, String> topics);

  /**
   * Builds the topology with the run's schema registry ({@code schema.registry.url}), which only
   * topologies of registered Avro records use.
   *
   * @param topics topic name by role, one entry for every {@link #topicRoles() role}
   * @param schemaRegistryUrl the registry, if the run has one
   */
  default Topology build(Map<String, String> topics, Optional<String> schemaRegistryUrl) {
    return build(topics);
  }

  /**
   * True for a topology measured by how fast it restores its stores: the app is then ready only
   * once every store is restored ({@code /restored}).
   */
  default boolean restores() {
    return false;
  }
}
