package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a BenchmarkRun spec against the CRD's own OpenAPI schema and CEL rules, as the API server
 * does, for where there is no API server (local mode, {@code streamgauge validate}). Reads the CRD
 * this build generated, so the schema cannot drift from what a cluster enforces; the CEL rules are
 * evaluated by {@link CrdRules}. Messages follow the API server's: {@code
 * spec.load.topics[0].ratePerSecond: Invalid value: -5: should be greater than 0}.
 *
 * <p>Covers the schema keywords the generator emits: type, properties (unknown fields are errors,
 * as with {@code kubectl apply}'s strict validation), additionalProperties, required, enum,
 * minimum/maximum/exclusiveMinimum, minLength/maxLength, pattern, items, minItems/maxItems,
 * int-or-string and {@code x-kubernetes-validations}.
 */
public final class CrdSchemaValidator {

  /** Where the build puts the generated CRD (crd-generator-maven-plugin). */
  static final String CRD_RESOURCE = "/META-INF/fabric8/benchmarkruns.streamgauge.io-v1.yml";

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private final JsonNode specSchema;

  CrdSchemaValidator(JsonNode specSchema) {
    this.specSchema = specSchema;
  }

  /** The validator of this build's BenchmarkRun CRD. */
  public static CrdSchemaValidator benchmarkRun() {
    try (InputStream in = CrdSchemaValidator.class.getResourceAsStream(CRD_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(CRD_RESOURCE + " is missing from the class path");
      }
      JsonNode crd = YAML.readTree(in);
      return new CrdSchemaValidator(
          crd.path("spec")
              .path("versions")
              .path(0)
              .path("schema")
              .path("openAPIV3Schema")
              .path("properties")
              .path("spec"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + CRD_RESOURCE, e);
    }
  }

  /** The schema of {@code spec}, for tests that walk it. */
  JsonNode specSchema() {
    return specSchema;
  }

  /** Every problem of {@code spec} (the resource's {@code spec} object); empty when valid. */
  public List<String> problems(JsonNode spec) {
    List<String> problems = new ArrayList<>();
    if (spec == null || spec.isMissingNode() || spec.isNull()) {
      problems.add("spec: Required value");
      return problems;
    }
    check(spec, specSchema, "spec", problems);
    return problems;
  }

  private static void check(JsonNode value, JsonNode schema, String path, List<String> problems) {
    int before = problems.size();
    if (!hasType(value, schema)) {
      problems.add(
          "%s: Invalid value: %s: must be of type %s"
              .formatted(path, quoted(value), expectedType(schema)));
      return;
    }
    if (value.isObject()) {
      checkObject(value, schema, path, problems);
    } else if (value.isArray()) {
      checkArray(value, schema, path, problems);
    } else {
      checkScalar(value, schema, path, problems);
    }
    if (problems.size() == before) {
      checkRules(value, schema, path, problems);
    }
  }

  private static void checkObject(
      JsonNode value, JsonNode schema, String path, List<String> problems) {
    for (JsonNode required : schema.path("required")) {
      if (!value.has(required.asText()) || value.get(required.asText()).isNull()) {
        problems.add(path + "." + required.asText() + ": Required value");
      }
    }
    JsonNode properties = schema.path("properties");
    JsonNode additional = schema.path("additionalProperties");
    boolean preserveUnknown = schema.path("x-kubernetes-preserve-unknown-fields").asBoolean();
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String fieldPath = path + "." + field.getKey();
      if (field.getValue().isNull()) {
        continue;
      }
      if (properties.has(field.getKey())) {
        check(field.getValue(), properties.get(field.getKey()), fieldPath, problems);
      } else if (additional.isObject()) {
        check(field.getValue(), additional, fieldPath, problems);
      } else if (!preserveUnknown) {
        problems.add(fieldPath + ": unknown field \"" + fieldPath + "\"");
      }
    }
  }

  private static void checkArray(
      JsonNode value, JsonNode schema, String path, List<String> problems) {
    if (schema.has("minItems") && value.size() < schema.get("minItems").asInt()) {
      problems.add(
          "%s: Invalid value: %d: must have at least %d items"
              .formatted(path, value.size(), schema.get("minItems").asInt()));
    }
    if (schema.has("maxItems") && value.size() > schema.get("maxItems").asInt()) {
      problems.add(
          "%s: Too many: %d: must have at most %d items"
              .formatted(path, value.size(), schema.get("maxItems").asInt()));
    }
    JsonNode items = schema.path("items");
    if (items.isObject()) {
      for (int i = 0; i < value.size(); i++) {
        check(value.get(i), items, path + "[" + i + "]", problems);
      }
    }
  }

  private static void checkScalar(
      JsonNode value, JsonNode schema, String path, List<String> problems) {
    if (schema.has("enum")) {
      List<String> allowed = new ArrayList<>();
      schema.get("enum").forEach(e -> allowed.add(e.asText()));
      if (!allowed.contains(value.asText())) {
        problems.add(
            "%s: Unsupported value: %s: supported values: %s"
                .formatted(
                    path,
                    quoted(value),
                    allowed.stream().map(a -> "\"" + a + "\"").collect(Collectors.joining(", "))));
      }
    }
    if (value.isNumber()) {
      checkNumber(value, schema, path, problems);
    }
    if (value.isTextual()) {
      checkString(value.asText(), schema, path, problems);
    }
  }

  private static void checkNumber(
      JsonNode value, JsonNode schema, String path, List<String> problems) {
    double number = value.asDouble();
    if (schema.has("minimum")) {
      double minimum = schema.get("minimum").asDouble();
      boolean exclusive = schema.path("exclusiveMinimum").asBoolean(false);
      if (exclusive ? number <= minimum : number < minimum) {
        problems.add(
            "%s: Invalid value: %s: should be greater than %s%s"
                .formatted(path, value, exclusive ? "" : "or equal to ", plain(minimum)));
      }
    }
    if (schema.has("maximum")) {
      double maximum = schema.get("maximum").asDouble();
      boolean exclusive = schema.path("exclusiveMaximum").asBoolean(false);
      if (exclusive ? number >= maximum : number > maximum) {
        problems.add(
            "%s: Invalid value: %s: should be less than %s%s"
                .formatted(path, value, exclusive ? "" : "or equal to ", plain(maximum)));
      }
    }
  }

  private static void checkString(
      String text, JsonNode schema, String path, List<String> problems) {
    int length = text.codePointCount(0, text.length());
    if (schema.has("minLength") && length < schema.get("minLength").asInt()) {
      problems.add(
          "%s: Invalid value: \"%s\": should be at least %d chars long"
              .formatted(path, text, schema.get("minLength").asInt()));
    }
    if (schema.has("maxLength") && length > schema.get("maxLength").asInt()) {
      problems.add(
          "%s: Too long: may not be more than %d bytes"
              .formatted(path, schema.get("maxLength").asInt()));
    }
    if (schema.has("pattern")
        && !Pattern.compile(schema.get("pattern").asText()).matcher(text).find()) {
      problems.add(
          "%s: Invalid value: \"%s\": should match '%s'"
              .formatted(path, text, schema.get("pattern").asText()));
    }
  }

  private static void checkRules(
      JsonNode value, JsonNode schema, String path, List<String> problems) {
    for (JsonNode rule : schema.path("x-kubernetes-validations")) {
      String expression = rule.path("rule").asText();
      if (CrdRules.isTransitionRule(expression)) {
        continue;
      }
      if (!CrdRules.holds(expression, value)) {
        problems.add(
            "%s: Invalid value: \"%s\": %s"
                .formatted(path, typeName(value), rule.path("message").asText(expression)));
      }
    }
  }

  private static boolean hasType(JsonNode value, JsonNode schema) {
    if (schema.path("x-kubernetes-int-or-string").asBoolean()) {
      return value.isIntegralNumber() || value.isTextual();
    }
    String type = schema.path("type").asText("");
    return switch (type) {
      case "object" -> value.isObject();
      case "array" -> value.isArray();
      case "string" -> value.isTextual();
      case "integer" -> value.isIntegralNumber();
      case "number" -> value.isNumber();
      case "boolean" -> value.isBoolean();
      default -> true;
    };
  }

  private static String expectedType(JsonNode schema) {
    return schema.path("x-kubernetes-int-or-string").asBoolean()
        ? "integer or string"
        : schema.path("type").asText("any");
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

  private static String plain(double number) {
    return number == Math.rint(number) ? String.valueOf((long) number) : String.valueOf(number);
  }
}
