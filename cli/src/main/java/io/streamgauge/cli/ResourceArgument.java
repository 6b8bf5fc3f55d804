package io.streamgauge.cli;

import io.streamgauge.fetch.ClusterWait;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Parameters;

/**
 * The {@code [KIND/]NAME} argument of {@code wait} and {@code results fetch}: a run's name, or a
 * run or suite named as kubectl names them.
 */
final class ResourceArgument {

  @Parameters(
      index = "0",
      paramLabel = "[KIND/]NAME",
      description =
          "The run's name, or benchmarkrun/NAME, benchmarksuite/NAME (br, bs as kubectl).")
  private String resource;

  /** The kind and name given, or empty having said on {@code err} why it is not one. */
  Optional<ClusterWait.Named> parse(PrintWriter err) {
    try {
      return Optional.of(ClusterWait.Kind.parse(resource));
    } catch (IllegalArgumentException e) {
      err.println("streamgauge: " + e.getMessage());
      return Optional.empty();
    }
  }
}
