package io.streamgauge.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * One bound of a CRD field at its edge: {@link #inside} is a spec just inside the bound, which the
 * API server accepts, and {@link #past} the same spec one step past it, which it refuses naming
 * {@link #field}. A bound tightened or loosened by one step fails one of the two.
 *
 * @param field the field the refusal names, as the API server writes it ({@code
 *     spec.load.topics[0].partitions})
 * @param bound what the schema says: {@code minimum 1}, {@code maximum 64}, {@code minimum 0
 *     exclusive}, {@code maxLength 20}, {@code minItems 1}, {@code maxItems 8}, or {@code rule:}
 *     and the start of a CEL rule's message
 * @param inside the spec body just inside the bound
 * @param past the spec body just past it
 */
public record BoundEdge(String field, String bound, String inside, String past) {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER));

  /** The field with its list indexes as the schema has them ({@code spec.load.topics[]}). */
  public String schemaField() {
    return field.replaceAll("\\[\\d+]", "[]");
  }

  /** Whether this edge stands for the schema's {@code bound} of {@code schemaField}. */
  public boolean covers(String schemaField, String bound) {
    return schemaField().equals(schemaField)
        && (bound.startsWith("rule: ") ? bound.startsWith(this.bound) : bound.equals(this.bound));
  }

  /** For a refusal: the message the API server gives after the field, a rule's message or "". */
  public String says() {
    return bound.startsWith("rule: ") ? bound.substring("rule: ".length()) : "";
  }

  @Override
  public String toString() {
    return field + " " + bound;
  }

  /**
   * An edge whose two specs are {@code base} with {@code template} merged into it, the template's
   * {@code %s} once {@code inside} and once {@code past}. The template is YAML in flow style
   * ({@code {load: {producers: %s}}}); its objects merge into the base's, its lists replace the
   * base's, a {@code null} removes the base's field.
   */
  static BoundEdge of(
      String base, String field, String bound, String template, String inside, String past) {
    return new BoundEdge(
        field,
        bound,
        merged(base, template.formatted(inside)),
        merged(base, template.formatted(past)));
  }

  private static String merged(String base, String overlay) {
    try {
      ObjectNode into = (ObjectNode) YAML.readTree(base);
      merge(into, (ObjectNode) YAML.readTree(overlay));
      return YAML.writeValueAsString(into);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void merge(ObjectNode into, ObjectNode overlay) {
    for (Iterator<Map.Entry<String, JsonNode>> it = overlay.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      JsonNode existing = into.get(field.getKey());
      if (field.getValue().isNull()) {
        into.remove(field.getKey());
      } else if (existing instanceof ObjectNode object
          && field.getValue() instanceof ObjectNode more) {
        merge(object, more);
      } else {
        into.set(field.getKey(), field.getValue());
      }
    }
  }
}
