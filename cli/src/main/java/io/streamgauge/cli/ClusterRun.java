package io.streamgauge.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.fetch.ClusterWait;
import io.streamgauge.localrun.InvalidSpecException;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.suite.SuitePlan;
import io.streamgauge.suite.SuiteValidator;
import io.streamgauge.validation.SpecValidator;
import java.io.PrintWriter;
import java.net.HttpURLConnection;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * {@code streamgauge run FILE} on a cluster: creates the BenchmarkRun or BenchmarkSuite in FILE
 * (checked first, as the API server and the operator would), waits for it to end saying its
 * progress, writes its files as a local run or suite does ({@link FetchedRun}), and exits with a
 * local run's code.
 */
final class ClusterRun {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /**
   * How long to wait at most: the run ends by its own {@code spec.schedule.timeout} (the operator
   * fails it then); this only bounds the wait on an operator that is not running. Ctrl-C stops
   * waiting sooner, leaving the run on the cluster.
   */
  static final Duration WAIT_AT_MOST = Duration.ofDays(30);

  private ClusterRun() {}

  /**
   * {@code FILE} of {@code run} or {@code suite} on the cluster when {@code --local} is not given,
   * with the output directory {@code -d} or one named after it and the time; refuses {@code
   * --context} and {@code --namespace} with {@code --local}.
   *
   * @return the exit code, or empty when the command runs locally
   */
  static Optional<Integer> unlessLocal(
      CommandLine.Model.CommandSpec command,
      Path file,
      LocalRunOptions local,
      ClusterOptions cluster,
      OutputFormatOption format) {
    PrintWriter err = command.commandLine().getErr();
    if (!local.local) {
      Clock clock = Clock.systemUTC();
      return Optional.of(
          run(
              command,
              file,
              cluster,
              name -> local.outputDir(name, clock.instant()),
              format,
              command.commandLine().getOut(),
              err));
    }
    if (cluster.context != null || cluster.namespace != null) {
      err.println("streamgauge: --context and --namespace are for a cluster (no --local)");
      return Optional.of(ExitCodes.INVALID);
    }
    return Optional.empty();
  }

  /**
   * Runs {@code file} on the cluster of {@code cluster}; any option of {@code command} only a local
   * run takes is refused.
   *
   * @param outputDir where to write the files, given the run's or suite's name
   * @param format whether to print the result document on {@code out}
   * @return the exit code
   */
  private static int run(
      CommandLine.Model.CommandSpec command,
      Path file,
      ClusterOptions cluster,
      Function<String, Path> outputDir,
      OutputFormatOption format,
      PrintWriter out,
      PrintWriter err) {
    List<String> localOnly = localOnlyOptions(command);
    if (!localOnly.isEmpty()) {
      err.println(
          "streamgauge: "
              + String.join(", ", localOnly)
              + ": only with --local (on a cluster, the spec says it)");
      return ExitCodes.INVALID;
    }
    PrintWriter said = format.said(out, err);
    ClusterWait.Named target;
    GenericKubernetesResource resource;
    try {
      List<JsonNode> documents = ResourceFile.documents(file);
      if (documents.size() != 1) {
        err.println(
            "streamgauge: "
                + file
                + " holds "
                + documents.size()
                + " documents: run takes one BenchmarkRun or BenchmarkSuite (kubectl apply -f"
                + " takes several)");
        return ExitCodes.INVALID;
      }
      JsonNode document = documents.get(0);
      target = checked(document);
      resource = SERIALIZATION.convertValue(document, GenericKubernetesResource.class);
    } catch (InvalidSpecException e) {
      e.problems().forEach(p -> err.println("streamgauge: " + file + ": " + p));
      return ExitCodes.INVALID;
    }
    try (KubernetesClient client = cluster.connect()) {
      String namespace =
          cluster.namespace != null || resource.getMetadata().getNamespace() == null
              ? cluster.namespace(client)
              : resource.getMetadata().getNamespace();
      resource.getMetadata().setNamespace(namespace);
      String who = target.kind().kindName() + " " + namespace + "/" + target.name();
      try {
        client.resource(resource).create();
      } catch (KubernetesClientException e) {
        if (e.getCode() == HttpURLConnection.HTTP_CONFLICT) {
          err.println(
              "streamgauge: "
                  + who
                  + " exists: a spec cannot change, so delete it (kubectl delete "
                  + target.kind().kindName().toLowerCase(Locale.ROOT)
                  + " "
                  + target.name()
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
          ClusterWaiter.await(client, namespace, target, WAIT_AT_MOST, said, err);
      if (waited.ended().isEmpty()) {
        return waited.exitCode();
      }
      int written =
          FetchedRun.fetch(
              client,
              namespace,
              target,
              outputDir.apply(target.name()),
              new FetchedRun.Output(format, out, said, err));
      return written != ExitCodes.SUCCESS && waited.exitCode() == ExitCodes.SUCCESS
          ? written
          : waited.exitCode();
    } catch (KubernetesClientException e) {
      err.println("streamgauge: cannot reach the cluster: " + firstLine(e));
      return ExitCodes.ENVIRONMENT;
    }
  }

  /** The options given to {@code command} that only a local run takes. */
  private static List<String> localOnlyOptions(CommandLine.Model.CommandSpec command) {
    List<String> clusterRun = List.of("--output-dir", "--output", "--context", "--namespace");
    return command.commandLine().getParseResult().matchedOptions().stream()
        .map(CommandLine.Model.OptionSpec::longestName)
        .filter(name -> !clusterRun.contains(name))
        .distinct()
        .toList();
  }

  /**
   * The kind and name of {@code document}, checked as {@code validate} checks it: a run or a suite
   * the operator would refuse is refused before anything is created.
   *
   * @throws InvalidSpecException with every problem, each naming its field
   */
  private static ClusterWait.Named checked(JsonNode document) throws InvalidSpecException {
    if ("BenchmarkSuite".equals(document.path("kind").asText())) {
      SuiteFile suite = SuiteFile.of(document);
      List<String> problems =
          SuiteValidator.clusterProblems(suite.spec(), SuitePlan.of(suite.name(), suite.spec()));
      if (!problems.isEmpty()) {
        throw new InvalidSpecException(problems);
      }
      return new ClusterWait.Named(ClusterWait.Kind.SUITE, suite.name());
    }
    SpecFile spec = SpecFile.of(document);
    List<String> problems = SpecValidator.clusterProblems(new SpecDefaulter().apply(spec.spec()));
    if (!problems.isEmpty()) {
      throw new InvalidSpecException(problems); // the operator would refuse it at Pending
    }
    return new ClusterWait.Named(ClusterWait.Kind.RUN, spec.name());
  }

  private static String firstLine(Exception e) {
    return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
  }
}
