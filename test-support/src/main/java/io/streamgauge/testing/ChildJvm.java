package io.streamgauge.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a main class in a JVM of its own, with this JVM's Java and class path, output to files
 * (which, unlike pipes, outlive a process stopped with a signal; the same file for both merges
 * them). For tests and benchmarks that run a command as a user would.
 */
public final class ChildJvm {

  private ChildJvm() {}

  /**
   * Starts {@code mainClass} with {@code args}.
   *
   * @param jvmOptions JVM options separated by spaces, such as {@code -Xmx1g -XX:+UseZGC}
   * @param env extra environment variables
   */
  public static Process start(
      String mainClass,
      List<String> args,
      String jvmOptions,
      Map<String, String> env,
      Path stdout,
      Path stderr)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(jvmOptions.trim().split("\\s+")));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile());
    if (stdout.equals(stderr)) {
      builder.redirectErrorStream(true);
    } else {
      builder.redirectError(stderr.toFile());
    }
    builder.environment().putAll(env);
    return StopWithThisJvm.register(builder.start());
  }
}
