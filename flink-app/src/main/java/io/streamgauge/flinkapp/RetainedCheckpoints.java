package io.streamgauge.flinkapp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The checkpoints the app keeps in its state directory, so that an app started again after a crash
 * (a KillApp fault, a restarted process) resumes from its last completed checkpoint as a Flink job
 * does: its source's offsets and its keyed state from there, and the sink's transactions that
 * checkpoint pre-committed committed. Without it a restart would read from the group's committed
 * offsets, which Flink commits only after the checkpoint's transactions, and repeat or lose what
 * lies between.
 */
final class RetainedCheckpoints {

  private static final Pattern CHECKPOINT = Pattern.compile("chk-(\\d+)");

  private RetainedCheckpoints() {}

  /** Where checkpoints go under {@code stateDir}. */
  static Path directory(String stateDir) {
    return Path.of(stateDir, "checkpoints");
  }

  /**
   * The newest completed checkpoint under {@code directory} ({@code <job>/chk-<n>} with its {@code
   * _metadata}), if there is one.
   */
  static Optional<Path> latest(Path directory) {
    if (!Files.isDirectory(directory)) {
      return Optional.empty();
    }
    try (Stream<Path> jobs = Files.list(directory)) {
      return jobs.filter(Files::isDirectory)
          .flatMap(RetainedCheckpoints::completed)
          .max(
              Comparator.comparingLong(RetainedCheckpoints::modified)
                  .thenComparingLong(RetainedCheckpoints::number));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + directory, e);
    }
  }

  private static Stream<Path> completed(Path job) {
    try (Stream<Path> checkpoints = Files.list(job)) {
      return checkpoints
          .filter(c -> CHECKPOINT.matcher(c.getFileName().toString()).matches())
          .filter(c -> Files.isRegularFile(c.resolve("_metadata")))
          .toList()
          .stream();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + job, e);
    }
  }

  private static long modified(Path checkpoint) {
    try {
      return Files.getLastModifiedTime(checkpoint.resolve("_metadata")).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }

  private static long number(Path checkpoint) {
    Matcher m = CHECKPOINT.matcher(checkpoint.getFileName().toString());
    return m.matches() ? Long.parseLong(m.group(1)) : 0;
  }
}
