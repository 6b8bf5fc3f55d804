package io.streamgauge.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Runs {@code streamgauge run --local} for tests outside this package that need a real run. */
public final class LocalRunner {

  private LocalRunner() {}

  /**
   * Runs {@code example} (a path under the repository) with {@code options} and waits for it to
   * succeed, valid or not (exit 0 or 5: a check failing on a busy machine, e.g. the publish delay,
   * still leaves every metric in place); fails the test with the command's output otherwise.
   *
   * @param logs where the command's own stdout and stderr go
   */
  public static void runUntilSucceeded(Path logs, String example, List<String> options)
      throws Exception {
    List<String> args =
        new ArrayList<>(List.of("run", "--local", CliProcess.repoFile(example).toString()));
    args.addAll(options);
    try (CliProcess cli = CliProcess.start(logs, args)) {
      int exit = cli.awaitExit(Duration.ofMinutes(4));
      if (exit != ExitCodes.SUCCESS && exit != ExitCodes.INVALID_RUN) {
        throw new AssertionError(
            "streamgauge exited with " + exit + "\n" + cli.stdout() + "\n" + cli.stderr());
      }
    }
  }
}
