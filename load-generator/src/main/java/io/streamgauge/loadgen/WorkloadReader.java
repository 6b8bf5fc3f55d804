package io.streamgauge.loadgen;

import io.streamgauge.common.DocumentReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads a {@link Workload} from YAML or JSON text, naming the field of any error. */
public final class WorkloadReader {

  /** Environment variable that may hold the whole workload document. */
  public static final String ENV = "STREAMGAUGE_WORKLOAD";

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
      return DocumentReader.parse(text, source, Workload.class);
    } catch (DocumentReader.DocumentException e) {
      throw new WorkloadException(2, e.getMessage());
    }
  }
}
