package io.streamgauge.testing.strimzi;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.strimzi.StrimziWarnings.Warning;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrimziWarningsTest {

  private static Map<String, Object> pool(int replicas, List<String> roles, String storage) {
    return Map.of(
        "replicas",
        replicas,
        "roles",
        roles,
        "storage",
        Map.of("type", "jbod", "volumes", List.of(Map.of("id", 0, "type", storage))));
  }

  private static Map<String, Object> kafka(Map<String, Object> config) {
    return Map.of("kafka", Map.of("version", "4.1.1", "config", config));
  }

  private static List<String> reasons(List<Warning> warnings) {
    return warnings.stream().map(Warning::reason).toList();
  }

  @Test
  void oneEphemeralNodeThatIsBrokerAndControllerGetsTwoStorageWarnings() {
    List<Warning> warnings =
        StrimziWarnings.of(
            kafka(Map.of()), List.of(pool(1, List.of("controller", "broker"), "ephemeral")));
    assertThat(reasons(warnings)).containsExactly("KafkaStorage", "KafkaStorage");
    assertThat(warnings.get(0).message()).contains("broker");
    assertThat(warnings.get(1).message()).contains("controller");
    assertThat(warnings.get(0).condition())
        .containsEntry("type", "Warning")
        .containsEntry("status", "True");
  }

  @Test
  void oneNodeOnPersistentStorageGetsNone() {
    assertThat(
            StrimziWarnings.of(
                kafka(Map.of()),
                List.of(pool(1, List.of("controller", "broker"), "persistent-claim"))))
        .isEmpty();
  }

  @Test
  void severalBrokersWithoutReplicationSettingsAreWarnedOfEach() {
    List<Map<String, Object>> three =
        List.of(pool(3, List.of("controller", "broker"), "persistent-claim"));
    assertThat(reasons(StrimziWarnings.of(kafka(Map.of()), three)))
        .containsExactly("KafkaDefaultReplicationFactor", "KafkaMinInsyncReplicas");
    assertThat(
            StrimziWarnings.of(
                kafka(Map.of("default.replication.factor", 3, "min.insync.replicas", 2)), three))
        .isEmpty();
  }

  @Test
  void anEvenControllerCountIsWarnedOf() {
    Map<String, Object> set = Map.of("default.replication.factor", 2, "min.insync.replicas", 1);
    assertThat(
            reasons(
                StrimziWarnings.of(
                    kafka(set),
                    List.of(pool(2, List.of("controller", "broker"), "persistent-claim")))))
        .containsExactly("KafkaKRaftControllerNodeCount");
    assertThat(
            reasons(
                StrimziWarnings.of(
                    kafka(set),
                    List.of(
                        pool(4, List.of("controller"), "persistent-claim"),
                        pool(3, List.of("broker"), "persistent-claim")))))
        .containsExactly("KafkaKRaftControllerNodeCount");
  }

  @Test
  void settingsWithoutMeaningInKraftAreWarnedOf() {
    Map<String, Object> config =
        Map.of("inter.broker.protocol.version", "3.9", "log.message.format.version", "3.9");
    assertThat(
            reasons(
                StrimziWarnings.of(
                    kafka(config),
                    List.of(pool(1, List.of("controller", "broker"), "persistent-claim")))))
        .containsExactlyInAnyOrder(
            "KafkaInterBrokerProtocolVersionInKRaft", "KafkaLogMessageFormatVersionInKRaft");
  }
}
