package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterResultFiles;
import io.streamgauge.fetch.ClusterWait;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A run or suite on a cluster fetched for {@code results fetch} and {@code run} without {@code
 * --local}: its files written into a directory and its result document printed for {@code -o}, each
 * saying so or why not. A single run gives result.json, report.md and report.html; a repeated run
 * and a suite give their runs' files and their summary ({@link FetchedSeries}).
 */
final class FetchedRun {

  private FetchedRun() {}

  /**
   * Fetches {@code target}; writes its files into {@code dir} unless that is null; prints its
   * result document for {@code -o}.
   *
   * @return 0, or the exit code of why not
   */
  static int fetch(
      KubernetesClient client,
      String namespace,
      ClusterWait.Named target,
      Path dir,
      FetchedSeries.Output output) {
    try {
      if (target.kind() == ClusterWait.Kind.SUITE) {
        return FetchedSeries.suite(client, namespace, target.name(), dir, output);
      }
      ClusterResult result = ClusterResult.fetch(client, namespace, target.name());
      if (repeated(result.run())) {
        return FetchedSeries.repetitions(client, namespace, result.run(), dir, output);
      }
      if (dir != null) {
        ClusterResultFiles.write(dir, result);
        output
            .said()
            .println(
                "Wrote "
                    + dir.resolve("result.json")
                    + ", report.md and report.html ("
                    + result.run().getStatus().getPhase()
                    + (result.document() == null ? ", nothing measured" : "")
                    + ")");
        output.said().flush();
      }
      output.format().print(ClusterResultFiles.resultJson(result), output.out());
      return ExitCodes.SUCCESS;
    } catch (ClusterResult.FetchException e) {
      output.err().println("streamgauge: " + e.getMessage());
      return e.environment() ? ExitCodes.ENVIRONMENT : ExitCodes.INVALID;
    } catch (KubernetesClientException e) {
      output.err().println("streamgauge: cannot reach the cluster: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    } catch (IOException e) {
      output.err().println("streamgauge: cannot write into " + dir + ": " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
  }

  /** Whether {@code run} is a repeated run, whose repetitions hold its results. */
  private static boolean repeated(BenchmarkRun run) {
    return run.getStatus().getRepetitions() != null
        && !run.getStatus().getRepetitions().getRuns().isEmpty();
  }
}
