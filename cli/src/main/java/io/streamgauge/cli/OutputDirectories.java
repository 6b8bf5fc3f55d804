package io.streamgauge.cli;

import io.streamgauge.compare.ResultFileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Output directories of series of runs (repetitions, suites), which must not mix with old runs. */
final class OutputDirectories {

  private OutputDirectories() {}

  /** True when {@code dir} holds a {@code result.json} at any depth up to {@code 3}. */
  static boolean holdsRuns(Path dir) {
    try (Stream<Path> files = Files.walk(dir, 3)) {
      return files.anyMatch(f -> f.getFileName().toString().equals(ResultFileReader.RESULT_FILE));
    } catch (IOException e) {
      return false; // missing or unreadable: the run's own directory check reports it
    }
  }
}
