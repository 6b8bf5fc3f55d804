package io.streamgauge.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Where the full result document of a run is stored. */
public class ResultRef {

  @JsonPropertyDescription(
      "Name of the ConfigMap, in the run's namespace, holding the full result JSON.")
  private String configMap;

  public String getConfigMap() {
    return configMap;
  }

  public void setConfigMap(String configMap) {
    this.configMap = configMap;
  }
}
