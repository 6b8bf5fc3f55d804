package io.streamgauge.common;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.stream.Collectors;

/**
 * Reads a configuration document (YAML or JSON) into a record type, strictly: unknown fields and
 * bad values are errors whose one-line message names the source and the field path, e.g. {@code
 * workload.yaml: topics[0].rate: unknown field}.
 */
public final class DocumentReader {

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  private DocumentReader() {}

  /** A document that cannot be read; the message is meant for the person who wrote it. */
  public static final class DocumentException extends RuntimeException {
    DocumentException(String message) {
      super(message);
    }
  }

  /**
   * Parses {@code text} as {@code type}; {@code source} names the document in messages.
   *
   * @throws DocumentException when the text is empty, not YAML/JSON, or does not fit the type
   */
  public static <T> T parse(String text, String source, Class<T> type) {
    try {
      T value = YAML.readValue(text, type);
      if (value == null) {
        throw new DocumentException(source + ": the document is empty");
      }
      return value;
    } catch (UnrecognizedPropertyException e) {
      throw new DocumentException(
          source + ": " + path(e) + ": unknown field (known: " + e.getKnownPropertyIds() + ")");
    } catch (InvalidFormatException e) {
      throw new DocumentException(
          source + ": " + path(e) + ": '" + e.getValue() + "' is not a valid value");
    } catch (JsonMappingException e) {
      if (e.getCause() instanceof StreamReadException parse) {
        throw notYaml(source, parse);
      }
      throw new DocumentException(source + ": " + path(e) + ": " + e.getOriginalMessage());
    } catch (StreamReadException e) {
      throw notYaml(source, e);
    } catch (IOException e) {
      throw new DocumentException(source + ": cannot read: " + e.getMessage());
    }
  }

  private static DocumentException notYaml(String source, StreamReadException e) {
    return new DocumentException(source + ": not valid YAML or JSON " + parseProblem(e));
  }

  /**
   * A parser's complaint in one line, where it is and its first line: {@code at line 1, column 2:
   * Unexpected character ('n' (code 110)) ...} (YAML parsers spread theirs over several lines).
   */
  public static String parseProblem(JacksonException e) {
    String where =
        e.getLocation() == null
            ? ""
            : "at line "
                + e.getLocation().getLineNr()
                + ", column "
                + e.getLocation().getColumnNr()
                + ": ";
    return where + String.valueOf(e.getOriginalMessage()).lines().findFirst().orElse("");
  }

  /** Jackson's path as {@code topics[0].ratePerSecond}. */
  private static String path(JsonMappingException e) {
    String joined =
        e.getPath().stream()
            .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
            .collect(Collectors.joining());
    return joined.startsWith(".") ? joined.substring(1) : joined.isEmpty() ? "(root)" : joined;
  }
}
