package io.streamgauge.testing.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command-line tool (kubectl, helm) to completion, its output captured in files. */
public final class Commands {

  private Commands() {}

  /**
   * Runs {@code command} with {@code env} added to this process's environment.
   *
   * @param scratch where the output files go
   * @throws IllegalStateException when it does not finish within {@code timeout}
   */
  public static CommandResult run(
      List<String> command, Map<String, String> env, Duration timeout, Path scratch) {
    String name = Path.of(command.get(0)).getFileName().toString();
    try {
      Path out = Files.createTempFile(scratch, name, ".out");
      Path err = Files.createTempFile(scratch, name, ".err");
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(
            String.join(" ", command.subList(1, command.size())) + ": timed out after " + timeout);
      }
      return new CommandResult(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted running " + name, e);
    }
  }
}
