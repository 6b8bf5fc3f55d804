package io.streamgauge.localrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.compare.ResultFileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Output directories of series of runs (repetitions, suites, capacity probes), which must not mix
 * with old runs, and the result each run of a series wrote into its own.
 */
public final class OutputDirectories {

  private static final ObjectMapper JSON = new ObjectMapper();

  private OutputDirectories() {}

  /** True when {@code dir} holds a {@code result.json} at any depth up to {@code 3}. */
  public static boolean holdsRuns(Path dir) {
    try (Stream<Path> files = Files.walk(dir, 3)) {
      return files.anyMatch(f -> f.getFileName().toString().equals(ResultFileReader.RESULT_FILE));
    } catch (IOException e) {
      return false; // missing or unreadable: the run's own directory check reports it
    }
  }

  /** The run's result.json in {@code runDir} as written, or an empty document when it has none. */
  static JsonNode result(Path runDir) {
    try {
      return JSON.readTree(runDir.resolve(ResultFileReader.RESULT_FILE).toFile());
    } catch (IOException e) {
      return JSON.createObjectNode();
    }
  }
}
