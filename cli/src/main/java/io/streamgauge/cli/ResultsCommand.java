package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterResultFiles;
import io.streamgauge.fetch.ClusterWait;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code streamgauge results fetch RUN [-n NS] [-o DIR]}: a cluster run's result files. */
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

  /** Writes a finished BenchmarkRun's result.json and report.md, as a local run has them. */
  @Command(
      name = "fetch",
      mixinStandardHelpOptions = true,
      description = {
        "Write a finished BenchmarkRun's result.json (the document a local run writes, with"
            + " run.mode kubernetes), report.md and report.html from the cluster of the current"
            + " kubeconfig context ($KUBECONFIG or ~/.kube/config), or of --context.",
        "",
        "Exit codes: 0 written, 2 no such run, not finished, or its results ConfigMap is gone,"
            + " 3 the cluster cannot be reached or the files cannot be written; with --wait, a"
            + " local run's: 4 failed, 5 invalid, 6 gate failed, 7 --timeout ran out.",
        ""
      })
  static final class Fetch implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "The BenchmarkRun's name.")
    private String name;

    @Mixin private ClusterOptions cluster;

    @Option(
        names = "--wait",
        description =
            "Wait for the run to end first (as `streamgauge wait`), then write its files and exit"
                + " as a local run of it would (0, 4, 5, 6; 7 when --timeout ran out).")
    private boolean await;

    @Mixin private WaitTimeoutOption waitTimeout;

    @Option(
        names = {"-o", "--output"},
        paramLabel = "DIR",
        description = "Where to write result.json and report.md. Default: ./RUN.")
    private Path output;

    @CommandLine.Spec private CommandLine.Model.CommandSpec command;

    @Override
    public Integer call() {
      PrintWriter out = command.commandLine().getOut();
      PrintWriter err = command.commandLine().getErr();
      Path dir = output != null ? output : Path.of(name);
      try (KubernetesClient client = cluster.connect()) {
        String ns = cluster.namespace(client);
        int exitCode = ExitCodes.SUCCESS;
        if (await) {
          ClusterWaiter.Result waited =
              ClusterWaiter.await(
                  client,
                  ns,
                  new ClusterWait.Named(ClusterWait.Kind.RUN, name),
                  waitTimeout.timeout,
                  out,
                  err);
          if (waited.ended().isEmpty()) {
            return waited.exitCode();
          }
          exitCode = waited.exitCode();
        }
        int written = write(client, ns, name, dir, out, err);
        return written == ExitCodes.SUCCESS ? exitCode : written;
      }
    }

    /**
     * Writes run {@code name}'s result files into {@code dir}, saying so.
     *
     * @return 0, or the exit code of why not
     */
    static int write(
        KubernetesClient client,
        String namespace,
        String name,
        Path dir,
        PrintWriter out,
        PrintWriter err) {
      try {
        ClusterResult result = ClusterResult.fetch(client, namespace, name);
        ClusterResultFiles.write(dir, result);
        out.println(
            "Wrote "
                + dir.resolve("result.json")
                + ", report.md and report.html ("
                + result.run().getStatus().getPhase()
                + (result.document() == null ? ", nothing measured" : "")
                + ")");
        return ExitCodes.SUCCESS;
      } catch (ClusterResult.FetchException e) {
        err.println("streamgauge: " + e.getMessage());
        return e.environment() ? ExitCodes.ENVIRONMENT : ExitCodes.INVALID;
      } catch (IOException e) {
        err.println("streamgauge: cannot write into " + dir + ": " + e.getMessage());
        return ExitCodes.ENVIRONMENT;
      }
    }
  }
}
