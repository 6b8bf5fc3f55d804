package io.streamgauge.platform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deleting a local run's scratch directories. */
final class LocalFiles {

  private LocalFiles() {}

  /** Deletes {@code dir} and everything in it; a missing directory is fine. */
  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // What is left is scratch data; it does not affect any result.
    }
  }
}
