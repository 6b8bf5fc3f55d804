package io.streamgauge.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.validation.CrdSchemaValidator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A file of one Streamgauge resource as {@code kubectl apply -f} takes it, checked as the API
 * server would check it (apiVersion and kind, a valid name, the CRD's schema and rules), so what
 * runs locally is what a cluster accepts.
 *
 * @param name metadata.name
 * @param spec the spec as written (no defaults yet)
 */
record ResourceFile(String name, JsonNode spec) {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** A DNS-1123 subdomain, as Kubernetes requires of names. */
  private static final Pattern NAME =
      Pattern.compile("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$");

  private static final String API_VERSION = BenchmarkRun.GROUP + "/" + BenchmarkRun.VERSION;

  /**
   * Reads and checks {@code file}, which must hold one resource of {@code kind}.
   *
   * @throws InvalidSpecException with every problem found, each naming its field
   */
  static ResourceFile read(Path file, String kind, CrdSchemaValidator schema)
      throws InvalidSpecException {
    return check(parse(file), kind, schema);
  }

  /**
   * Checks one resource document.
   *
   * @throws InvalidSpecException with every problem found, each naming its field
   */
  static ResourceFile check(JsonNode resource, String kind, CrdSchemaValidator schema)
      throws InvalidSpecException {
    List<String> problems = new ArrayList<>();
    if (!API_VERSION.equals(resource.path("apiVersion").asText())) {
      problems.add(
          "apiVersion: must be "
              + API_VERSION
              + ", got \""
              + resource.path("apiVersion").asText()
              + "\"");
    }
    if (!kind.equals(resource.path("kind").asText())) {
      problems.add("kind: must be " + kind + ", got \"" + resource.path("kind").asText() + "\"");
    }
    String name = resource.path("metadata").path("name").asText("");
    if (name.isEmpty()) {
      problems.add("metadata.name: Required value");
    } else if (name.length() > 253 || !NAME.matcher(name).matches()) {
      problems.add(
          "metadata.name: Invalid value: \""
              + name
              + "\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric"
              + " characters, '-' or '.', and must start and end with an alphanumeric character");
    }
    problems.addAll(schema.problems(resource.get("spec")));
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(problems);
    }
    return new ResourceFile(name, resource.get("spec"));
  }

  private static JsonNode parse(Path file) throws InvalidSpecException {
    List<JsonNode> documents = documents(file);
    if (documents.size() != 1) {
      throw new InvalidSpecException(
          "holds " + documents.size() + " YAML documents; the file holds one resource");
    }
    return documents.get(0);
  }

  /** The standard input, as a FILE argument of {@code validate} names it. */
  static final Path STDIN = Path.of("-");

  /**
   * Every YAML document of {@code file} ({@link #STDIN}: the standard input), as {@code kubectl
   * apply -f} takes several resources separated by {@code ---}.
   *
   * @throws InvalidSpecException when it cannot be read, is not YAML, or holds a document that is
   *     not a mapping
   */
  static List<JsonNode> documents(Path file) throws InvalidSpecException {
    String text;
    try {
      text =
          file.equals(STDIN)
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new InvalidSpecException("no such file");
    } catch (IOException e) {
      throw new InvalidSpecException("cannot read: " + e.getMessage());
    }
    List<JsonNode> documents = new ArrayList<>();
    try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(text)) {
      while (it.hasNextValue()) {
        JsonNode document = it.nextValue();
        if (document != null && !document.isNull() && !document.isMissingNode()) {
          documents.add(document);
        }
      }
    } catch (JsonProcessingException e) {
      throw new InvalidSpecException(
          "not valid YAML: " + oneLine(e.getOriginalMessage()) + location(e));
    } catch (IOException e) {
      throw new InvalidSpecException("cannot read: " + e.getMessage());
    }
    if (documents.stream().anyMatch(d -> !d.isObject())) {
      throw new InvalidSpecException("holds a YAML document that is not a resource (a mapping)");
    }
    return documents;
  }

  /** The parser's message without the quoted source lines it spreads over several lines. */
  private static String oneLine(String message) {
    return String.join(
        "; ",
        message.lines().filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0))).toList());
  }

  private static String location(JsonProcessingException e) {
    return e.getLocation() == null
        ? ""
        : " (line "
            + e.getLocation().getLineNr()
            + ", column "
            + e.getLocation().getColumnNr()
            + ")";
  }
}
