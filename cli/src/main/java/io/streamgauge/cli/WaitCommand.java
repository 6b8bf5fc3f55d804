package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.fetch.ClusterWait;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code streamgauge wait [KIND/]NAME}: waits for a run or suite on a cluster to end. */
@Command(
    name = "wait",
    mixinStandardHelpOptions = true,
    description = {
      "Wait for a BenchmarkRun (NAME or benchmarkrun/NAME) or a BenchmarkSuite"
          + " (benchmarksuite/NAME) on the cluster to end (its Ended condition), printing its"
          + " progress, then exit as a local run of it would: the exit code says how it ended.",
      "",
      "Exit codes: 0 succeeded and valid, 2 no such run, 3 the cluster cannot be reached, 4 the"
          + " run failed, 5 succeeded but invalid (a check failed; a suite: a run failed or was"
          + " invalid), 6 its gate failed, 7 --timeout ran out first, 130 Ctrl-C (the run goes on).",
      ""
    })
final class WaitCommand implements Callable<Integer> {

  @Mixin private ResourceArgument resource;

  @Mixin private ClusterOptions cluster;

  @Mixin private WaitTimeoutOption waitTimeout;

  @CommandLine.Spec private CommandLine.Model.CommandSpec command;

  @Override
  public Integer call() {
    PrintWriter out = command.commandLine().getOut();
    PrintWriter err = command.commandLine().getErr();
    Optional<ClusterWait.Named> target = resource.parse(err);
    if (target.isEmpty()) {
      return ExitCodes.INVALID;
    }
    try (KubernetesClient client = cluster.connect()) {
      return ClusterWaiter.await(
              client, cluster.namespace(client), target.get(), waitTimeout.timeout, out, err)
          .exitCode();
    }
  }
}
