package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.ValidationRule;
import lombok.Getter;
import lombok.Setter;

/** The Kafka cluster a run uses: provisioned with Strimzi, or an existing one. */
@ValidationRule(
    value = "!(has(self.provision) && has(self.external))",
    message = "provision and external are mutually exclusive; set one of them")
@Getter
@Setter
public class KafkaSpec {

  @JsonPropertyDescription(
      "Provision a dedicated Strimzi Kafka cluster (KRaft, broker+controller nodes) for this run."
          + " The default when external is not set.")
  private KafkaProvisionSpec provision;

  @JsonPropertyDescription("Use an existing Kafka cluster instead of provisioning one.")
  private ExternalKafkaSpec external;
}
