package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.testing.GeneratedPage;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Helm values page ({@code docs/reference/helm-values.md}): every value of the chart's {@code
 * values.yaml} with its default and the comment written above it there, checked for drift. A
 * commented mapping whose keys have no comments of their own is one value; a key with no comment
 * that is not inside one fails the test.
 */
class HelmValuesPageTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern KEY = Pattern.compile("^( *)([A-Za-z][A-Za-z0-9_-]*):(.*)$");

  /**
   * A key of values.yaml: its dotted path, its comment (empty: none), its default, and the first
   * key of the group whose comment it shares (a sibling right after a commented key, no blank line
   * between), or null.
   */
  private record Value(String path, String comment, JsonNode value, String joins) {

    boolean hasComment() {
      return !comment.isEmpty() || joins != null;
    }
  }

  @Test
  void everyValueIsOnThePageWithItsDefaultAndItsComment() throws IOException {
    List<Value> values = values();
    List<String> undescribed = new ArrayList<>();
    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(
                "Helm values", "the chart's `values.yaml` (`charts/streamgauge/values.yaml`)"));
    out.append(
        "Every value of the chart with its default and what it does, from the comments in"
            + " `values.yaml` (`helm show values charts/streamgauge` prints the same)."
            + " `values.schema.json` checks them at install: a misspelt key or a wrong type fails"
            + " `helm install` naming the field. Installing, upgrading the CRDs and waiting for"
            + " results: the chart's README.\n\n");
    out.append("| Value | Default | What it does |\n|---|---|---|\n");
    Map<String, String[]> rows = new LinkedHashMap<>();
    for (Value value : values) {
      if (value.joins() != null && !described(values, value)) {
        String[] row = rows.get(value.joins());
        row[0] += ", `" + value.path() + "`";
        row[1] += ", " + defaultOf(value.value());
      } else if (!value.comment().isEmpty()) {
        rows.put(
            value.path(),
            new String[] {
              "`" + value.path() + "`", defaultOf(value.value()), text(value.comment())
            });
      } else if (!value.value().isContainerNode() || value.value().isEmpty()) {
        undescribed.add(value.path());
      } // else a section whose keys say what they are
    }
    rows.values().forEach(row -> out.append("| ").append(String.join(" | ", row)).append(" |\n"));
    assertThat(undescribed)
        .as("values without a comment in values.yaml (write one above the key)")
        .isEmpty();
    GeneratedPage.check("reference/helm-values.md", out.toString());
  }

  /** Whether a key below {@code section} has a comment of its own. */
  private static boolean described(List<Value> values, Value section) {
    return values.stream()
        .anyMatch(v -> v.path().startsWith(section.path() + ".") && v.hasComment());
  }

  /**
   * The keys of values.yaml in order, down to the first level whose keys have no comment of their
   * own: a commented mapping whose keys have none is one value, its default the whole mapping.
   */
  private static List<Value> values() throws IOException {
    var file = RepoFiles.repoDir().resolve("charts/streamgauge/values.yaml");
    JsonNode root = YAML.readTree(file.toFile());
    List<String> lines = Files.readAllLines(file);
    List<Value> all = new ArrayList<>();
    List<String> parents = new ArrayList<>();
    List<Integer> indents = new ArrayList<>();
    List<String> comment = new ArrayList<>();
    Map<Integer, String> describedSibling = new HashMap<>();
    for (String line : lines) {
      String stripped = line.strip();
      if (stripped.isEmpty()) {
        comment.clear();
        describedSibling.clear();
        continue;
      }
      if (stripped.startsWith("#")) {
        comment.add(stripped.substring(1).strip());
        continue;
      }
      Matcher key = KEY.matcher(line);
      if (!key.matches()) {
        continue; // a line of a block value
      }
      int indent = key.group(1).length();
      while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent) {
        indents.remove(indents.size() - 1);
        parents.remove(parents.size() - 1);
      }
      String path =
          parents.isEmpty() ? key.group(2) : String.join(".", parents) + "." + key.group(2);
      String own = String.join(" ", comment);
      comment.clear();
      describedSibling.keySet().removeIf(deeper -> deeper > indent);
      String joins = own.isEmpty() ? describedSibling.get(indent) : null;
      if (!own.isEmpty()) {
        describedSibling.put(indent, path);
      }
      all.add(new Value(path, own, root.at("/" + path.replace(".", "/")), joins));
      indents.add(indent);
      parents.add(key.group(2));
    }
    // Keep a mapping's keys only where one of them has a comment of its own.
    List<Value> shown = new ArrayList<>();
    for (Value value : all) {
      boolean insideUndescribed =
          all.stream()
              .anyMatch(
                  section ->
                      value.path().startsWith(section.path() + ".")
                          && section.value().isContainerNode()
                          && section.hasComment()
                          && !described(all, section));
      if (!insideUndescribed) {
        shown.add(value);
      }
    }
    return shown;
  }

  /** A comment as table text: what Markdown would take for HTML or a cell's end escaped. */
  private static String text(String comment) {
    return comment.replace("<", "&lt;").replace(">", "&gt;").replace("|", "\\|");
  }

  private static String defaultOf(JsonNode value) {
    return "`" + flow(value).replace("|", "\\|") + "`";
  }

  /** {@code value} as YAML flow style, as one would write it in a values file. */
  private static String flow(JsonNode value) {
    if (value.isObject()) {
      List<String> entries = new ArrayList<>();
      value.fields().forEachRemaining(f -> entries.add(f.getKey() + ": " + flow(f.getValue())));
      return "{" + String.join(", ", entries) + "}";
    }
    if (value.isArray()) {
      List<String> items = new ArrayList<>();
      value.forEach(item -> items.add(flow(item)));
      return "[" + String.join(", ", items) + "]";
    }
    if (value.isTextual()) {
      String text = value.asText();
      return text.isEmpty() || text.matches("[0-9.]+|true|false") ? "\"" + text + "\"" : text;
    }
    return value.asText();
  }
}
