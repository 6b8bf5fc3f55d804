package io.streamgauge.loadgen;

import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Reads a {@link Workload} from YAML or JSON text, naming the field of any error. */
public final class WorkloadReader {

  /** Environment variable that may hold the whole workload document. */
  public static final String ENV = "STREAMGAUGE_WORKLOAD";

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory())
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  private WorkloadReader() {}

  /** Reads the file. */
  public static Workload fromFile(Path file) {
    try {
      return parse(Files.readString(file), file.toString());
    } catch (NoSuchFileException e) {
      throw new WorkloadException(2, "workload file " + file + " does not exist");
    } catch (IOException e) {
      throw new WorkloadException(2, "cannot read workload file " + file + ": " + e.getMessage());
    }
  }

  /** Parses {@code text}; {@code source} names it in error messages. */
  public static Workload parse(String text, String source) {
    try {
      Workload workload = YAML.readValue(text, Workload.class);
      if (workload == null) {
        throw new WorkloadException(2, source + ": the workload document is empty");
      }
      return workload;
    } catch (UnrecognizedPropertyException e) {
      throw new WorkloadException(
          2, source + ": " + path(e) + ": unknown field (known: " + e.getKnownPropertyIds() + ")");
    } catch (InvalidFormatException e) {
      throw new WorkloadException(
          2, source + ": " + path(e) + ": '" + e.getValue() + "' is not a valid value");
    } catch (JsonMappingException e) {
      if (e.getCause() instanceof StreamReadException parse) {
        throw notYaml(source, parse);
      }
      throw new WorkloadException(2, source + ": " + path(e) + ": " + e.getOriginalMessage());
    } catch (StreamReadException e) {
      throw notYaml(source, e);
    } catch (IOException e) {
      throw new WorkloadException(2, source + ": cannot read: " + e.getMessage());
    }
  }

  private static WorkloadException notYaml(String source, StreamReadException e) {
    String where =
        e.getLocation() == null
            ? ""
            : " at line "
                + e.getLocation().getLineNr()
                + ", column "
                + e.getLocation().getColumnNr();
    return new WorkloadException(
        2,
        source
            + ": not valid YAML or JSON"
            + where
            + ": "
            + e.getOriginalMessage().lines().findFirst().orElse(""));
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
