package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** Where the full result document of a run is stored. */
@Getter
@Setter
public class ResultRef {

  @JsonPropertyDescription(
      "Name of the ConfigMap, in the run's namespace, holding the full result JSON.")
  private String configMap;

  @JsonPropertyDescription(
      "The ConfigMap's key holding the document: result.json (data), or result.json.gz"
          + " (binaryData, gzip) when the document is too large for plain data.")
  private String key;

  @JsonPropertyDescription(
      "Local mode: the result file, relative to the run's output directory (result.json).")
  private String file;
}
