package io.streamgauge.api;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule;
import io.streamgauge.testing.GeneratedPage;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CRD reference pages ({@code docs/reference/benchmarkrun.md}, {@code benchmarksuite.md}):
 * every field of spec and status with its type, constraints and the description the CRD itself
 * carries (what {@code kubectl explain} says), rendered from the generated CRD and checked for
 * drift.
 */
class CrdReferencePageTest {

  /** Kubernetes' own types embedded in the model: documented by Kubernetes, not expanded here. */
  private static final Set<String> KUBERNETES_TYPES =
      Set.of("resources", "tolerations", "conditions");

  @ParameterizedTest
  @CsvSource({
    GeneratedCrd.RUN + ", reference/benchmarkrun.md",
    GeneratedCrd.SUITE + ", reference/benchmarksuite.md"
  })
  void theReferencePageIsWhatTheCrdSays(String crdFile, String page) {
    GeneratedPage.check(page, render(crdFile));
  }

  static String render(String crdFile) {
    CustomResourceDefinition crd = GeneratedCrd.load(crdFile);
    JSONSchemaProps root = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
    String kind = crd.getSpec().getNames().getKind();
    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(kind + " reference", "the CRD, `crds/" + crdFile + "`"));
    out.append("`")
        .append(crd.getSpec().getGroup())
        .append("/")
        .append(crd.getSpec().getVersions().get(0).getName())
        .append("`, namespaced; short names ")
        .append(String.join(", ", crd.getSpec().getNames().getShortNames()))
        .append(".\n\n")
        .append(root.getDescription())
        .append("\n\n");
    rules(root.getXKubernetesValidations(), out);
    for (String section : List.of("spec", "status")) {
      out.append("## ").append(section).append("\n\n");
      out.append("| Field | Type | Description |\n|---|---|---|\n");
      fields(root.getProperties().get(section), section, required(root, section), out);
      out.append("\n");
    }
    return out.toString().stripTrailing() + "\n";
  }

  private static void fields(
      JSONSchemaProps schema, String path, boolean required, StringBuilder out) {
    out.append("| `")
        .append(path)
        .append("` | ")
        .append(type(schema, required))
        .append(" | ")
        .append(cell(description(schema)))
        .append(" |\n");
    String name = path.substring(path.lastIndexOf('.') + 1).replace("[]", "");
    if (KUBERNETES_TYPES.contains(name)) {
      return;
    }
    if (schema.getProperties() != null) {
      for (Map.Entry<String, JSONSchemaProps> e : schema.getProperties().entrySet()) {
        fields(e.getValue(), path + "." + e.getKey(), required(schema, e.getKey()), out);
      }
    }
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      JSONSchemaProps items = schema.getItems().getSchema();
      if (items.getProperties() != null) {
        for (Map.Entry<String, JSONSchemaProps> e : items.getProperties().entrySet()) {
          fields(e.getValue(), path + "[]." + e.getKey(), required(items, e.getKey()), out);
        }
      }
    }
  }

  private static boolean required(JSONSchemaProps parent, String field) {
    return parent.getRequired() != null && parent.getRequired().contains(field);
  }

  /** {@code string, required, one of: a, b; pattern …; at most 10}. */
  private static String type(JSONSchemaProps schema, boolean required) {
    StringBuilder type = new StringBuilder(schema.getType() == null ? "any" : schema.getType());
    if (schema.getItems() != null && schema.getItems().getSchema() != null) {
      type.append(" of ").append(schema.getItems().getSchema().getType());
    }
    if (schema.getAdditionalProperties() != null
        && schema.getAdditionalProperties().getSchema() != null) {
      type.append(" of ").append(schema.getAdditionalProperties().getSchema().getType());
    }
    if (required) {
      type.append(", required");
    }
    if (schema.getEnum() != null && !schema.getEnum().isEmpty()) {
      type.append(", one of: ")
          .append(
              String.join(
                  ", ", schema.getEnum().stream().map(v -> "`" + v.asText() + "`").toList()));
    }
    if (schema.getMinimum() != null) {
      type.append(schema.getExclusiveMinimum() == Boolean.TRUE ? ", > " : ", ≥ ")
          .append(number(schema.getMinimum()));
    }
    if (schema.getMaximum() != null) {
      type.append(", ≤ ").append(number(schema.getMaximum()));
    }
    if (schema.getMaxLength() != null) {
      type.append(", at most ").append(schema.getMaxLength()).append(" characters");
    }
    if (schema.getMaxItems() != null) {
      type.append(", at most ").append(schema.getMaxItems()).append(" items");
    }
    return cell(type.toString());
  }

  private static String description(JSONSchemaProps schema) {
    StringBuilder text =
        new StringBuilder(schema.getDescription() == null ? "" : schema.getDescription());
    if (schema.getXKubernetesValidations() != null) {
      for (ValidationRule rule : schema.getXKubernetesValidations()) {
        if (rule.getMessage() != null) {
          text.append(" Checked: ").append(rule.getMessage().strip());
          if (!rule.getMessage().strip().endsWith(".")) {
            text.append(".");
          }
        }
      }
    }
    return text.toString().strip();
  }

  private static void rules(List<ValidationRule> rules, StringBuilder out) {
    if (rules == null || rules.isEmpty()) {
      return;
    }
    out.append("Checked by the API server on the whole resource:\n\n");
    for (ValidationRule rule : rules) {
      out.append("- ").append(rule.getMessage()).append("\n");
    }
    out.append("\n");
  }

  private static String number(Double value) {
    return value == Math.rint(value) ? String.valueOf(value.longValue()) : String.valueOf(value);
  }

  /** A table cell: one line, pipes escaped. */
  private static String cell(String text) {
    return text.replace("\n", " ").replace("|", "\\|");
  }
}
