package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** Node selection for one group of pods. */
@Getter
@Setter
public class PodPlacement {

  @JsonPropertyDescription("Node labels the pods require, as in a pod's nodeSelector.")
  private Map<String, String> nodeSelector;

  @JsonPropertyDescription("Tolerations of the pods, as in a pod's tolerations.")
  private List<Toleration> tolerations;
}
