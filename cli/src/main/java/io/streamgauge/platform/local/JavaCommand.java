package io.streamgauge.platform.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of a JVM child: this JVM's {@code java}, JVM options, a main class from this
 * JVM's class path (the CLI's {@code lib/}: the broker, the reference app and the clients) and
 * arguments. The class path travels in {@code CLASSPATH}, so the command line stays short enough
 * for {@code ps} (and {@code /proc}) to show the main class.
 */
final class JavaCommand {

  private JavaCommand() {}

  /** {@code java <jvmOptions> <mainClass> <args>}, run with {@link #classPath()}. */
  static List<String> of(String mainClass, List<String> jvmOptions, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(jvmOptions);
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  /** {@code java <jvmOptions> -jar <jar>}. */
  static List<String> ofJar(Path jar, List<String> jvmOptions) {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(jvmOptions);
    command.add("-jar");
    command.add(jar.toString());
    return command;
  }

  /** The environment that gives {@link #of} commands this JVM's class path. */
  static Map<String, String> classPath() {
    return Map.of("CLASSPATH", System.getProperty("java.class.path"));
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
