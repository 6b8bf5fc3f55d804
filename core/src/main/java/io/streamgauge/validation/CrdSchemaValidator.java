package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Checks a BenchmarkRun spec against the CRD's own OpenAPI schema and CEL rules, as the API server
 * does, for where there is no API server (local mode, {@code streamgauge validate}). Reads the CRD
 * this build generated, so nothing can drift from what a cluster enforces: the schema is checked by
 * networknt's JSON-Schema validator ({@link CrdJsonSchema} makes the CRD's schema one), the {@code
 * x-kubernetes-validations} rules by cel-java ({@link CrdRules}). Messages follow the API server's:
 * {@code spec.load.topics[0].ratePerSecond: Invalid value: -5: should be greater than 0}.
 */
public final class CrdSchemaValidator {

  /** Where the build puts the generated CRDs (crd-generator-maven-plugin). */
  static final String CRD_RESOURCE = "/META-INF/fabric8/benchmarkruns.streamgauge.io-v1.yml";

  static final String SUITE_CRD_RESOURCE =
      "/META-INF/fabric8/benchmarksuites.streamgauge.io-v1.yml";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final JsonSchemaFactory FACTORY =
      JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4);

  private static final JsonNode EMPTY = YAML.createArrayNode();

  private final JsonNode specSchema;
  private final JsonSchema jsonSchema;

  CrdSchemaValidator(JsonNode specSchema) {
    this.specSchema = specSchema;
    this.jsonSchema = FACTORY.getSchema(CrdJsonSchema.of(specSchema));
  }

  /** The validator of this build's BenchmarkRun CRD. */
  public static CrdSchemaValidator benchmarkRun() {
    return of(CRD_RESOURCE);
  }

  /** The validator of this build's BenchmarkSuite CRD. */
  public static CrdSchemaValidator benchmarkSuite() {
    return of(SUITE_CRD_RESOURCE);
  }

  private static CrdSchemaValidator of(String resource) {
    try (InputStream in = CrdSchemaValidator.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is missing from the class path");
      }
      return new CrdSchemaValidator(
          YAML.readTree(in).at("/spec/versions/0/schema/openAPIV3Schema/properties/spec"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  /** The CRD's schema of {@code spec}, for tests that walk it. */
  JsonNode specSchema() {
    return specSchema;
  }

  /** Every problem of {@code spec} (the resource's {@code spec} object); empty when valid. */
  public List<String> problems(JsonNode spec) {
    if (spec == null || spec.isMissingNode() || spec.isNull()) {
      return List.of("spec: Required value");
    }
    JsonNode value = withoutNulls(spec);
    List<String> problems = new ArrayList<>();
    Set<String> failed = new HashSet<>();
    jsonSchema.validate(value).stream()
        .sorted(Comparator.comparing(m -> m.getInstanceLocation().toString()))
        .forEach(
            m -> {
              String path = path(m.getInstanceLocation());
              failed.add(path);
              problems.add(message(m, path));
            });
    checkRules(value, specSchema, "spec", failed, problems);
    return problems;
  }

  /** The API server's message for one schema violation. */
  private String message(ValidationMessage m, String path) {
    JsonNode value = m.getInstanceNode();
    JsonNode schema = CrdJsonSchema.at(specSchema, m.getInstanceLocation());
    return switch (m.getType()) {
      case "required" -> path + "." + m.getProperty() + ": Required value";
      case "additionalProperties" ->
          path + "." + m.getProperty() + ": unknown field \"" + path + "." + m.getProperty() + "\"";
      case "enum" ->
          "%s: Unsupported value: %s: supported values: %s"
              .formatted(
                  path,
                  quoted(value),
                  stream(schema.path("enum"))
                      .map(e -> "\"" + e.asText() + "\"")
                      .collect(Collectors.joining(", ")));
      case "minimum" ->
          "%s: Invalid value: %s: should be greater than %s%s"
              .formatted(
                  path,
                  value,
                  schema.path("exclusiveMinimum").asBoolean() ? "" : "or equal to ",
                  plain(schema.path("minimum")));
      case "maximum" ->
          "%s: Invalid value: %s: should be less than %s%s"
              .formatted(
                  path,
                  value,
                  schema.path("exclusiveMaximum").asBoolean() ? "" : "or equal to ",
                  plain(schema.path("maximum")));
      case "minLength" ->
          "%s: Invalid value: %s: should be at least %s chars long"
              .formatted(path, quoted(value), schema.path("minLength").asText());
      case "maxLength" ->
          "%s: Too long: may not be more than %s bytes"
              .formatted(path, schema.path("maxLength").asText());
      case "pattern" ->
          "%s: Invalid value: %s: should match '%s'"
              .formatted(path, quoted(value), schema.path("pattern").asText());
      case "minItems" ->
          "%s: Invalid value: %d: must have at least %s items"
              .formatted(path, value.size(), schema.path("minItems").asText());
      case "maxItems" ->
          "%s: Too many: %d: must have at most %s items"
              .formatted(path, value.size(), schema.path("maxItems").asText());
      case "maxProperties" ->
          "%s: Too many: %d: must have at most %s items"
              .formatted(path, value.size(), schema.path("maxProperties").asText());
      case "type" ->
          "%s: Invalid value: %s: must be of type %s"
              .formatted(
                  path,
                  quoted(value),
                  schema.path("x-kubernetes-int-or-string").asBoolean()
                      ? "integer or string"
                      : schema.path("type").asText("any"));
      default -> path + ": " + m.getMessage();
    };
  }

  /**
   * The CRD's CEL rules, on every value whose schema checks passed (the API server does not
   * evaluate rules on a value of the wrong type).
   */
  private static void checkRules(
      JsonNode value, JsonNode schema, String path, Set<String> failed, List<String> problems) {
    boolean valid =
        failed.stream()
            .noneMatch(f -> f.equals(path) || f.startsWith(path + ".") || f.startsWith(path + "["));
    for (JsonNode rule : valid ? schema.path("x-kubernetes-validations") : EMPTY) {
      String expression = rule.path("rule").asText();
      if (!CrdRules.isTransitionRule(expression) && !CrdRules.holds(expression, value, schema)) {
        problems.add(
            "%s: Invalid value: \"%s\": %s"
                .formatted(path, typeName(value), rule.path("message").asText(expression)));
      }
    }
    if (value.isObject()) {
      value
          .fields()
          .forEachRemaining(
              f -> {
                JsonNode child = CrdJsonSchema.property(schema, f.getKey());
                if (child.isObject()) {
                  checkRules(f.getValue(), child, path + "." + f.getKey(), failed, problems);
                }
              });
    } else if (value.isArray() && schema.path("items").isObject()) {
      for (int i = 0; i < value.size(); i++) {
        checkRules(value.get(i), schema.path("items"), path + "[" + i + "]", failed, problems);
      }
    }
  }

  /** The API server treats a field set to null as absent. */
  private static JsonNode withoutNulls(JsonNode node) {
    if (node.isObject()) {
      ObjectNode copy = YAML.createObjectNode();
      node.fields()
          .forEachRemaining(
              f -> {
                if (!f.getValue().isNull()) {
                  copy.set(f.getKey(), withoutNulls(f.getValue()));
                }
              });
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = YAML.createArrayNode();
      node.forEach(item -> copy.add(withoutNulls(item)));
      return copy;
    }
    return node;
  }

  /** {@code spec.load.topics[0].name} of an instance location {@code $.load.topics[0].name}. */
  private static String path(JsonNodePath location) {
    StringBuilder path = new StringBuilder("spec");
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      path.append(element instanceof Integer index ? "[" + index + "]" : "." + element);
    }
    return path.toString();
  }

  private static Stream<JsonNode> stream(JsonNode array) {
    return StreamSupport.stream(array.spliterator(), false);
  }

  /** A bound as the API server prints it: {@code 1}, not {@code 1.0}. */
  private static String plain(JsonNode number) {
    double value = number.asDouble();
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }

  private static String typeName(JsonNode value) {
    return value.isObject() ? "object" : value.isArray() ? "array" : value.asText();
  }

  private static String quoted(JsonNode value) {
    if (value.isTextual()) {
      return "\"" + value.asText() + "\"";
    }
    return value.isContainerNode() ? "\"" + typeName(value) + "\"" : value.toString();
  }
}
