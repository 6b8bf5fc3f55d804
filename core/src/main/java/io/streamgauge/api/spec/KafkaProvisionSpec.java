package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** A Strimzi-managed Kafka cluster provisioned for one run. */
@Getter
@Setter
public class KafkaProvisionSpec {

  @Pattern("^[0-9]+\\.[0-9]+\\.[0-9]+$")
  @JsonPropertyDescription("Kafka version for Strimzi to run, e.g. 4.1.1.")
  @Size(max = 16)
  private String version;

  @Min(1)
  @Max(9)
  @JsonPropertyDescription(
      "Number of KRaft nodes, each with both broker and controller roles. Default 3.")
  private Integer replicas;

  @JsonPropertyDescription(
      "CPU and memory of each Kafka node. Default 3 CPU / 6Gi requests and limits (a 4 vCPU /"
          + " 8 GB node).")
  @ValidationRule(value = SpecBounds.RESOURCES_RULE, message = SpecBounds.RESOURCES_MESSAGE)
  private ResourceRequirements resources;

  @JsonPropertyDescription("Storage of each Kafka node.")
  private KafkaStorageSpec storage;

  @JsonPropertyDescription(
      "Broker configuration passed to Strimzi (e.g. num.network.threads). Replication defaults"
          + " follow the number of nodes.")
  @Size(max = SpecBounds.CONFIG_ENTRIES)
  @ValidationRule(value = SpecBounds.CONFIG_RULE, message = SpecBounds.CONFIG_MESSAGE)
  private Map<String, String> config;
}
