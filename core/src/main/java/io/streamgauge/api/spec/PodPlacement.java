package io.streamgauge.api.spec;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
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
  @Size(max = 16)
  @ValidationRule(
      value = "self.all(k, size(k) <= 317 && size(self[k]) <= 63)",
      message =
          "each label key is at most 317 characters (prefix and name) and each value at most 63")
  private Map<String, String> nodeSelector;

  @JsonPropertyDescription("Tolerations of the pods, as in a pod's tolerations.")
  @Size(max = 16)
  @ValidationRule(
      value =
          "self.all(t, (!has(t.key) || size(t.key) <= 317) && (!has(t.value) || size(t.value) <= 63) && (!has(t.operator) || size(t.operator) <= 6) && (!has(t.effect) || size(t.effect) <= 16) && (!has(t.tolerationSeconds) || t.tolerationSeconds <= 31536000))",
      message =
          "each toleration's key is at most 317 characters, its value 63, its operator 6 and its effect 16, and it tolerates for at most a year")
  private List<Toleration> tolerations;
}
