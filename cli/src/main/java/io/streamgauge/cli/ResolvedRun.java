package io.streamgauge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import java.io.UncheckedIOException;

/** A BenchmarkRun with its spec as resolved (every default filled in), as a YAML document. */
final class ResolvedRun {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
  private static final ObjectMapper YAML =
      new ObjectMapper(
          new YAMLFactory()
              .disable(YAMLGenerator.Feature.SPLIT_LINES)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
              .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS));

  private ResolvedRun() {}

  /** {@code ---} and the run named {@code name} with {@code resolved} as its spec. */
  static String yaml(String name, BenchmarkRunSpec resolved) {
    ObjectNode run = YAML.createObjectNode();
    run.put("apiVersion", BenchmarkRun.GROUP + "/" + BenchmarkRun.VERSION);
    run.put("kind", "BenchmarkRun");
    run.putObject("metadata").put("name", name);
    run.set("spec", SERIALIZATION.convertValue(resolved, JsonNode.class));
    try {
      return YAML.writeValueAsString(run);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
