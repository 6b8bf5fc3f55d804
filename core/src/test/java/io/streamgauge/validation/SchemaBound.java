package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One bound an OpenAPI schema of a CRD puts on a field, in the words of {@link
 * io.streamgauge.testing.BoundEdge#bound()}: {@code minimum 1}, {@code minimum 0 exclusive}, {@code
 * maxLength 20}, {@code maxItems 8}, {@code rule: <message>}. Rules on the stored object ({@code
 * oldSelf}) are left out: they bound changes, not values.
 *
 * @param field the field as the schema has it ({@code spec.load.topics[].partitions})
 * @param bound the bound
 */
record SchemaBound(String field, String bound) {

  private static final List<String> SIZES =
      List.of("minLength", "maxLength", "minItems", "maxItems", "maxProperties");

  /** Every bound of {@code schema} (at {@code spec}), except those under {@code skipped}. */
  static List<SchemaBound> of(JsonNode schema, String skipped) {
    List<SchemaBound> bounds = new ArrayList<>();
    collect(schema, "spec", skipped, bounds);
    return bounds;
  }

  private static void collect(
      JsonNode schema, String path, String skipped, List<SchemaBound> into) {
    if (!skipped.isEmpty() && path.equals(skipped)) {
      return;
    }
    if (schema.has("minimum")) {
      String exclusive = schema.path("exclusiveMinimum").asBoolean() ? " exclusive" : "";
      into.add(new SchemaBound(path, "minimum " + number(schema.get("minimum")) + exclusive));
    }
    if (schema.has("maximum")) {
      String exclusive = schema.path("exclusiveMaximum").asBoolean() ? " exclusive" : "";
      into.add(new SchemaBound(path, "maximum " + number(schema.get("maximum")) + exclusive));
    }
    for (String size : SIZES) {
      if (schema.has(size)) {
        into.add(new SchemaBound(path, size + " " + schema.get(size).asLong()));
      }
    }
    for (JsonNode rule : schema.path("x-kubernetes-validations")) {
      if (!CrdRules.isTransitionRule(rule.path("rule").asText())) {
        into.add(new SchemaBound(path, "rule: " + rule.path("message").asText()));
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
