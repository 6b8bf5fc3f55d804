package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.streamgauge.platform.ComponentStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's Strimzi resources are ready when the Kafka and every one of its topics is. */
class KafkaReadinessTest {

  private static final Map<String, Object> READY =
      Map.of("conditions", List.of(Map.of("type", "Ready", "status", "True")));

  @Test
  void aReadyKafkaGivesItsPlainListener() {
    GenericKubernetesResource kafka =
        resource(
            "wc-kafka",
            Map.of(
                "conditions",
                List.of(Map.of("type", "Ready", "status", "True")),
                "listeners",
                List.of(Map.of("name", "plain", "bootstrapServers", "wc-kafka-bootstrap:9092"))));

    assertThat(KafkaReadiness.of(kafka, "fallback:9092"))
        .isEqualTo(new ComponentStatus.Ready("wc-kafka-bootstrap:9092"));
  }

  @Test
  void aTopicWithoutStatusKeepsTheRunWaitingAndSaysWhoCreatesIt() {
    ComponentStatus kafka = new ComponentStatus.Ready("wc-kafka-bootstrap:9092");

    ComponentStatus status =
        KafkaReadiness.withTopics(
            kafka, List.of(resource("wc-input", READY), resource("wc-output", null)));

    assertThat(status)
        .isEqualTo(
            new ComponentStatus.Starting(
                "KafkaTopic bench/wc-output has no status yet (the Kafka's entity topic operator"
                    + " creates its topic)"));
  }

  @Test
  void aTopicNotReadySaysWhy() {
    ComponentStatus status =
        KafkaReadiness.withTopics(
            new ComponentStatus.Ready("b:9092"),
            List.of(
                resource(
                    "wc-input",
                    Map.of(
                        "conditions",
                        List.of(
                            Map.of(
                                "type", "Ready",
                                "status", "False",
                                "reason", "KafkaError",
                                "message", "replication factor 3 larger than 1 broker"))))));

    assertThat(status)
        .isEqualTo(
            new ComponentStatus.Starting(
                "KafkaTopic bench/wc-input not Ready: KafkaError replication factor 3 larger than"
                    + " 1 broker"));
  }

  @Test
  void readyTopicsLeaveTheKafkaStatusAndANotReadyKafkaComesFirst() {
    ComponentStatus ready = new ComponentStatus.Ready("b:9092");
    ComponentStatus starting = new ComponentStatus.Starting("Kafka bench/wc-kafka not Ready yet");

    assertThat(KafkaReadiness.withTopics(ready, List.of(resource("wc-input", READY))))
        .isEqualTo(ready);
    assertThat(KafkaReadiness.withTopics(starting, List.of(resource("wc-input", null))))
        .isEqualTo(starting);
  }

  private static GenericKubernetesResource resource(String name, Map<String, Object> status) {
    GenericKubernetesResource resource = new GenericKubernetesResource();
    resource.setMetadata(new ObjectMetaBuilder().withNamespace("bench").withName(name).build());
    if (status != null) {
      resource.setAdditionalProperty("status", status);
    }
    return resource;
  }
}
