package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The bounds an OpenAPI schema of a CRD puts on its fields, as {@code {field, bound}} pairs in the
 * words of {@link io.streamgauge.testing.BoundEdge#bound()}: {@code minimum 1}, {@code minimum 0
 * exclusive}, {@code maxLength 20}, {@code maxItems 8}, {@code rule: <message>}. Rules on the
 * stored object ({@code oldSelf}) are left out: they bound changes, not values.
 */
final class SchemaBounds {

  private static final List<String> SIZES =
      List.of("minLength", "maxLength", "minItems", "maxItems");

  private SchemaBounds() {}

  /** Adds the bounds of {@code schema} at {@code path} and below, except under {@code skipped}. */
  static void collect(JsonNode schema, String path, String skipped, List<String[]> into) {
    if (!skipped.isEmpty() && path.equals(skipped)) {
      return;
    }
    if (schema.has("minimum")) {
      String exclusive = schema.path("exclusiveMinimum").asBoolean() ? " exclusive" : "";
      into.add(new String[] {path, "minimum " + number(schema.get("minimum")) + exclusive});
    }
    if (schema.has("maximum")) {
      String exclusive = schema.path("exclusiveMaximum").asBoolean() ? " exclusive" : "";
      into.add(new String[] {path, "maximum " + number(schema.get("maximum")) + exclusive});
    }
    for (String size : SIZES) {
      if (schema.has(size)) {
        into.add(new String[] {path, size + " " + schema.get(size).asLong()});
      }
    }
    for (JsonNode rule : schema.path("x-kubernetes-validations")) {
      if (!CrdRules.isTransitionRule(rule.path("rule").asText())) {
        into.add(new String[] {path, "rule: " + rule.path("message").asText()});
      }
    }
    for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
      collect(property.getValue(), path + "." + property.getKey(), skipped, into);
    }
    if (schema.has("items")) {
      collect(schema.get("items"), path + "[]", skipped, into);
    }
    if (schema.path("additionalProperties").isObject()) {
      collect(schema.get("additionalProperties"), path + "{}", skipped, into);
    }
  }

  private static String number(JsonNode value) {
    return new BigDecimal(value.asText()).stripTrailingZeros().toPlainString();
  }
}
