package io.streamgauge.cli;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.fetch.ClusterWait;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.validation.SpecValidator;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.HttpURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * {@code streamgauge run FILE} on a cluster: creates the BenchmarkRun in FILE (checked first, as
 * the API server would), waits for it to end saying its progress, writes its result.json, report.md
 * and report.html as a local run does, and exits with a local run's code.
 */
final class ClusterRun {

  /**
   * How long to wait at most: the run ends by its own {@code spec.schedule.timeout} (the operator
   * fails it then); this only bounds the wait on an operator that is not running. Ctrl-C stops
   * waiting sooner, leaving the run on the cluster.
   */
  static final Duration WAIT_AT_MOST = Duration.ofDays(30);

  private ClusterRun() {}

  /**
   * Runs {@code file} on the cluster of {@code cluster}.
   *
   * @param outputDir where to write the files, given the run's name
   * @param format whether to print the result document on {@code out}
   * @return the exit code
   */
  static int run(
      Path file,
      ClusterOptions cluster,
      Function<String, Path> outputDir,
      OutputFormatOption format,
      PrintWriter out,
      PrintWriter err) {
    PrintWriter said = format.said(out, err);
    SpecFile spec;
    GenericKubernetesResource resource;
    try {
      spec = SpecFile.read(file);
      List<String> problems = SpecValidator.clusterProblems(new SpecDefaulter().apply(spec.spec()));
      if (!problems.isEmpty()) {
        throw new InvalidSpecException(problems); // the operator would refuse it at Pending
      }
      resource =
          new KubernetesSerialization()
              .unmarshal(Files.readString(file), GenericKubernetesResource.class);
    } catch (InvalidSpecException e) {
      e.problems().forEach(p -> err.println("streamgauge: " + file + ": " + p));
      return ExitCodes.INVALID;
    } catch (IOException e) {
      err.println("streamgauge: cannot read " + file + ": " + e.getMessage());
      return ExitCodes.INVALID;
    }
    try (KubernetesClient client = cluster.connect()) {
      String namespace =
          cluster.namespace != null || resource.getMetadata().getNamespace() == null
              ? cluster.namespace(client)
              : resource.getMetadata().getNamespace();
      resource.getMetadata().setNamespace(namespace);
      String who = "BenchmarkRun " + namespace + "/" + spec.name();
      try {
        client.resource(resource).create();
      } catch (KubernetesClientException e) {
        if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
          err.println(
              "streamgauge: "
                  + who
                  + " exists: a run's spec cannot change, so delete it (kubectl delete"
                  + " benchmarkrun "
                  + spec.name()
                  + " -n "
                  + namespace
                  + ") or give this one another name");
          return ExitCodes.INVALID;
        }
        err.println("streamgauge: cannot create " + who + ": " + firstLine(e));
        return e.getCode() == 422 || e.getCode() == HttpURLConnection.HTTP_BAD_REQUEST
            ? ExitCodes.INVALID
            : ExitCodes.ENVIRONMENT;
      }
      said.println(
          "Created " + who + "; waiting for it to end (Ctrl-C stops waiting, the run goes on)");
      said.flush();
      ClusterWaiter.Result waited =
          ClusterWaiter.await(
              client,
              namespace,
              new ClusterWait.Named(ClusterWait.Kind.RUN, spec.name()),
              WAIT_AT_MOST,
              said,
              err);
      if (waited.ended().isEmpty()) {
        return waited.exitCode();
      }
      int written =
          FetchedRun.fetch(
              client, namespace, spec.name(), outputDir.apply(spec.name()), format, out, said, err);
      return written != ExitCodes.SUCCESS && waited.exitCode() == ExitCodes.SUCCESS
          ? written
          : waited.exitCode();
    } catch (KubernetesClientException e) {
      err.println("streamgauge: cannot reach the cluster: " + firstLine(e));
      return ExitCodes.ENVIRONMENT;
    }
  }

  private static String firstLine(Exception e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
  }
}
