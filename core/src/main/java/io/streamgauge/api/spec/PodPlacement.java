package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.List;
import java.util.Map;

/** Node selection for one group of pods. */
public class PodPlacement {

  @JsonPropertyDescription("Node labels the pods require, as in a pod's nodeSelector.")
  private Map<String, String> nodeSelector;

  @JsonPropertyDescription("Tolerations of the pods, as in a pod's tolerations.")
  private List<Toleration> tolerations;

  public Map<String, String> getNodeSelector() {
    return nodeSelector;
  }

  public void setNodeSelector(Map<String, String> nodeSelector) {
    this.nodeSelector = nodeSelector;
  }

  public List<Toleration> getTolerations() {
    return tolerations;
  }

  public void setTolerations(List<Toleration> tolerations) {
    this.tolerations = tolerations;
  }
}
