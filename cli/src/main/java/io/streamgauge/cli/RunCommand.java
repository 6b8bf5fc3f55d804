package io.streamgauge.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.spec.GateSpec;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.GateRule;
import io.streamgauge.compare.RepetitionSummary;
import io.streamgauge.compare.ResultFileReader;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.localrun.LocalCapacitySearch;
import io.streamgauge.localrun.LocalExecution;
import io.streamgauge.localrun.LocalSecrets;
import io.streamgauge.localrun.LocalSeriesRuns;
import io.streamgauge.localrun.LocalSpec;
import io.streamgauge.localrun.OutputDirectories;
import io.streamgauge.localrun.RunOutcome;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.LocalModeHost;
import io.streamgauge.platform.local.LocalPorts;
import io.streamgauge.series.PlannedSeries;
import io.streamgauge.series.RecordedRuns;
import io.streamgauge.series.SeriesOutcome;
import io.streamgauge.suite.RunGate;
import io.streamgauge.suite.SuitePlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code streamgauge run --local FILE}: the BenchmarkRun in FILE on this machine ({@link
 * LocalExecution}), once or {@code spec.repetitions} times, with the windows and rates the options
 * give, and its regression gate ({@code spec.gate}) against the results {@code --baseline} names.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Run a BenchmarkRun file on this machine (--local): Kafka, the app, the load generator,"
          + " the latency consumer and Prometheus as local processes. Writes result.json,"
          + " report.md and every process's log into the output directory.",
      "",
      "Without --local, on the cluster of the kubeconfig context (--context, -n): creates the"
          + " BenchmarkRun (or BenchmarkSuite), says its progress until it ended, writes"
          + " result.json, report.md and report.html into the output directory (a repeated run's"
          + " or a suite's runs each into a directory of its own, as locally) and exits with the"
          + " same codes. Ctrl-C stops waiting; the run goes on (streamgauge results fetch --wait"
          + " RUN picks it up).",
      "",
      "Exit codes: 0 succeeded, 2 invalid spec or options, 3 environment problem (missing"
          + " Prometheus, port in use), 4 run failed, 5 succeeded but invalid (a check failed),"
          + " 6 the gate (spec.gate) failed, 130 Ctrl-C, 143 SIGTERM. With spec.capacity, a"
          + " capacity search: probes into DIR/probes/, the result in DIR/capacity.md,"
          + " capacity.html (its demand chart) and capacity.json; 5 when a CPU limit's ceiling did not resolve, 4 when a probe failed"
          + " as a run before any passed.",
      ""
    })
