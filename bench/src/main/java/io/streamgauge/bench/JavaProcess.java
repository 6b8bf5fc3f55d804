package io.streamgauge.bench;

import io.streamgauge.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a main class in its own JVM with this JVM's class path and returns what it printed. */
final class JavaProcess {

  private JavaProcess() {}

  record Output(int exitCode, String stdout, String stderr) {}

  static Output run(
      String mainClass, List<String> args, Map<String, String> env, long timeoutSeconds)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("bench", ".out");
    Path err = Files.createTempFile("bench", ".err");
    Process process = ChildJvm.start(mainClass, args, "-Xmx1g", env, out, err);
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException(mainClass + " did not finish in " + timeoutSeconds + "s");
    }
    Output output = new Output(process.exitValue(), Files.readString(out), Files.readString(err));
    Files.delete(out);
    Files.delete(err);
    if (output.exitCode() != 0) {
      throw new IllegalStateException(
          mainClass + " exited with " + output.exitCode() + ":\n" + output.stderr());
    }
    return output;
  }
}
