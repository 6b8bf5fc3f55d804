package io.streamgauge.platform.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the distribution keeps the reference apps that run from a jar of their own rather than from
 * the CLI's class path: {@code apps/} beside {@code lib/} ({@code bin/streamgauge} passes its home
 * as {@code streamgauge.home}).
 */
public final class ReferenceAppJars {

  private ReferenceAppJars() {}

  /** The Flink reference app's jar ({@code <home>/apps/flink-app.jar}). */
  public static Path flinkApp() {
    return home().map(h -> h.resolve("apps/flink-app.jar")).orElse(Path.of("apps/flink-app.jar"));
  }

  /**
   * Why the Flink reference app cannot run from this installation, or empty when its jar is there.
   */
  public static Optional<String> flinkAppMissing() {
    Path jar = flinkApp();
    return Files.isRegularFile(jar)
        ? Optional.empty()
        : Optional.of(
            "the Flink reference app is not in this installation (no "
                + jar
                + "): build the command with make cli");
  }

  private static Optional<Path> home() {
    String home = System.getProperty("streamgauge.home");
    return home == null || home.isBlank() ? Optional.empty() : Optional.of(Path.of(home));
  }
}
