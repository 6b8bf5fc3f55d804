package io.streamgauge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.Comparison;
import io.streamgauge.compare.ComparisonJson;
import io.streamgauge.compare.ComparisonMarkdown;
import io.streamgauge.compare.GateReport;
import io.streamgauge.compare.GateRule;
import io.streamgauge.compare.GateVerdict;
import io.streamgauge.compare.ResultFileReader;
import io.streamgauge.report.HtmlReport;
import io.streamgauge.report.ResultDocuments;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code streamgauge compare BASELINE CANDIDATE}: the methodology's table for two results, each a
 * run or a directory of repetitions, with medians, bootstrap intervals and verdicts; optionally a
 * regression gate on it.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compare a candidate with a baseline: Metric | baseline | candidate | Δ%% | 95%% CI |"
          + " verdict. Each side is a result.json, a run directory, a directory of repetitions"
          + " (subdirectories holding result.json) or a BenchmarkRun saved with kubectl get -o"
          + " json. Invalid runs (a failed check) are left out unless --include-invalid.",
      "",
      "Exit codes: 0 compared (and every --gate rule passed), 2 bad input, 3 cannot write the"
          + " output, 6 a gate rule failed.",
      ""
    })
final class CompareCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Parameters(index = "0", paramLabel = "BASELINE", description = "The baseline's result(s).")
  private Path baseline;

  @Parameters(index = "1", paramLabel = "CANDIDATE", description = "The candidate's result(s).")
  private Path candidate;

  @Option(
      names = {"-d", "--output-dir"},
      paramLabel = "DIR",
      description =
          "Also write comparison.md, comparison.json and comparison.html (the table and every"
              + " run's latency percentile spectrum) into DIR.")
  private Path outputDir;

  @Mixin private OutputFormatOption format;

  @Option(
      names = "--include-invalid",
      description = "Keep runs that failed a validity check (marked in the notes).")
  private boolean includeInvalid;

  @Option(
      names = "--gate",
      paramLabel = "RULE",
      description =
          "A regression gate rule FIGURE<=N%%: the candidate may be at most N%% worse, e.g."
              + " latency.p99<=5%% or cpu<=10%%. Fails (exit 6) only when the worsening is beyond"
              + " N%% and beyond the noise. Repeatable.")
  private List<String> gateRules = new ArrayList<>();

  @Option(
      names = "--baseline-name",
      paramLabel = "NAME",
      description = "The baseline's name in the table. Default: its path's last element.")
  private String baselineName;

  @Option(
      names = "--candidate-name",
      paramLabel = "NAME",
      description = "The candidate's name in the table. Default: its path's last element.")
  private String candidateName;

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  @Override
  public Integer call() {
    PrintWriter out = command.commandLine().getOut();
    PrintWriter err = command.commandLine().getErr();
    List<GateRule> rules = new ArrayList<>();
    Comparison comparison;
    try {
      for (String rule : gateRules) {
        rules.add(GateRule.parse(rule));
      }
      comparison =
          Comparison.of(
              name(baselineName, baseline),
              ResultFileReader.read(baseline),
              name(candidateName, candidate),
              ResultFileReader.read(candidate),
              includeInvalid);
    } catch (GateRule.BadRuleException
        | ComparedRun.NotAResultException
        | Comparison.NothingToCompareException e) {
      err.println("streamgauge: " + e.getMessage());
      return ExitCodes.INVALID;
    }
    String markdown = ComparisonMarkdown.render(comparison);
    ObjectNode json = ComparisonJson.render(comparison);
    GateVerdict gate = rules.isEmpty() ? null : GateVerdict.evaluate(comparison, rules);
    if (gate != null) {
      markdown += GateReport.markdown(gate);
      json.set("gate", GateReport.json(gate));
    }
    try {
      if (format.given()) {
        format.print(json, out);
      } else {
        out.print(markdown);
        out.flush();
      }
    } catch (IOException e) {
      err.println("streamgauge: cannot print the comparison: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
    if (outputDir != null) {
      try {
        Files.createDirectories(outputDir);
        Files.writeString(outputDir.resolve("comparison.md"), markdown);
        Files.writeString(
            outputDir.resolve("comparison.json"),
            JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
        Files.writeString(
            outputDir.resolve("comparison.html"),
            HtmlReport.comparison(
                comparison.candidateLabel() + " against " + comparison.baselineLabel(),
                markdown,
                Map.of(comparison.baselineLabel(), ResultDocuments.of(comparison.baseline())),
                Map.of(comparison.candidateLabel(), ResultDocuments.of(comparison.candidate()))));
      } catch (IOException e) {
        err.println("streamgauge: cannot write the comparison into " + outputDir + ": " + e);
        return ExitCodes.ENVIRONMENT;
      }
    }
    if (gate != null && !gate.passed()) {
      err.println("streamgauge: gate failed: " + gate.failures());
      return ExitCodes.GATE_FAILED;
    }
    return ExitCodes.SUCCESS;
  }

  private static String name(String given, Path path) {
    if (given != null) {
      return given;
    }
    Path absolute = path.toAbsolutePath().normalize();
    Path last = absolute.getFileName();
    if (last != null && last.toString().equals(ResultFileReader.RESULT_FILE)) {
      last = absolute.getParent().getFileName();
    }
    return last == null ? path.toString() : last.toString();
  }
}
