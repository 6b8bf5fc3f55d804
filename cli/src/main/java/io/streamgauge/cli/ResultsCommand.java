package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterResultFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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
            + " run.mode kubernetes) and report.md from the cluster of the current kubeconfig"
            + " context ($KUBECONFIG or ~/.kube/config).",
        "",
        "Exit codes: 0 written, 2 no such run, not finished, or its results ConfigMap is gone,"
            + " 3 the cluster cannot be reached or the files cannot be written.",
        ""
      })
  static final class Fetch implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "The BenchmarkRun's name.")
    private String name;

    @Option(
        names = {"-n", "--namespace"},
        paramLabel = "NS",
        description = "Its namespace. Default: the kubeconfig context's, else default.")
    private String namespace;

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
      try (KubernetesClient client = new KubernetesClientBuilder().build()) {
        String ns = namespace != null ? namespace : client.getNamespace();
        ClusterResult result = ClusterResult.fetch(client, ns == null ? "default" : ns, name);
        ClusterResultFiles.write(dir, result);
        out.println(
            "Wrote "
                + dir.resolve("result.json")
                + " and report.md ("
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
