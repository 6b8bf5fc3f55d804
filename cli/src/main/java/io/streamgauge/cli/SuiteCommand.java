package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.compare.GateRule;
import io.streamgauge.compare.ResultFileReader;
import io.streamgauge.localrun.AppChoice;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.localrun.LocalExecution;
import io.streamgauge.localrun.LocalSecrets;
import io.streamgauge.localrun.LocalSeriesRuns;
import io.streamgauge.localrun.LocalSpec;
import io.streamgauge.localrun.OutputDirectories;
import io.streamgauge.localrun.RunOutcome;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.LocalModeHost;
import io.streamgauge.platform.local.LocalPorts;
import io.streamgauge.report.HtmlReport;
import io.streamgauge.report.ResultDocuments;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.PlannedSeries;
import io.streamgauge.series.RecordedRuns;
import io.streamgauge.series.SeriesOutcome;
import io.streamgauge.suite.SuitePlan;
import io.streamgauge.suite.SuiteResults;
import io.streamgauge.suite.SuiteValidator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code streamgauge suite --local FILE}: a BenchmarkSuite on this machine (without {@code
 * --local}, on a cluster: {@link ClusterRun}). Every planned run (the cells × repetitions, variants
 * interleaved) runs one after another as {@code run --local} would, into {@code
 * DIR/<cell>/<repetition>}; then {@code suite.md} and {@code suite.json} hold each cell's figures,
 * the comparisons with the baseline variant and the gate.
 */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    description = {
      "Run a BenchmarkSuite file on this machine (--local): each run of the matrix in turn, as"
          + " run --local would, into DIR/<cell>/<repetition>; then suite.md and suite.json"
          + " (cells, comparisons with spec.baseline, gate) into DIR. A cell's directory is a"
          + " directory of repetitions for streamgauge compare.",
      "",
      "Without --local, on the cluster of the kubeconfig context (--context, -n), as run FILE"
          + " without --local: creates the BenchmarkSuite, says its progress until it ended,"
          + " writes its runs' files and suite.md, suite.json into the output directory in the"
          + " same layout and exits with the same codes.",
      "",
      "Exit codes: 0 every run valid and the gate passed, 2 invalid suite or options, 3"
          + " environment problem, 4 every run failed, 5 a run failed or was invalid (a failed"
          + " run is recorded and the next one runs, as for repetitions and on Kubernetes), 6 the"
          + " gate failed (before 4 and 5), 130 Ctrl-C, 143 SIGTERM (the runs so far are"
          + " summarised).",
      ""
    })
