package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterResultFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * A run on a cluster fetched for {@code results fetch} and {@code run} without {@code --local}: its
 * result.json, report.md and report.html written into a directory and its result document printed
 * for {@code -o}, each saying so or why not.
 */
final class FetchedRun {

  private FetchedRun() {}

  /**
   * Fetches run {@code name}; writes its files into {@code dir} unless that is null; prints its
   * result document for {@code -o}.
   *
   * @param out where the document goes
   * @param said where "Wrote …" goes
   * @return 0, or the exit code of why not
   */
  static int fetch(
      KubernetesClient client,
      String namespace,
      String name,
      Path dir,
      OutputFormatOption format,
      PrintWriter out,
      PrintWriter said,
      PrintWriter err) {
    ClusterResult result;
    try {
      result = ClusterResult.fetch(client, namespace, name);
    } catch (ClusterResult.FetchException e) {
      err.println("streamgauge: " + e.getMessage());
      return e.environment() ? ExitCodes.ENVIRONMENT : ExitCodes.INVALID;
    }
    if (dir != null) {
      try {
        ClusterResultFiles.write(dir, result);
      } catch (IOException e) {
        err.println("streamgauge: cannot write into " + dir + ": " + e.getMessage());
        return ExitCodes.ENVIRONMENT;
      }
      said.println(
          "Wrote "
              + dir.resolve("result.json")
              + ", report.md and report.html ("
              + result.run().getStatus().getPhase()
              + (result.document() == null ? ", nothing measured" : "")
              + ")");
      said.flush();
    }
    try {
      format.print(ClusterResultFiles.resultJson(result), out);
      return ExitCodes.SUCCESS;
    } catch (IOException e) {
      err.println("streamgauge: cannot print the result document: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
  }
}
