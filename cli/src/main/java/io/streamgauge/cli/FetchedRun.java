package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterWait;
import io.streamgauge.fetch.FetchedResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@link FetchedResults} as {@code results fetch} and {@code run} without {@code --local} say it:
 * the result document printed for {@code -o}, one-line errors, and the exit code of why not.
 */
final class FetchedRun {

  /** Where the lines go: the document ({@code out}), what is said, what went wrong. */
  record Output(OutputFormatOption format, PrintWriter out, PrintWriter said, PrintWriter err) {}

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
      Output output) {
    try {
      Optional<JsonNode> document =
          FetchedResults.fetch(client, namespace, target, dir, output.said());
      if (document.isPresent()) {
        output.format().print(document.get(), output.out());
      }
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
}
