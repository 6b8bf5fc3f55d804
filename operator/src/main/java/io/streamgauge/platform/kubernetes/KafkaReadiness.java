package io.streamgauge.platform.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.streamgauge.platform.ComponentStatus;

/**
 * A Strimzi {@code Kafka}'s readiness from its status: its {@code Ready} condition, and the
 * bootstrap address of its {@code plain} listener.
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
    JsonNode status = JSON.valueToTree(kafka.getAdditionalProperties().get("status"));
    if (status == null || !status.isObject()) {
      return new ComponentStatus.Starting(name + " has no status yet");
    }
    JsonNode ready = null;
    for (JsonNode condition : status.path("conditions")) {
      if ("Ready".equals(condition.path("type").asText())) {
        ready = condition;
      }
    }
    if (ready == null || !"True".equals(ready.path("status").asText())) {
      String why =
          ready == null
              ? "not Ready yet"
              : "not Ready: "
                  + ready.path("reason").asText()
                  + " "
                  + ready.path("message").asText();
      return new ComponentStatus.Starting(name + " " + why.strip());
    }
    for (JsonNode listener : status.path("listeners")) {
      if ("plain".equals(listener.path("name").asText())
          && listener.hasNonNull("bootstrapServers")) {
        return new ComponentStatus.Ready(listener.get("bootstrapServers").asText());
      }
    }
    return new ComponentStatus.Ready(fallbackBootstrap);
  }
}
