package io.streamgauge.fetch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.compare.RepetitionSummary;
import io.streamgauge.repetitions.RepetitionsMachine;
import io.streamgauge.suite.SuiteResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A run or suite on a cluster fetched whole, in the layout a local one writes so that {@code
 * streamgauge compare} reads either: a single run's result.json, report.md and report.html; a
 * repeated run's repetitions into {@code DIR/<n>/} with {@code repetitions.md} and {@code
 * repetitions.json} (the summary the operator stored in {@code status.repetitions}, read back); a
 * suite's runs into {@code DIR/<cell>/<repetition>/} with the {@code suite.md} and {@code
 * suite.json} the operator stored. Each file written, and each run left out, is said in a line.
 */
public final class FetchedResults {

  private static final ObjectMapper JSON = new ObjectMapper();

  private FetchedResults() {}

  /**
   * Fetches {@code target}, writing its files into {@code dir} unless that is null and saying what
   * it wrote on {@code said}.
   *
   * @return its result document (result.json, repetitions.json or suite.json); empty for a suite
   *     that stored none
   * @throws ClusterResult.FetchException when it is missing or unfinished, or the cluster cannot be
   *     reached
   * @throws IOException when a file cannot be written
   */
  public static Optional<JsonNode> fetch(
      KubernetesClient client,
      String namespace,
      ClusterWait.Named target,
      Path dir,
      PrintWriter said)
      throws IOException {
    if (target.kind() == ClusterWait.Kind.SUITE) {
      return suite(client, namespace, target.name(), dir, said);
    }
    ClusterResult result = ClusterResult.fetch(client, namespace, target.name());
    if (repeated(result.run())) {
      return repetitions(client, namespace, result.run(), dir, said);
    }
    if (dir != null) {
      ClusterResultFiles.write(dir, result);
      said.println(
          "Wrote "
              + dir.resolve("result.json")
              + ", report.md and report.html ("
              + result.run().getStatus().getPhase()
              + (result.document() == null ? ", nothing measured" : "")
              + ")");
      said.flush();
    }
    return Optional.of(ClusterResultFiles.resultJson(result));
  }

  /** Whether {@code run} is a repeated run, whose repetitions hold its results. */
  private static boolean repeated(BenchmarkRun run) {
    return run.getStatus().getRepetitions() != null
        && !run.getStatus().getRepetitions().getRuns().isEmpty();
  }

  private static Optional<JsonNode> repetitions(
      KubernetesClient client, String namespace, BenchmarkRun parent, Path dir, PrintWriter said)
      throws IOException {
    if (dir != null) {
      children(
          client,
          namespace,
          parent.getStatus().getRepetitions().getRuns(),
          run -> dir.resolve(Integer.toString(run.getRepetition())),
          said);
    }
    Optional<RepetitionSummary> stored =
        RepetitionsMachine.stored(parent.getStatus().getRepetitions());
    if (stored.isEmpty()) {
      said.println(
          "BenchmarkRun "
              + namespace
              + "/"
              + parent.getMetadata().getName()
              + " stored no summary of its repetitions (it "
              + parent.getStatus().getPhase()
              + ")");
      return Optional.empty();
    }
    RepetitionSummary summary = stored.get();
    if (dir != null) {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("repetitions.md"), summary.markdown());
      Files.writeString(
          dir.resolve("repetitions.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary.json()));
      said.println("Wrote " + dir.resolve("repetitions.md") + " and repetitions.json");
    }
    return Optional.of(summary.json());
  }

  private static Optional<JsonNode> suite(
      KubernetesClient client, String namespace, String name, Path dir, PrintWriter said)
      throws IOException {
    ClusterSuiteResult suite = ClusterSuiteResult.fetch(client, namespace, name);
    if (dir != null) {
      children(
          client,
          namespace,
          suite.suite().getStatus().getRuns(),
          run ->
              dir.resolve(run.getCell().replace('/', '.'))
                  .resolve(Integer.toString(run.getRepetition())),
          said);
    }
    if (suite.json() == null) {
      said.println(
          "BenchmarkSuite "
              + namespace
              + "/"
              + name
              + " stored no results (it "
              + suite.suite().getStatus().getPhase()
              + ")");
      return Optional.empty();
    }
    if (dir != null) {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(SuiteResults.MARKDOWN_FILE), suite.markdown());
      Files.writeString(dir.resolve(SuiteResults.JSON_FILE), suite.json());
      said.println("Wrote " + dir.resolve(SuiteResults.MARKDOWN_FILE) + " and suite.json");
    }
    return Optional.of(JSON.readTree(suite.json()));
  }

  /**
   * Fetches every run of {@code runs} that started, writing each into its directory, saying what it
   * wrote; a run that cannot be fetched is said and left out.
   */
  private static void children(
      KubernetesClient client,
      String namespace,
      List<ChildRunStatus> runs,
      Function<ChildRunStatus, Path> dirOf,
      PrintWriter said)
      throws IOException {
    int written = 0;
    for (ChildRunStatus run : runs) {
      if (run.getStartedAt() == null) {
        continue;
      }
      ClusterResult result;
      try {
        result = ClusterResult.fetch(client, namespace, run.getName());
      } catch (ClusterResult.FetchException e) {
        if (e.environment()) {
          throw e;
        }
        said.println("  " + run.getName() + " left out: " + e.getMessage());
        continue;
      }
      ClusterResultFiles.write(dirOf.apply(run), result);
      written++;
    }
    if (written > 0) {
      said.println("Wrote the results of " + written + " runs");
    }
    said.flush();
  }
}
