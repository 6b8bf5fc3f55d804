package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The exactly-once KillApp run that more than one test reads, run once per test JVM: {@link
 * FaultsLocalE2E} judges its recovery, latency segments and integrity, and the dashboards' test
 * serves its Prometheus data to every dashboard query (a fault annotation included). One real run
 * of about two minutes instead of one per class. A run that failed fails every reader with the same
 * error, and is not run again.
 */
public final class KilledAppRun {

  private static Path dir;
  private static JsonNode result;
  private static Throwable failure;

  private KilledAppRun() {}

  /** The run's result.json, running it first if no test has yet. */
  public static synchronized JsonNode result() throws Exception {
    if (failure == null && result == null) {
      dir = Files.createTempDirectory("killed-app-run");
      Runtime.getRuntime().addShutdownHook(new Thread(KilledAppRun::deleteDir));
      try {
        result = FaultsLocalE2E.killAppRun(dir, "exactly_once_v2", "100");
      } catch (Exception | AssertionError e) {
        failure = e;
      }
    }
    if (failure != null) {
      throw new AssertionError("the shared exactly-once KillApp run failed", failure);
    }
    return result;
  }

  /** Where the run wrote its results: result.json, report.md, logs/ and prometheus/data. */
  public static synchronized Path output() throws Exception {
    result();
    return dir.resolve("exactly_once_v2");
  }

  private static void deleteDir() {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(KilledAppRun::delete);
    } catch (IOException e) {
      // A temporary directory left behind is no reason to fail the JVM's exit.
    }
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // As above: what cannot be deleted stays in the temporary directory.
    }
  }
}
