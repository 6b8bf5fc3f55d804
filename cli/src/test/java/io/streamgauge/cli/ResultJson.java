package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.streamgauge.localrun.ResultFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** A {@code result.json}, read and checked against {@code result.schema.json}. */
final class ResultJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultJson() {}

  /** Reads {@code dir/result.json}, asserting that it is valid against the schema. */
  static JsonNode readValid(Path dir) {
    try {
      JsonNode result = JSON.readTree(dir.resolve("result.json").toFile());
      assertThat(problems(result)).as("result.json against result.schema.json").isEmpty();
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The schema's complaints about {@code result}. */
  static Set<ValidationMessage> problems(JsonNode result) {
    try (InputStream schema = ResultFiles.class.getResourceAsStream(ResultFiles.SCHEMA)) {
      JsonSchema validator =
          JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema);
      return validator.validate(result);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The status's condition of {@code type}, or a missing node when it has none. */
  static JsonNode condition(JsonNode result, String type) {
    for (JsonNode condition : result.at("/status/conditions")) {
      if (condition.path("type").asText().equals(type)) {
        return condition;
      }
    }
    return MissingNode.getInstance();
  }

  /** The phases in the status's history, in order. */
  static List<String> phases(JsonNode result) {
    return result.path("status").path("phaseHistory").findValuesAsText("phase");
  }
}
