package io.streamgauge.testing.strimzi;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.List;
import java.util.Map;

/** Reading the untyped maps and lists of a generic Strimzi resource. */
final class StandInMaps {

  private StandInMaps() {}

  /** {@code value} as a map; empty when it is not one. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  /** {@code value} as a list; empty when it is not one. */
  static List<?> list(Object value) {
    return value instanceof List<?> l ? l : List.of();
  }

  /** The resource's {@code spec}; empty when it has none. */
  static Map<String, Object> spec(GenericKubernetesResource resource) {
    return map(resource.getAdditionalProperties().get("spec"));
  }

  /** The resource's {@code status}; empty when it has none. */
  static Map<String, Object> status(GenericKubernetesResource resource) {
    return map(resource.getAdditionalProperties().get("status"));
  }
}
