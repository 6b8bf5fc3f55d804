package io.streamgauge.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Finds a program by name in the directories of a {@code PATH}, as a shell would. */
public final class ExecutableOnPath {

  /** The search path when the environment has no {@code PATH}. */
  private static final String DEFAULT_PATH = "/usr/bin:/bin";

  private ExecutableOnPath() {}

  /** The first executable file named {@code name} in {@code env}'s {@code PATH}; empty if none. */
  public static Optional<Path> find(String name, Map<String, String> env) {
    for (String dir : env.getOrDefault("PATH", DEFAULT_PATH).split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
        return Optional.of(Path.of(dir, name));
      }
    }
    return Optional.empty();
  }
}
