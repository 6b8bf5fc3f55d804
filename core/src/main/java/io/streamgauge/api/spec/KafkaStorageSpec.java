package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import lombok.Getter;
import lombok.Setter;

/** Storage of each provisioned Kafka node. */
@Getter
@Setter
public class KafkaStorageSpec {

  @Pattern("^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|K|M|G|T)?$")
  @JsonPropertyDescription(
      "Persistent volume size per node, a Kubernetes quantity such as 100Gi. Default 100Gi.")
  @Size(max = 16)
  private String size;

  @JsonPropertyDescription(
      "Storage class of the volumes. Default: the cluster's default storage class.")
  @Size(max = SpecBounds.NAME)
  private String storageClass;

  @JsonPropertyDescription(
      "Use ephemeral (emptyDir) storage instead of persistent volumes. Default false.")
  private Boolean ephemeral;
}
