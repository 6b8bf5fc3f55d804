package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.fetch.ClusterWait;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code streamgauge results fetch RUN [-n NS] [-d DIR] [-o json|yaml]}: a cluster run's result
 * files or document.
 */
@Command(
    name = "results",
    mixinStandardHelpOptions = true,
    description = "Results of runs on a cluster.",
    subcommands = {ResultsCommand.Fetch.class})
final class ResultsCommand implements Runnable {

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        command.commandLine(), "a subcommand is required: fetch");
  }

  /** Writes a finished run's or suite's files, as a local run or suite has them. */
  @Command(
      name = "fetch",
      mixinStandardHelpOptions = true,
      description = {
        "Write a finished BenchmarkRun's result.json (the document a local run writes, with"
            + " run.mode kubernetes), report.md and report.html from the cluster of the current"
            + " kubeconfig context ($KUBECONFIG or ~/.kube/config), or of --context. A repeated"
            + " run gives each repetition's into DIR/<n>/ and repetitions.md, repetitions.json; a"
            + " suite (benchmarksuite/NAME) each run's into DIR/<cell>/<repetition>/ and suite.md,"
            + " suite.json: the layout a local run writes, which streamgauge compare reads.",
        "",
        "Exit codes: 0 written, 2 no such run, not finished, or its results ConfigMap is gone,"
            + " 3 the cluster cannot be reached or the files cannot be written; with --wait, a"
            + " local run's: 4 failed, 5 invalid, 6 gate failed, 7 --timeout ran out.",
        ""
      })
  static final class Fetch implements Callable<Integer> {

    @Mixin private ResourceArgument resource;

    @Mixin private ClusterOptions cluster;

    @Option(
        names = "--wait",
        description =
            "Wait for the run to end first (as `streamgauge wait`), then write its files and exit"
                + " as a local run of it would (0, 4, 5, 6; 7 when --timeout ran out).")
    private boolean await;

    @Mixin private WaitTimeoutOption waitTimeout;

    @Option(
        names = {"-d", "--output-dir"},
        paramLabel = "DIR",
        description =
            "Where to write result.json, report.md and report.html. Default: ./RUN; with -o,"
                + " none (the document is printed instead).")
    private Path outputDir;

    @Mixin private OutputFormatOption format;

    @CommandLine.Spec private CommandLine.Model.CommandSpec command;

    @Override
    public Integer call() {
      PrintWriter out = command.commandLine().getOut();
      PrintWriter err = command.commandLine().getErr();
      PrintWriter said = format.said(out, err);
      Optional<ClusterWait.Named> parsed = resource.parse(err);
      if (parsed.isEmpty()) {
        return ExitCodes.INVALID;
      }
      ClusterWait.Named target = parsed.get();
      Path dir = outputDir != null || format.given() ? outputDir : Path.of(target.name());
      try (KubernetesClient client = cluster.connect()) {
        String ns = cluster.namespace(client);
        int exitCode = ExitCodes.SUCCESS;
        if (await) {
          ClusterWaiter.Result waited =
              ClusterWaiter.await(client, ns, target, waitTimeout.timeout, said, err);
          if (waited.ended().isEmpty()) {
            return waited.exitCode();
          }
          exitCode = waited.exitCode();
        }
        int written =
            FetchedRun.fetch(
                client, ns, target, dir, new FetchedRun.Output(format, out, said, err));
        return written == ExitCodes.SUCCESS ? exitCode : written;
      }
    }
  }
}
