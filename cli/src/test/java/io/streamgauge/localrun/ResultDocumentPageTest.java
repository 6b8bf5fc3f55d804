package io.streamgauge.localrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.testing.GeneratedPage;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The result document's page ({@code docs/reference/result-document.md}): every field {@code
 * result.schema.json} declares, with its type and description, checked for drift. Fields below a
 * {@code $ref} to a definition are listed once, under the definition.
 */
class ResultDocumentPageTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCHEMA =
      "cli/src/main/resources/io/streamgauge/localrun/result.schema.json";

  @Test
  void everyFieldOfTheSchemaIsOnThePage() throws IOException {
    JsonNode schema = JSON.readTree(RepoFiles.repoDir().resolve(SCHEMA).toFile());
    StringBuilder out =
        new StringBuilder(GeneratedPage.header("The result document", "`" + SCHEMA + "`"));
    out.append(schema.path("description").asText())
        .append(
            "\n\nEvery `result.json` is valid against this schema (the tests check each one they"
                + " write); `streamgauge compare` reads it, and `-o json` prints it.\n\n");
    out.append("| Field | Type | What it is |\n|---|---|---|\n");
    List<String[]> rows = new ArrayList<>();
    fields("", schema, rows);
    table(out, rows);
    JsonNode defs = schema.path("$defs");
    if (!defs.isEmpty()) {
      out.append("\n## Definitions\n");
      for (var it = defs.fields(); it.hasNext(); ) {
        var def = it.next();
        out.append("\n### ").append(def.getKey()).append("\n\n");
        if (def.getValue().has("description")) {
          out.append(text(def.getValue().path("description").asText())).append("\n\n");
        }
        List<String[]> defRows = new ArrayList<>();
        fields("", def.getValue(), defRows);
        if (defRows.isEmpty()) {
          out.append("Type: ").append(type(def.getValue())).append(".\n");
        } else {
          out.append("| Field | Type | What it is |\n|---|---|---|\n");
          table(out, defRows);
        }
      }
    }
    GeneratedPage.check("reference/result-document.md", out.toString());
  }

  private static void table(StringBuilder out, List<String[]> rows) {
    rows.forEach(
        r ->
            out.append("| `")
                .append(r[0])
                .append("` | ")
                .append(r[1])
                .append(" | ")
                .append(r[2])
                .append(" |\n"));
  }

  /** The fields of {@code node}'s properties (and of its array items'), depth first. */
  private static void fields(String prefix, JsonNode node, List<String[]> rows) {
    JsonNode properties = node.path("properties");
    for (var it = properties.fields(); it.hasNext(); ) {
      var field = it.next();
      String path = prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey();
      JsonNode value = field.getValue();
      boolean required = contains(node.path("required"), field.getKey());
      rows.add(
          new String[] {
            path,
            type(value) + (required ? ", required" : ""),
            text(value.path("description").asText(""))
          });
      fields(path, value, rows);
      if (value.has("items")) {
        fields(path + "[]", value.path("items"), rows);
      }
    }
  }

  private static boolean contains(JsonNode array, String name) {
    for (JsonNode item : array) {
      if (item.asText().equals(name)) {
        return true;
      }
    }
    return false;
  }

  private static String type(JsonNode value) {
    if (value.has("$ref")) {
      String ref = value.path("$ref").asText();
      String name = ref.substring(ref.lastIndexOf('/') + 1);
      return "[" + name + "](#" + name.toLowerCase() + ")";
    }
    if (value.has("const")) {
      return "`" + value.path("const").asText() + "`";
    }
    if (value.has("enum")) {
      List<String> values = new ArrayList<>();
      value.path("enum").forEach(v -> values.add(v.asText()));
      return "one of " + String.join(", ", values);
    }
    JsonNode type = value.path("type");
    if (type.isArray()) {
      List<String> types = new ArrayList<>();
      type.forEach(t -> types.add(t.asText()));
      return String.join(" or ", types);
    }
    if (type.asText().equals("array") && value.path("items").has("$ref")) {
      return "array of " + type(value.path("items"));
    }
    return type.isMissingNode() ? "any" : type.asText();
  }

  private static String text(String description) {
    return description
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\\|")
        .replace("\n", " ");
  }
}