final class RunCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Parameters(index = "0", paramLabel = "FILE", description = "A BenchmarkRun YAML file.")
  private Path file;

  @Mixin private LocalRunOptions local;

  @Mixin private ClusterOptions cluster;

  @Mixin private OutputFormatOption format;

  @Option(
      names = "--repetitions",
      paramLabel = "N",
      description =
          "Run the spec N times (default: spec.repetitions, else 1), each with a fresh broker (or"
              + " fresh topics on --bootstrap-servers), app and clients, into DIR/1 … DIR/N, then"
              + " write repetitions.md and repetitions.json (median, min, max, CV per figure) into"
              + " DIR. A repetition that fails is recorded and the next one runs; Ctrl-C stops"
              + " them.")
  private Integer repetitions;

  @Option(
      names = "--baseline",
      paramLabel = "PATH",
      description =
          "The baseline of the spec's gate (spec.gate): a result.json, a run directory or a"
              + " directory of repetitions. The gate's outcome goes into DIR/gate.md and gate.json;"
              + " exit code 6 when a rule fails.")
  private Path baseline;

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  private final Clock clock = Clock.systemUTC();

  /** Where the command's own lines go: stdout, or stderr when {@code -o} prints the document. */
  private PrintWriter said() {
    return format.said(command.commandLine().getOut(), command.commandLine().getErr());
  }

  @Override
  public Integer call() {
    PrintWriter err = command.commandLine().getErr();
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
    SpecFile specFile;
    LocalSpec spec;
    Map<String, String> kafkaSecrets;
    try {
      specFile = SpecFile.read(file);
      spec =
          LocalSpec.resolve(specFile.name(), specFile.spec(), local.options(), local.appChoice());
      kafkaSecrets = LocalSecrets.resolve(spec.spec(), local.secretsDir);
    } catch (InvalidSpecException e) {
      e.problems().forEach(p -> err.println("streamgauge: " + file + ": " + p));
      return ExitCodes.INVALID;
    }
    int n = repetitions != null ? repetitions : spec.spec().getRepetitions();
    if (n < 1) {
      err.println("streamgauge: --repetitions must be 1 or more, got " + n);
      return ExitCodes.INVALID;
    }
    GateSpec gate = specFile.spec().getGate();
    String gateProblem = gateProblem(gate);
    if (gateProblem != null) {
      err.println("streamgauge: " + gateProblem);
      return ExitCodes.INVALID;
    }
    boolean searching = spec.spec().getCapacity() != null;
    if ((n > 1 || searching)
        && local.outputDir != null
        && OutputDirectories.holdsRuns(local.outputDir)) {
      err.println(
          "streamgauge: "
              + local.outputDir
              + " already holds runs (a result.json in it or a subdirectory): repetitions and"
              + " capacity probes go into an empty directory, so what reads them reads only them");
      return ExitCodes.INVALID;
    }
    LocalExecution execution = new LocalExecution(said(), err, local.settings(), clock);
    try {
      Path dir = local.outputDir(spec.name(), clock.instant());
      if (searching) {
        RunOutcome searched =
            new LocalCapacitySearch(execution, said(), err, clock).search(spec, kafkaSecrets, dir);
        return printed(searched, dir.resolve("capacity.json"), searched.exitCode());
      }
      RunOutcome outcome =
          n == 1
              ? execution.run(spec, kafkaSecrets, dir)
              : repeat(execution, specFile, spec, n, kafkaSecrets, dir);
      Path document = dir.resolve(n == 1 ? ResultFileReader.RESULT_FILE : "repetitions.json");
      if (gate == null || outcome.interrupted()) {
        return printed(outcome, document, outcome.exitCode());
      }
      boolean passed = judgeGate(gate, spec.name(), dir);
      return printed(outcome, document, passed ? outcome.exitCode() : ExitCodes.GATE_FAILED);
    } catch (LocalEnvironmentException | LocalPorts.PortInUseException e) {
      err.println("streamgauge: " + e.getMessage());
      return ExitCodes.ENVIRONMENT;
    }
  }

  /**
   * Prints the result {@code document} for {@code -o}, unless the run was interrupted.
   *
   * @return {@code exitCode}, or 3 when the document to print cannot be read
   */
  private int printed(RunOutcome outcome, Path document, int exitCode) {
    if (outcome.interrupted()
        || format.print(document, command.commandLine().getOut(), command.commandLine().getErr())) {
      return exitCode;
    }
    return exitCode == ExitCodes.SUCCESS ? ExitCodes.ENVIRONMENT : exitCode;
  }

  /** Why the gate cannot be judged locally, or null: it needs its rules and a baseline here. */
  private String gateProblem(GateSpec gate) {
    if (gate == null) {
      return baseline == null
          ? null
          : "--baseline is for the spec's gate, and " + file + " has no spec.gate";
    }
    if (baseline == null) {
      return file
          + ": spec.gate: locally the baseline's results come from --baseline PATH (a result.json"
          + " or a directory of repetitions; spec.gate.baseline names a BenchmarkRun on"
          + " Kubernetes)";
    }
    try {
      ResultFileReader.read(baseline);
    } catch (ComparedRun.NotAResultException e) {
      return "--baseline " + e.getMessage();
    }
    return null;
  }

  /**
   * Judges the spec's gate on the runs in {@code dir} against {@code --baseline}: prints it and
   * writes {@code gate.md} and {@code gate.json}.
   *
   * @return true when every rule passed
   */
  private boolean judgeGate(GateSpec gate, String name, Path dir) {
    RunGate judged =
        RunGate.judge(
            baseline.toString(),
            ResultFileReader.read(baseline),
            name,
            ResultFileReader.read(dir),
            gate.getRules().stream().map(GateRule::parse).toList());
    PrintWriter out = said();
    out.println();
    out.print(judged.markdown());
    try {
      Files.writeString(dir.resolve("gate.md"), judged.markdown());
      Files.writeString(
          dir.resolve("gate.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(judged.status()));
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the gate into " + dir + ": " + e.getMessage(), e);
    }
    out.println("Wrote " + dir.resolve("gate.md") + " and gate.json");
    out.flush();
    if (!judged.verdict().passed()) {
      command
          .commandLine()
          .getErr()
          .println("streamgauge: gate failed: " + judged.verdict().failures());
    }
    return judged.verdict().passed();
  }

  /**
   * Runs the spec {@code n} times into {@code dir/1} … {@code dir/N}, each from the file again (a
   * run renames its spec's topics), one at a time as on Kubernetes: a repetition that fails is
   * recorded and the next one runs; an interrupted one stops them. Then summarises them.
   *
   * @return how the interrupted repetition ended; else, as the run's conditions on Kubernetes,
   *     failed when every repetition failed, invalid when one failed or was invalid, succeeded when
   *     all were valid
   */
  private RunOutcome repeat(
      LocalExecution execution,
      SpecFile specFile,
      LocalSpec first,
      int n,
      Map<String, String> kafkaSecrets,
      Path dir) {
    PrintWriter out = said();
    SuitePlan plan = SuitePlan.repetitionsOf(first.name(), first.spec(), n);
    List<ChildRunStatus> records = RecordedRuns.planned(plan.runs());
    LocalSeriesRuns runs =
        new LocalSeriesRuns(
            (spec, runDir) -> execution.run(spec, kafkaSecrets, runDir),
            run -> run.index() == 1 ? first : again(specFile),
            run -> dir.resolve(Integer.toString(run.index())),
            run -> {
              out.println(
                  "Repetition "
                      + run.index()
                      + " of "
                      + n
                      + " into "
                      + dir.resolve(Integer.toString(run.index())));
              out.flush();
            });
    Optional<RunOutcome> interrupted = runs.drive(new PlannedSeries(plan.runs(), records), clock);
    if (interrupted.isPresent()) {
      out.println(
          "Stopped after repetition "
              + records.stream().filter(r -> r.getStartedAt() != null).count()
              + " of "
              + n
              + ": interrupted");
      return interrupted.get();
    }
    RepetitionSummary summary =
        RepetitionSummary.of(
            plan.runs().stream()
                .flatMap(run -> ResultFileReader.read(runs.directory(run.name())).stream())
                .toList());
    try {
      Files.writeString(dir.resolve("repetitions.md"), summary.markdown());
      Files.writeString(
          dir.resolve("repetitions.json"),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary.json()));
    } catch (IOException e) {
      throw new LocalEnvironmentException(
          "cannot write the repetitions' summary into " + dir + ": " + e.getMessage(), e);
    }
    out.println();
    out.print(summary.markdown());
    out.println("\nWrote " + dir.resolve("repetitions.md") + " and repetitions.json");
    out.flush();
    return RunOutcome.of(SeriesOutcome.of(records));
  }

  /**
   * The file's spec resolved again for a repetition: a run renames its resolved spec's topics, so
   * each starts from the file as it was read (once, before the first run; edits to it meanwhile do
   * not mix into the repetitions).
   */
  private LocalSpec again(SpecFile specFile) {
    try {
      return LocalSpec.resolve(
          specFile.name(), specFile.spec(), local.options(), local.appChoice());
    } catch (InvalidSpecException e) {
      throw new IllegalStateException("the spec resolved for the first run, not again", e);
    }
  }
}
