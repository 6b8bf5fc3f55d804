package io.streamgauge.platform.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.streamgauge.platform.ComponentStatus;
import java.util.List;

/**
 * Readiness of a run's Strimzi resources from their status: the {@code Kafka}'s {@code Ready}
 * condition and the bootstrap address of its {@code plain} listener, then every {@code
 * KafkaTopic}'s {@code Ready} condition (the app must not start before its topics exist).
 */
final class KafkaReadiness {

  private static final ObjectMapper JSON = new ObjectMapper();

  private KafkaReadiness() {}

  /**
   * @param fallbackBootstrap the address when the status lists no listener address
   */
  static ComponentStatus of(GenericKubernetesResource kafka, String fallbackBootstrap) {
    String name =
        "Kafka " + kafka.getMetadata().getNamespace() + "/" + kafka.getMetadata().getName();
    JsonNode status = status(kafka);
    String notReady = notReady(status);
    if (notReady != null) {
      return new ComponentStatus.Starting(
          name
              + " "
              + notReady
              + (status == null
                  ? " (Strimzi's cluster operator writes it: is one installed and watching"
                      + " namespace "
                      + kafka.getMetadata().getNamespace()
                      + "?)"
                  : ""));
    }
    for (JsonNode listener : status.path("listeners")) {
      if ("plain".equals(listener.path("name").asText())
          && listener.hasNonNull("bootstrapServers")) {
        return new ComponentStatus.Ready(listener.get("bootstrapServers").asText());
      }
    }
    return new ComponentStatus.Ready(fallbackBootstrap);
  }

  /**
   * The run's readiness once its Kafka is ready: {@code kafka} itself while the first of {@code
   * topics} is not Ready, saying which one and what a missing status means.
   */
  static ComponentStatus withTopics(ComponentStatus kafka, List<GenericKubernetesResource> topics) {
    if (!kafka.isReady()) {
      return kafka;
    }
    for (GenericKubernetesResource topic : topics) {
      JsonNode status = status(topic);
      String notReady = notReady(status);
      if (notReady != null) {
        String name =
            "KafkaTopic "
                + topic.getMetadata().getNamespace()
                + "/"
                + topic.getMetadata().getName();
        return new ComponentStatus.Starting(
            name
                + " "
                + notReady
                + (status == null ? " (the Kafka's entity topic operator creates its topic)" : ""));
      }
    }
    return kafka;
  }

  private static JsonNode status(GenericKubernetesResource resource) {
    JsonNode status = JSON.valueToTree(resource.getAdditionalProperties().get("status"));
    return status == null || !status.isObject() ? null : status;
  }

  /** Why a Strimzi resource with this status is not ready, or null when it is. */
  private static String notReady(JsonNode status) {
    if (status == null) {
      return "has no status yet";
    }
    JsonNode ready = null;
    for (JsonNode condition : status.path("conditions")) {
      if ("Ready".equals(condition.path("type").asText())) {
        ready = condition;
      }
    }
    if (ready != null && "True".equals(ready.path("status").asText())) {
      return null;
    }
    String why =
        ready == null
            ? "not Ready yet"
            : "not Ready: " + ready.path("reason").asText() + " " + ready.path("message").asText();
    return why.strip();
  }
}
