package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON value as CEL sees it when the API server (or Flux) binds a resource: objects as maps,
 * arrays as lists, integers as int, other numbers as double, null as null.
 */
public final class CelValue {

  private CelValue() {}

  /** The CEL value of {@code node}. */
  public static Object of(JsonNode node) {
    if (node.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      node.fields().forEachRemaining(f -> map.put(f.getKey(), of(f.getValue())));
      return map;
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>();
      node.forEach(item -> list.add(of(item)));
      return list;
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
