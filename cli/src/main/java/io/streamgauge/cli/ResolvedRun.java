package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;

/** A BenchmarkRun with its spec as resolved (every default filled in), as a YAML document. */
final class ResolvedRun {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private ResolvedRun() {}

  /** {@code ---} and the run named {@code name} with {@code resolved} as its spec. */
  static String yaml(String name, BenchmarkRunSpec resolved) {
    ObjectNode run = JsonNodeFactory.instance.objectNode();
    run.put("apiVersion", BenchmarkRun.GROUP + "/" + BenchmarkRun.VERSION);
    run.put("kind", "BenchmarkRun");
    run.putObject("metadata").put("name", name);
    run.set("spec", SERIALIZATION.convertValue(resolved, JsonNode.class));
    return YamlText.of(run);
  }
}