final class SuiteCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Parameters(index = "0", paramLabel = "FILE", description = "A BenchmarkSuite YAML file.")
  private Path file;

  @Mixin private LocalRunOptions local;

  @Mixin private ClusterOptions cluster;

  @Mixin private OutputFormatOption format;

  @CommandLine.Option(
      names = "--variant-app-jar",
      paramLabel = "VARIANT=JAR",
      description =
          "With --local: run VARIANT's app as `java -jar JAR` instead of what --app-jar,"
              + " --app-command or its runtime's reference app would run; repeatable.")
  private Map<String, Path> variantJars = new LinkedHashMap<>();

  @CommandLine.Option(
      names = "--variant-app-command",
      paramLabel = "VARIANT=COMMAND",
      description = "With --local: run VARIANT's app as `bash -c COMMAND`; repeatable.")
  private Map<String, String> variantCommands = new LinkedHashMap<>();

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  private final Clock clock = Clock.systemUTC();

  /**
   * The apps of {@code --variant-app-jar} and {@code --variant-app-command}, by variant; a variant
   * the suite does not have, or one given both, is a problem.
   */
  private Map<String, AppChoice> variantApps(SuitePlan plan, List<String> problems) {
    List<String> variants = plan.cells().stream().map(c -> c.variant()).distinct().toList();
    Map<String, AppChoice> apps = new LinkedHashMap<>();
    variantJars.forEach(
        (variant, jar) ->
            apps.put(variant, new AppChoice(Optional.of(new AppLaunch.Jar(jar.toAbsolutePath())))));
    variantCommands.forEach(
        (variant, line) -> {
          if (apps.containsKey(variant)) {
            problems.add(
                "--variant-app-command: "
                    + variant
                    + " also has a --variant-app-jar; give it one of them");
          }
          apps.put(variant, new AppChoice(Optional.of(new AppLaunch.Command(line))));
        });
    apps.keySet().stream()
        .filter(v -> !variants.contains(v))
        .forEach(
            v ->
                problems.add(
                    "--variant-app-jar/--variant-app-command: the suite has no variant '"
                        + v
                        + "' (its variants: "
                        + String.join(", ", variants)
                        + ")"));
    return apps;
  }

  @Override
  public Integer call() {
    PrintWriter err = command.commandLine().getErr();
    PrintWriter out = format.said(command.commandLine().getOut(), err);
    Optional<Integer> onCluster = ClusterRun.unlessLocal(command, file, local, cluster, format);
    if (onCluster.isPresent()) {
      return onCluster.get();
    }
    Optional<String> notHere = LocalModeHost.unsupported();
    if (notHere.isPresent()) {
      err.println("streamgauge: " + notHere.get());
      return ExitCodes.ENVIRONMENT;
    }
    String problem = local.problem();
    if (problem != null) {
      err.println("streamgauge: " + problem);
      return ExitCodes.INVALID;
    }
    SuiteFile suite;
    SuitePlan plan;
    List<LocalSpec> specs = new ArrayList<>();
    Map<String, String> kafkaSecrets;
    try {
      suite = SuiteFile.read(file);
      plan = SuitePlan.of(suite.name(), suite.spec());
      List<String> problems = new ArrayList<>(SuiteValidator.problems(suite.spec(), plan));
      Map<String, AppChoice> byVariant = variantApps(plan, problems);
      for (PlannedRun run : plan.runs()) {
        AppChoice app = byVariant.getOrDefault(plan.cellOf(run).variant(), local.appChoice());
        try {
          specs.add(LocalSpec.resolve(run.name(), run.spec(), local.options(), app));
        } catch (InvalidSpecException e) {
          e.problems().stream()
              .map(p -> p + " (cell " + run.cellName() + ")")
              .filter(p -> !problems.contains(p))
              .forEach(problems::add);
        }
      }
      if (!problems.isEmpty()) {
        throw new InvalidSpecException(problems);
      }
      kafkaSecrets = LocalSecrets.resolve(specs.get(0).spec(), local.secretsDir);
    } catch (InvalidSpecException e) {
      e.problems().forEach(p -> err.println("streamgauge: " + file + ": " + p));
      return ExitCodes.INVALID;
    }
    Path dir = local.outputDir(suite.name(), clock.instant());
    if (OutputDirectories.holdsRuns(dir)) {
      err.println(
          "streamgauge: "
              + dir
              + " already holds runs: a suite goes into an empty directory, so its cells hold only"
              + " its own runs");
      return ExitCodes.INVALID;
    }
    LocalExecution execution = new LocalExecution(out, err, local.settings(), clock);
    List<ChildRunStatus> records = RecordedRuns.planned(plan.runs());
    LocalSeriesRuns runs =
        new LocalSeriesRuns(
            (spec, runDir) -> execution.run(spec, kafkaSecrets, runDir),
            run -> specs.get(run.index() - 1),
            run -> runDirectory(dir, plan, run),
            run -> {
              out.println(
                  "Run "
                      + run.index()
                      + " of "
                      + plan.runs().size()
                      + ": "
                      + run.describe()
                      + " into "
                      + runDirectory(dir, plan, run));
              out.flush();
            });
    try {
      Optional<RunOutcome> interrupted = runs.drive(new PlannedSeries(plan.runs(), records), clock);
      for (PlannedRun run : plan.runs()) {
        Path runDir = runs.directory(run.name());
        if (runDir != null) {
          records.get(run.index() - 1).setName(dir.relativize(runDir).toString());
        }
      }
      if (interrupted.isPresent()) {
        long ran = records.stream().filter(r -> r.getStartedAt() != null).count();
        out.println("Stopped after run " + ran + " of " + plan.runs().size() + ": interrupted");
        summarise(suite, plan, records, dir);
        return interrupted.get().exitCode();
      }
      SuiteResults results = summarise(suite, plan, records, dir);
      if (!format.print(dir.resolve("suite.json"), command.commandLine().getOut(), err)) {
        return ExitCodes.ENVIRONMENT;
      }
      if (results.gated() && !results.gatePassed()) {
        err.println("streamgauge: gate failed: " + results.gateFailures());
        return ExitCodes.GATE_FAILED;
      }
      return RunOutcome.of(SeriesOutcome.of(records)).exitCode();
    } catch (LocalEnvironmentException | LocalPorts.PortInUseException e) {
      err.println("streamgauge: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
  }

  /** Where a run of the suite writes: {@code DIR/<cell>/<repetition>}. */
  private static Path runDirectory(Path dir, SuitePlan plan, PlannedRun run) {
    return dir.resolve(plan.cellOf(run).directoryName())
        .resolve(Integer.toString(run.repetition()));
  }

  /** Writes and prints what the ended runs showed. */
  private SuiteResults summarise(
      SuiteFile suite, SuitePlan plan, List<ChildRunStatus> records, Path dir) {
    SuiteResults results =
        SuiteResults.of(
            suite.name(),
            plan,
            records,
            suite.spec().getBaseline(),
            suite.spec().getGate() == null
                ? List.of()
                : suite.spec().getGate().getRules().stream().map(GateRule::parse).toList());
    try {
      Files.writeString(dir.resolve("suite.md"), results.markdown());
      Files.writeString(
          dir.resolve("suite.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(results.json()));
      Files.writeString(
          dir.resolve("suite.html"),
          HtmlReport.suite("Suite " + suite.name(), results.markdown(), cellDocuments(plan, dir)));
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the suite's results into " + dir + ": " + e.getMessage(), e);
    }
    PrintWriter out = format.said(command.commandLine().getOut(), command.commandLine().getErr());
    out.println();
    out.print(results.markdown());
    out.println("\nWrote " + dir.resolve("suite.md") + " and suite.json");
    out.flush();
    return results;
  }

  /** Each cell's result documents so far, for the charts. */
  private static Map<String, List<JsonNode>> cellDocuments(SuitePlan plan, Path dir) {
    Map<String, List<JsonNode>> cells = new LinkedHashMap<>();
    for (PlannedRun run : plan.runs()) {
      Path file = runDirectory(dir, plan, run).resolve(ResultFileReader.RESULT_FILE);
      ResultDocuments.read(file)
          .ifPresent(d -> cells.computeIfAbsent(run.cellName(), c -> new ArrayList<>()).add(d));
    }
    return cells;
  }
}
