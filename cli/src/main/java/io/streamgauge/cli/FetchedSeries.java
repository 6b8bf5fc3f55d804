package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.RepetitionSummary;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterResultFiles;
import io.streamgauge.fetch.ClusterSuiteResult;
import io.streamgauge.suite.SuiteResults;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A series on a cluster fetched whole, in the layout a local one writes so that {@code streamgauge
 * compare} reads either: a repeated run's repetitions into {@code DIR/<n>/} with {@code
 * repetitions.md} and {@code repetitions.json} (computed here from the repetitions' documents, as
 * {@code run --local --repetitions} does), a suite's runs into {@code DIR/<cell>/<repetition>/}
 * with the {@code suite.md} and {@code suite.json} the operator stored.
 */
final class FetchedSeries {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Where the lines go: the document ({@code out}), what is said, what went wrong. */
  record Output(OutputFormatOption format, PrintWriter out, PrintWriter said, PrintWriter err) {}

  private FetchedSeries() {}

  /**
   * Writes the repetitions of {@code parent} (a run with {@code spec.repetitions} above 1) into
   * {@code dir} (none when null) and prints repetitions.json for {@code -o}.
   *
   * @return 0, or the exit code of why not
   */
  static int repetitions(
      KubernetesClient client, String namespace, BenchmarkRun parent, Path dir, Output output)
      throws IOException {
    List<ChildRunStatus> runs = parent.getStatus().getRepetitions().getRuns();
    List<JsonNode> documents =
        children(
            client,
            namespace,
            runs,
            run -> dir == null ? null : dir.resolve(Integer.toString(run.getRepetition())),
            output);
    List<ComparedRun> valid = new ArrayList<>();
    for (JsonNode document : documents) {
      try {
        valid.add(ComparedRun.of(document.at("/metadata/name").asText(), document));
      } catch (ComparedRun.NotAResultException e) {
        output.said().println("  left out of the summary: " + e.getMessage());
      }
    }
    RepetitionSummary summary = RepetitionSummary.of(valid);
    String json = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary.json());
    if (dir != null) {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("repetitions.md"), summary.markdown());
      Files.writeString(dir.resolve("repetitions.json"), json);
      output.said().println("Wrote " + dir.resolve("repetitions.md") + " and repetitions.json");
    }
    output.format().print(summary.json(), output.out());
    return ExitCodes.SUCCESS;
  }

  /**
   * Writes suite {@code name}'s runs and results into {@code dir} (none when null) and prints
   * suite.json for {@code -o}.
   *
   * @return 0, or the exit code of why not
   */
  static int suite(KubernetesClient client, String namespace, String name, Path dir, Output output)
      throws IOException {
    ClusterSuiteResult suite = ClusterSuiteResult.fetch(client, namespace, name);
    children(
        client,
        namespace,
        suite.suite().getStatus().getRuns(),
        run ->
            dir == null
                ? null
                : dir.resolve(run.getCell().replace('/', '.'))
                    .resolve(Integer.toString(run.getRepetition())),
        output);
    if (suite.json() == null) {
      output
          .said()
          .println(
              "BenchmarkSuite "
                  + namespace
                  + "/"
                  + name
                  + " stored no results (it "
                  + suite.suite().getStatus().getPhase()
                  + ")");
      return ExitCodes.SUCCESS;
    }
    if (dir != null) {
      Files.createDirectories(dir);
      Files.writeString(dir.resolve(SuiteResults.MARKDOWN_FILE), suite.markdown());
      Files.writeString(dir.resolve(SuiteResults.JSON_FILE), suite.json());
      output.said().println("Wrote " + dir.resolve(SuiteResults.MARKDOWN_FILE) + " and suite.json");
    }
    output.format().print(JSON.readTree(suite.json()), output.out());
    return ExitCodes.SUCCESS;
  }

  /**
   * Fetches every run of {@code runs} that started, writing each into its directory (none when
   * {@code dirOf} gives null), saying what it wrote; a run that cannot be fetched is said and left
   * out.
   *
   * @return the result documents of the runs that measured
   */
  private static List<JsonNode> children(
      KubernetesClient client,
      String namespace,
      List<ChildRunStatus> runs,
      Function<ChildRunStatus, Path> dirOf,
      Output output)
      throws IOException {
    List<JsonNode> documents = new ArrayList<>();
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
        output.said().println("  " + run.getName() + " left out: " + e.getMessage());
        continue;
      }
      Path dir = dirOf.apply(run);
      if (dir != null) {
        ClusterResultFiles.write(dir, result);
        written++;
      }
      if (result.document() != null) {
        documents.add(ClusterResultFiles.resultJson(result));
      }
    }
    if (written > 0) {
      output.said().println("Wrote the results of " + written + " runs");
    }
    output.said().flush();
    return documents;
  }
}
