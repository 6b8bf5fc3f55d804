package io.streamgauge.testing.strimzi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Warning conditions Strimzi 0.50's spec checker puts on a Kafka's status beside Ready, from
 * its spec and its node pools: their types and reasons as Strimzi's, the messages in our words. The
 * one a run's own Kafka meets is {@code KafkaStorage}, twice for one ephemeral node that is both
 * broker and controller (once for the broker, once for the controller).
 */
final class StrimziWarnings {

  private static final Pattern MAJOR_MINOR = Pattern.compile("(\\d+\\.\\d+).*");

  private StrimziWarnings() {}

  /** A Warning condition without its transition time: type, status, reason, message. */
  record Warning(String reason, String message) {
    Map<String, Object> condition() {
      return Map.of("type", "Warning", "status", "True", "reason", reason, "message", message);
    }
  }

  /** The warnings of a Kafka whose {@code spec} is given, with these node pools' {@code spec}s. */
  static List<Warning> of(Map<String, Object> kafkaSpec, List<Map<String, Object>> poolSpecs) {
    Map<String, Object> kafka = StandInMaps.map(kafkaSpec.get("kafka"));
    Map<String, Object> config = StandInMaps.map(kafka.get("config"));
    int brokers = nodes(poolSpecs, "broker");
    int controllers = nodes(poolSpecs, "controller");
    List<Warning> warnings = new ArrayList<>();
    if (brokers > 1 && !config.containsKey("default.replication.factor")) {
      warnings.add(
          new Warning(
              "KafkaDefaultReplicationFactor",
              "default.replication.factor is not set in .spec.kafka.config: new topics get one"
                  + " replica, which neither survives the loss of a broker nor stays available."));
    }
    if (brokers > 1 && !config.containsKey("min.insync.replicas")) {
      warnings.add(
          new Warning(
              "KafkaMinInsyncReplicas",
              "min.insync.replicas is not set in .spec.kafka.config: it defaults to 1, which does"
                  + " not guarantee that an acknowledged record survives a broker."));
    }
    if (brokers == 1 && ephemeral(poolSpecs, "broker")) {
      warnings.add(
          new Warning(
              "KafkaStorage",
              "One broker node on ephemeral storage: its topics' records are lost when it"
                  + " restarts or is rolled."));
    }
    if (controllers == 1 && ephemeral(poolSpecs, "controller")) {
      warnings.add(
          new Warning(
              "KafkaStorage",
              "One controller node on ephemeral storage: the cluster's metadata is lost when it"
                  + " restarts or is rolled."));
    }
    if (controllers == 2) {
      warnings.add(
          new Warning(
              "KafkaKRaftControllerNodeCount",
              "Two KRaft controllers need both to stay available; three or more are advised."));
    } else if (controllers % 2 == 0) {
      warnings.add(
          new Warning(
              "KafkaKRaftControllerNodeCount",
              "An odd number of KRaft controller nodes is advised."));
    }
    String version = (String) kafka.get("version");
    Matcher metadata = MAJOR_MINOR.matcher(String.valueOf(kafka.get("metadataVersion")));
    if (version != null && metadata.matches() && !version.startsWith(metadata.group(1))) {
      warnings.add(
          new Warning(
              "KafkaMetadataVersion",
              "The metadata version is older than the Kafka version: the upgrade looks"
                  + " unfinished."));
    }
    for (String key : List.of("inter.broker.protocol.version", "log.message.format.version")) {
      if (config.containsKey(key)) {
        warnings.add(
            new Warning(
                key.startsWith("inter")
                    ? "KafkaInterBrokerProtocolVersionInKRaft"
                    : "KafkaLogMessageFormatVersionInKRaft",
                key + " has no meaning in a KRaft cluster: remove it from the Kafka resource."));
      }
    }
    return warnings;
  }

  private static int nodes(List<Map<String, Object>> pools, String role) {
    return pools.stream()
        .filter(p -> StandInMaps.list(p.get("roles")).contains(role))
        .mapToInt(p -> ((Number) p.getOrDefault("replicas", 0)).intValue())
        .sum();
  }

  /** Whether the pools of {@code role} keep any volume on ephemeral storage. */
  private static boolean ephemeral(List<Map<String, Object>> pools, String role) {
    return pools.stream()
        .filter(p -> StandInMaps.list(p.get("roles")).contains(role))
        .map(p -> StandInMaps.map(p.get("storage")))
        .anyMatch(
            storage ->
                "ephemeral".equals(storage.get("type"))
                    || StandInMaps.list(storage.get("volumes")).stream()
                        .anyMatch(v -> "ephemeral".equals(StandInMaps.map(v).get("type"))));
  }
}
