package io.streamgauge.common;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code server.properties} of a one-node Kafka KRaft cluster on loopback (one process, broker
 * and controller), as local mode and the tests run it: replication settings of 1, topics created
 * explicitly, no initial rebalance delay.
 */
public final class SingleNodeKafkaConfig {

  private SingleNodeKafkaConfig() {}

  /**
   * The properties.
   *
   * @param port the client listener's port
   * @param controllerPort the controller listener's port
   * @param dataDir the log directory
   * @param overrides further broker settings, applied last
   */
  public static Map<String, String> properties(
      int port, int controllerPort, Path dataDir, Map<String, String> overrides) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    props.put(
        "listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
    props.put("controller.listener.names", "CONTROLLER");
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    props.put("log.dirs", dataDir.toString());
    props.put("offsets.topic.replication.factor", "1");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("group.initial.rebalance.delay.ms", "0");
    props.put("auto.create.topics.enable", "false");
    props.put("num.partitions", "1");
    props.putAll(overrides);
    return props;
  }
}
