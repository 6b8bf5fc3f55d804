package io.streamgauge.testing.controlplane;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One child process of the control plane, its output in a log file, stopped on {@link #close}. */
final class ManagedProcess implements AutoCloseable {

  private final String name;
  private final Process process;
  private final Path log;

  private ManagedProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /** Starts {@code command}, its output appended to {@code name}.log in {@code logDir}. */
  static ManagedProcess start(String name, List<String> command, Path logDir) throws IOException {
    Path log = logDir.resolve(name + ".log");
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    return new ManagedProcess(name, process, log);
  }

  String name() {
    return name;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** The last lines of the process's output, for failure messages. */
  String tail(int lines) {
    try {
      List<String> all = Files.readAllLines(log);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Fails with the process's last output if it has exited. */
  void requireAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException(
          name + " exited with code " + process.exitValue() + "; last output:\n" + tail(30));
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
