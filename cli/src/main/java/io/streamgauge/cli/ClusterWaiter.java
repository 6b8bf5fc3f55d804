package io.streamgauge.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.fetch.ClusterResult;
import io.streamgauge.fetch.ClusterWait;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Waits for a run or suite on a cluster the way every command says it: each new progress line, the
 * verdict in one line, one-line errors, and the exit code a local run would have.
 */
final class ClusterWaiter {

  /**
   * How the wait went.
   *
   * @param exitCode the command's exit code so far
   * @param ended the resource as it ended, when it did
   */
  record Result(int exitCode, Optional<ClusterWait.Ended> ended) {}

  private ClusterWaiter() {}

  static Result await(
      KubernetesClient client,
      String namespace,
      ClusterWait.Named target,
      Duration timeout,
      PrintWriter out,
      PrintWriter err) {
    String who = target.kind().kindName() + " " + namespace + "/" + target.name();
    try {
      Optional<ClusterWait.Ended> ended =
          new ClusterWait(client, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()))
              .until(
                  namespace,
                  target,
                  timeout,
                  line -> {
                    out.println(target.name() + ": " + line);
                    out.flush();
                  });
      if (ended.isEmpty()) {
        err.println(
            "streamgauge: "
                + who
                + " has not ended after "
                + timeout.toString().substring(2).toLowerCase()
                + "; it goes on on the cluster");
        return new Result(ExitCodes.WAIT_TIMED_OUT, Optional.empty());
      }
      out.println(who + " ended: " + ended.get().describe());
      return new Result(ExitCodes.of(ended.get().verdict()), ended);
    } catch (ClusterResult.FetchException e) {
      err.println("streamgauge: " + e.getMessage());
      return new Result(
          e.environment() ? ExitCodes.ENVIRONMENT : ExitCodes.INVALID, Optional.empty());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("streamgauge: stopped waiting; " + who + " goes on on the cluster");
      return new Result(ExitCodes.INTERRUPTED, Optional.empty());
    }
  }
}
