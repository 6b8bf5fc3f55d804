package io.streamgauge.chart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.compiler.CelCompiler;
import dev.cel.compiler.CelCompilerFactory;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelRuntimeFactory;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.validation.CelValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates the chart's Flux health checks ({@code charts/streamgauge/flux/health-checks.yaml})
 * with cel-java on a resource as the API server returns it, as kustomize-controller does: the
 * resource's top-level fields are the expressions' variables.
 */
public final class FluxHealth {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final CelCompiler COMPILER =
      CelCompilerFactory.standardCelCompilerBuilder()
          .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
          .addVar("apiVersion", SimpleType.DYN)
          .addVar("kind", SimpleType.DYN)
          .addVar("metadata", SimpleType.DYN)
          .addVar("spec", SimpleType.DYN)
          .addVar("status", SimpleType.DYN)
          .build();
  private static final CelRuntime RUNTIME = CelRuntimeFactory.standardCelRuntimeBuilder().build();

  private FluxHealth() {}

  /**
   * Flux's status of {@code resource}: InProgress, Failed or Current, the one expression of its
   * kind that holds.
   *
   * @throws AssertionError when none or several hold: the checks must tell every state apart
   */
  public static String of(JsonNode resource) {
    JsonNode check = checkOf(resource.path("kind").asText());
    Map<String, Object> variables = new HashMap<>();
    for (String field : List.of("apiVersion", "kind", "metadata", "spec", "status")) {
      variables.put(field, resource.has(field) ? CelValue.of(resource.get(field)) : Map.of());
    }
    List<String> holding = new ArrayList<>();
    for (String status : List.of("inProgress", "failed", "current")) {
      if (Boolean.TRUE.equals(evaluate(check.path(status).asText(), variables))) {
        holding.add(Character.toUpperCase(status.charAt(0)) + status.substring(1));
      }
    }
    if (holding.size() != 1) {
      throw new AssertionError("Flux health checks that hold: " + holding + " for " + resource);
    }
    return holding.get(0);
  }

  private static JsonNode checkOf(String kind) {
    try {
      JsonNode checks =
          YAML.readTree(
              RepoFiles.repoDir().resolve("charts/streamgauge/flux/health-checks.yaml").toFile());
      for (JsonNode check : checks.path("healthCheckExprs")) {
        if (check.path("kind").asText().equals(kind)) {
          return check;
        }
      }
      throw new AssertionError("no Flux health check for " + kind);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object evaluate(String expression, Map<String, Object> variables) {
    try {
      return RUNTIME.createProgram(COMPILER.compile(expression).getAst()).eval(variables);
    } catch (CelValidationException | CelEvaluationException e) {
      throw new AssertionError("the Flux health check " + expression + " fails: " + e, e);
    }
  }
}
