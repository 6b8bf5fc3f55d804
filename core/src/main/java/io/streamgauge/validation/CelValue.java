package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value as CEL sees it when the API server (or Flux) binds a resource: objects as maps,
 * arrays as lists, integers as int, other numbers as double, null as null. Where the value's schema
 * is known, its types decide, as in the API server: a field of type {@code number} is a double even
 * when written {@code 1}.
 */
public final class CelValue {

  private CelValue() {}

  /** The CEL value of {@code node}, its types read from the value itself. */
  public static Object of(JsonNode node) {
    return of(node, MissingNode.getInstance());
  }

  /** The CEL value of {@code node} whose OpenAPI schema is {@code schema}. */
  public static Object of(JsonNode node, JsonNode schema) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields()
          .forEachRemaining(
              f ->
                  map.put(
                      f.getKey(), of(f.getValue(), CrdJsonSchema.property(schema, f.getKey()))));
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(item -> list.add(of(item, schema.path("items"))));
      return list;
    }
    if (node.isNumber() && schema.path("type").asText().equals("number")) {
      return node.asDouble();
    }
    if (node.isIntegralNumber()) {
      return node.asLong();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    return node.isNull() ? null : node.asText();
  }
}
