package io.streamgauge.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonNodePath;

/**
 * A CRD's structural OpenAPI v3 schema as the JSON Schema (draft 4, whose keywords OpenAPI 3.0
 * shares) the API server effectively enforces: an object with {@code properties} admits no other
 * field (strict field validation, as {@code kubectl apply} does) unless it preserves unknown fields
 * or has {@code additionalProperties}; {@code x-kubernetes-int-or-string} is an integer or a
 * string; the other {@code x-kubernetes-*} extensions are dropped (the CEL rules are evaluated on
 * their own).
 */
final class CrdJsonSchema {

  private CrdJsonSchema() {}

  /** The JSON Schema of {@code openApi}. */
  static JsonNode of(JsonNode openApi) {
    ObjectNode schema = JsonNodeFactory.instance.objectNode();
    openApi
        .fields()
        .forEachRemaining(
            f -> {
              switch (f.getKey()) {
                case "properties" -> {
                  ObjectNode properties = schema.putObject("properties");
                  f.getValue()
                      .fields()
                      .forEachRemaining(p -> properties.set(p.getKey(), of(p.getValue())));
                }
                case "items", "additionalProperties" ->
                    schema.set(
                        f.getKey(), f.getValue().isObject() ? of(f.getValue()) : f.getValue());
                default -> {
                  if (!f.getKey().startsWith("x-kubernetes-")) {
                    schema.set(f.getKey(), f.getValue());
                  }
                }
              }
            });
    if (openApi.path("x-kubernetes-int-or-string").asBoolean()) {
      schema.remove("anyOf");
      schema.putArray("type").add("integer").add("string");
    }
    if (openApi.has("properties")
        && !openApi.has("additionalProperties")
        && !openApi.path("x-kubernetes-preserve-unknown-fields").asBoolean()) {
      schema.put("additionalProperties", false);
    }
    return schema;
  }

  /** The OpenAPI schema of the value at {@code location} (relative to {@code openApi}). */
  static JsonNode at(JsonNode openApi, JsonNodePath location) {
    JsonNode schema = openApi;
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      schema =
          element instanceof Integer ? schema.path("items") : property(schema, element.toString());
    }
    return schema;
  }

  /**
   * The schema of an object's field {@code name}: its own, else the object's additionalProperties.
   */
  static JsonNode property(JsonNode objectSchema, String name) {
    JsonNode own = objectSchema.path("properties").path(name);
    return own.isMissingNode() ? objectSchema.path("additionalProperties") : own;
  }
}
