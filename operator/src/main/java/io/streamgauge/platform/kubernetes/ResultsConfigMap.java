package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.util.Map;

/**
 * The full result document of a run ({@code result.json}), owned by the run so it lives exactly as
 * long as the run; cleanup never deletes it.
 */
public final class ResultsConfigMap {

  /** The key holding the document. */
  public static final String KEY = "result.json";

  private ResultsConfigMap() {}

  /** The ConfigMap's name. */
  public static String name(RunOwner owner) {
    return owner.nameOf("results");
  }

  /** The ConfigMap holding {@code document}. */
  public static ConfigMap build(RunOwner owner, String document) {
    return new ConfigMapBuilder()
        .withMetadata(owner.metadata(name(owner), Labels.forRun(owner.name())))
        .withData(Map.of(KEY, document))
        .build();
  }
}
