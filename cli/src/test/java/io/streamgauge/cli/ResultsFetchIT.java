package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.FigureSpread;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.status.RepetitionsStatus;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.SuitePhase;
import io.streamgauge.compare.ResultFileReader;
import io.streamgauge.platform.kubernetes.ResultsConfigMap;
import io.streamgauge.suite.SuiteResults;
import io.streamgauge.testing.FinishedRuns;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.SharesTheMachine;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code streamgauge results fetch} against a real API server: finished BenchmarkRuns with the
 * results ConfigMap the operator's own {@link ResultsConfigMap} builds (plain and, above 512 KiB,
 * gzip-compressed), fetched by the distribution with a kubeconfig into the document a local run
 * writes, valid against its schema, with report.md; then compared. Unfinished or missing runs exit
 * 2 with one line.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@SharesTheMachine
class ResultsFetchIT {

  private static final String NAMESPACE = "fetch-it";
  private static final Duration LIMIT = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  @TempDir Path dir;
  private TestControlPlane plane;
  private KubernetesClient client;
  private Path kubeconfig;

  /**
   * A control plane of this class's own, stopped when it ends: the shared one of {@link
   * io.streamgauge.testing.controlplane.ControlPlaneExtension} would stay up through the local E2E
   * tests after it, whose runs share two cores and are judged by a 5 ms publish-delay check (with
   * it running beside them, three of them failed in one make test).
   */
  @BeforeAll
  void startControlPlane() {
    plane = TestControlPlane.start();
    plane.installCrds(RepoFiles.yamlFiles(RepoFiles.crdsDir()));
    client = plane.client();
    kubeconfig = plane.kubeconfig();
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .serverSideApply();
  }

  @AfterAll
  void stopControlPlane() {
    if (plane != null) {
      plane.close();
    }
  }

  @Test
  void aFinishedRunIsWrittenAsTheDocumentALocalRunWrites() throws Exception {
    ObjectNode document = finishedRun("fetched", 120.0, "");

    CliProcess cli = fetch("fetched", dir.resolve("fetched"));

    assertThat(cli.exitCode()).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(cli.stdout()).contains("Wrote " + dir.resolve("fetched/result.json"));
    JsonNode result = ResultJson.readValid(dir.resolve("fetched"));
    assertThat(result.path("kind").asText()).isEqualTo("BenchmarkResult");
    assertThat(result.path("run").path("mode").asText()).isEqualTo("kubernetes");
    assertThat(result.path("run").path("outcome").asText()).isEqualTo("succeeded");
    assertThat(result.path("metadata").path("namespace").asText()).isEqualTo(NAMESPACE);
    assertThat(result.path("spec").path("scenario").asText()).isEqualTo("wordcount");
    assertThat(result.path("spec").path("prometheus").path("resolution").asText())
        .as("the spec as the operator resolved it, defaults applied")
        .isNotEmpty();
    assertThat(result.path("spec")).isEqualTo(document.path("spec"));
    assertThat(result.path("status").has("resolvedSpec"))
        .as("the status' resolved spec is the document's spec, not written twice")
        .isFalse();
    assertThat(result.path("status").path("summary").path("latency").path("p99Ms").asDouble())
        .isEqualTo(120.0);
    assertThat(result.path("result")).isEqualTo(document);
    assertThat(Files.readString(dir.resolve("fetched/report.md")))
        .contains("# " + NAMESPACE + "/fetched — Succeeded (succeeded)")
        .contains("| True E2E P99 (ms)")
        .contains("## Checks")
        .contains("## Timeline");
  }

  @Test
  void outputFormatPrintsTheDocumentTheFileHoldsAndWritesNoFilesUnlessAskedTo() throws Exception {
    finishedRun("printed", 125.0, "");
    CliProcess written = fetch("printed", dir.resolve("printed"));
    assertThat(written.exitCode()).as(written.stderr()).isEqualTo(ExitCodes.SUCCESS);
    JsonNode file = ResultJson.readValid(dir.resolve("printed"));

    CliProcess json = fetchWith("printed", "-o", "json");
    assertThat(json.exitCode()).as(json.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(JSON.readTree(json.stdout())).isEqualTo(file);
    assertThat(Path.of("printed"))
        .as("without -d, -o prints instead of writing ./RUN, as kubectl get -o does")
        .doesNotExist();

    Path both = dir.resolve("both");
    CliProcess yaml = fetchWith("printed", "--output=yaml", "-d", both.toString());
    assertThat(yaml.exitCode()).as(yaml.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(new ObjectMapper(new YAMLFactory()).readTree(yaml.stdout())).isEqualTo(file);
    assertThat(yaml.stderr()).contains("Wrote " + both.resolve("result.json"));
    assertThat(ResultJson.readValid(both)).isEqualTo(file);

    CliProcess old = fetchWith("printed", "-o", dir.resolve("old").toString());
    assertThat(old.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(old.stderr().lines().findFirst().orElse(""))
        .isEqualTo(
            "streamgauge: Invalid value for option '--output': '"
                + dir.resolve("old")
                + "' is not an output format: -o takes json or yaml; the output directory is -d"
                + " (--output-dir) DIR");
    assertThat(dir.resolve("old")).doesNotExist();
  }

  @Test
  void aRepeatedRunIsFetchedWholeInTheLayoutOfLocalRepetitions() throws Exception {
    finishedRun("rep-1", 100.0, "");
    finishedRun("rep-2", 110.0, "");
    finishedRun("rep-3", 130.0, "");
    BenchmarkRun parent = createRun("rep");
    parent.getStatus().setPhase(Phase.Succeeded);
    RepetitionsStatus repetitions = new RepetitionsStatus();
    for (int i = 1; i <= 4; i++) {
      repetitions.getRuns().add(child("rep-" + i, null, i, i < 4));
    }
    // The summary as the operator stored it: read back, not computed again from the repetitions'
    // documents (whose p99s, 100, 110 and 130, have the median 110).
    FigureSpread p99 = new FigureSpread();
    p99.setFigure("latency.p99");
    p99.setMedian(111.0);
    p99.setMin(100.0);
    p99.setMax(130.0);
    p99.setCv(0.13);
    p99.setRuns(3);
    repetitions.setFigures(List.of(p99));
    parent.getStatus().setRepetitions(repetitions);
    client.resource(parent).updateStatus();

    CliProcess cli = fetch("rep", dir.resolve("rep"));

    assertThat(cli.exitCode()).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(ResultJson.readValid(dir.resolve("rep/2")).at("/metadata/name").asText())
        .isEqualTo("rep-2");
    assertThat(dir.resolve("rep/4")).as("a repetition that never started").doesNotExist();
    assertThat(dir.resolve("rep/result.json"))
        .as("none of the parent's own: the directory reads as its repetitions")
        .doesNotExist();
    assertThat(ResultFileReader.read(dir.resolve("rep"))).hasSize(3);
    JsonNode summary = JSON.readTree(dir.resolve("rep/repetitions.json").toFile());
    assertThat(summary.at("/figures/latency.p99/median").asDouble()).isEqualTo(111.0);
    assertThat(summary.at("/figures/latency.p99/runs").asInt()).isEqualTo(3);
    assertThat(summary.at("/runs").toString()).isEqualTo("[\"rep-1\",\"rep-2\",\"rep-3\"]");
    assertThat(Files.readString(dir.resolve("rep/repetitions.md"))).contains("111");
    assertThat(cli.stdout()).contains("Wrote " + dir.resolve("rep/repetitions.md"));

    CliProcess printed = fetchWith("rep", "-o", "json");
    assertThat(JSON.readTree(printed.stdout())).isEqualTo(summary);

    BenchmarkRun unsummarised = createRun("nosum");
    unsummarised.getStatus().setPhase(Phase.Failed);
    RepetitionsStatus none = new RepetitionsStatus();
    none.getRuns().add(child("rep-1", null, 1, true));
    unsummarised.getStatus().setRepetitions(none);
    client.resource(unsummarised).updateStatus();
    CliProcess nothing = fetch("nosum", dir.resolve("nosum"));
    assertThat(nothing.exitCode()).as(nothing.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(nothing.stdout())
        .contains("BenchmarkRun " + NAMESPACE + "/nosum stored no summary of its repetitions");
    assertThat(dir.resolve("nosum/repetitions.json"))
        .as("nothing made up where the operator stored no summary")
        .doesNotExist();
  }

  @Test
  void aSuiteRunsOnTheClusterFromTheCliAndIsFetchedWholeInTheLayoutOfALocalSuite()
      throws Exception {
    Path file = dir.resolve("suite.yaml");
    Files.writeString(
        file,
        Files.readString(CliProcess.repoFile("examples/suite-commit-interval.yaml"))
            .replaceFirst("(?m)^  name: .*$", "  name: cis"));

    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-suite"),
            List.of("suite", file.toString(), "-n", NAMESPACE, "-d", dir.resolve("cis").toString()),
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      cli.awaitOutput("Created BenchmarkSuite " + NAMESPACE + "/cis", LIMIT);
      BenchmarkSuite suite =
          client.resources(BenchmarkSuite.class).inNamespace(NAMESPACE).withName("cis").get();
      finishedRun("cis-a", 100.0, "");
      finishedRun("cis-b", 140.0, "");
      BenchmarkSuiteStatus status = new BenchmarkSuiteStatus();
      status.setPhase(SuitePhase.Succeeded);
      status.setRuns(
          List.of(
              child("cis-a", "commit-100ms/stateless-simple/exactly_once_v2/x1", 1, true),
              child("cis-b", "commit-400ms/stateless-simple/exactly_once_v2/x1", 1, true),
              child("cis-c", "commit-100ms/stateless-simple/at_least_once/x1", 1, false)));
      ConfigMap results =
          new ConfigMapBuilder()
              .withNewMetadata()
              .withName("cis-results")
              .withNamespace(NAMESPACE)
              .endMetadata()
              .withData(
                  Map.of(
                      SuiteResults.MARKDOWN_FILE,
                      "# Suite cis\n",
                      SuiteResults.JSON_FILE,
                      "{\"kind\": \"SuiteResults\"}"))
              .build();
      client.resource(results).create();
      ResultRef ref = new ResultRef();
      ref.setConfigMap("cis-results");
      ref.setKey(SuiteResults.MARKDOWN_FILE);
      status.setResultRef(ref);
      status.setConditions(
          List.of(
              condition("Ended", "True", "Completed", "3 runs"),
              condition("Valid", "True", "AllRunsValid", "every run valid")));
      suite.setStatus(status);
      client.resource(suite).updateStatus();
      cli.awaitExit(LIMIT);

      assertThat(cli.exitCode()).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
      assertThat(
              ResultJson.readValid(
                      dir.resolve("cis/commit-100ms.stateless-simple.exactly_once_v2.x1/1"))
                  .at("/metadata/name")
                  .asText())
          .isEqualTo("cis-a");
      assertThat(
              ResultJson.readValid(
                  dir.resolve("cis/commit-400ms.stateless-simple.exactly_once_v2.x1/1")))
          .isNotNull();
      assertThat(dir.resolve("cis/commit-100ms.stateless-simple.at_least_once.x1")).doesNotExist();
      assertThat(Files.readString(dir.resolve("cis/suite.md"))).isEqualTo("# Suite cis\n");
      assertThat(JSON.readTree(dir.resolve("cis/suite.json").toFile()).path("kind").asText())
          .isEqualTo("SuiteResults");
    }

    CliProcess fetched = fetchWith("benchmarksuite/cis", "-d", dir.resolve("again").toString());
    assertThat(fetched.exitCode()).as(fetched.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(dir.resolve("again/commit-400ms.stateless-simple.exactly_once_v2.x1/1/result.json"))
        .exists();
    assertThat(dir.resolve("again/suite.json")).exists();
  }

  @Test
  void aLargeDocumentStoredCompressedIsFetchedWhole() throws Exception {
    ObjectNode document = finishedRun("compressed", 130.0, "x".repeat(600 * 1024));
    ConfigMap stored =
        client.configMaps().inNamespace(NAMESPACE).withName("compressed-results").get();
    assertThat(stored.getBinaryData()).containsKey(ResultsConfigMap.GZIP_KEY);

    CliProcess cli = fetch("compressed", dir.resolve("compressed"));

    assertThat(cli.exitCode()).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(ResultJson.readValid(dir.resolve("compressed")).path("result")).isEqualTo(document);
  }

  @Test
  void fetchedRunsCompareLikeLocalOnes() throws Exception {
    finishedRun("baseline", 200.0, "");
    finishedRun("candidate", 150.0, "");
    assertThat(fetch("baseline", dir.resolve("b")).exitCode()).isZero();
    assertThat(fetch("candidate", dir.resolve("c")).exitCode()).isZero();

    CliProcess compare =
        CliProcess.run(
            dir.resolve("compare"),
            LIMIT,
            "compare",
            dir.resolve("b").toString(),
            dir.resolve("c").toString());

    assertThat(compare.exitCode()).as(compare.stderr()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(compare.stdout())
        .contains("| True E2E p99 (ms) | 200.0 | 150.0 | -25.0% | – | 2.0% | candidate wins |")
        .contains("Indicative only");
  }

  /**
   * On macOS or Windows the command's cluster uses need a JVM and nothing else: fetched and
   * compared with no PATH at all (no shell tool to lean on). That local mode refuses such a machine
   * in one line is {@code LocalModeHostTest}'s (a JVM told another os.name breaks its own
   * networking).
   */
  @Test
  void theClusterCommandsNeedOnlyAJvm() throws Exception {
    finishedRun("portable", 180.0, "");

    Bare fetched = bare("results", "fetch", "portable", "-n", NAMESPACE, "-d", "a");
    bare("results", "fetch", "portable", "-n", NAMESPACE, "-d", "b");
    Bare compared = bare("compare", "a", "b");

    assertThat(fetched.exit()).as(fetched.output()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(compared.exit()).as(compared.output()).isEqualTo(ExitCodes.SUCCESS);
    assertThat(compared.output()).contains("True E2E p99 (ms)");
  }

  private record Bare(int exit, String output) {}

  /**
   * The command run as its launcher runs it, by this JVM's java with an empty environment but for
   * the kubeconfig and HOME.
   */
  private Bare bare(String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                "-Dstreamgauge.home=" + CliProcess.distribution(),
                "-cp",
                CliProcess.distribution().resolve("lib") + "/*",
                "io.streamgauge.cli.Main"));
    command.addAll(List.of(args));
    Path output = Files.createTempFile(dir, "bare", ".out");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile());
    builder.environment().clear();
    builder.environment().put("KUBECONFIG", kubeconfig.toString());
    builder.environment().put("HOME", dir.toString());
    Process process = builder.start();
    boolean ended = process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
    if (!ended) {
      process.destroyForcibly();
    }
    assertThat(ended).as(Files.readString(output)).isTrue();
    return new Bare(process.exitValue(), Files.readString(output));
  }

  @Test
  void anUnfinishedOrMissingRunIsOneLineAndExit2() throws Exception {
    BenchmarkRun run = createRun("running");
    run.getStatus().setPhase(Phase.Measuring);
    client.resource(run).updateStatus();

    CliProcess running = fetch("running", dir.resolve("running"));
    assertThat(running.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(running.stderr().strip())
        .isEqualTo(
            "streamgauge: BenchmarkRun "
                + NAMESPACE
                + "/running is Measuring: fetch it once it has Succeeded or Failed");
    assertThat(dir.resolve("running")).doesNotExist();

    CliProcess missing = fetch("nope", dir.resolve("nope"));
    assertThat(missing.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(missing.stderr().strip())
        .isEqualTo("streamgauge: no BenchmarkRun nope in namespace " + NAMESPACE);
  }

  @Test
  void runWithoutLocalCreatesTheRunSaysItsProgressAndExitsAsALocalRunWouldWhenItFails()
      throws Exception {
    Path file = dir.resolve("on-cluster.yaml");
    Files.writeString(
        file,
        Files.readString(CliProcess.repoFile("examples/run-wordcount-eos.yaml"))
            .replaceFirst("(?m)^  name: .*$", "  name: on-cluster"));

    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-on-cluster"),
            List.of("run", file.toString(), "-n", NAMESPACE, "-d", dir.resolve("out").toString()),
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      cli.awaitOutput("Created BenchmarkRun " + NAMESPACE + "/on-cluster", LIMIT);
      BenchmarkRun run = runNamed("on-cluster");
      assertThat(run.getSpec().getScenario().value()).isEqualTo("wordcount");
      setStatus("on-cluster", Phase.Measuring, "Measuring 1m10s/2m", List.of());
      cli.awaitOutput("on-cluster: Measuring 1m10s/2m", LIMIT);
      setStatus(
          "on-cluster",
          Phase.Failed,
          "Failed: AppFailed",
          List.of(
              condition("Ready", "False", "AppFailed", "Pod fetch-it/on-cluster-app: OOMKilled"),
              condition("Ended", "True", "AppFailed", "Pod fetch-it/on-cluster-app: OOMKilled")));
      cli.awaitExit(LIMIT);

      assertThat(cli.exitCode()).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.RUN_FAILED);
      assertThat(cli.stdout())
          .contains(
              "BenchmarkRun "
                  + NAMESPACE
                  + "/on-cluster ended: Failed, AppFailed: Pod fetch-it/on-cluster-app:"
                  + " OOMKilled")
          .contains("Wrote " + dir.resolve("out/result.json"));
      assertThat(ResultJson.readValid(dir.resolve("out")).path("run").path("outcome").asText())
          .isEqualTo("failed");
    }

    try (CliProcess exists =
        CliProcess.start(
            dir.resolve("cli-exists"),
            List.of("run", file.toString(), "-n", NAMESPACE),
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      exists.awaitExit(LIMIT);
      assertThat(exists.exitCode()).isEqualTo(ExitCodes.INVALID);
      assertThat(exists.stderr().strip())
          .startsWith("streamgauge: BenchmarkRun " + NAMESPACE + "/on-cluster exists");
    }
  }

  @Test
  void localOnlyOptionsWithoutLocalAreOneLineAndExit2() throws Exception {
    CliProcess cli =
        CliProcess.run(
            dir.resolve("cli-local-only"),
            LIMIT,
            "run",
            CliProcess.repoFile("examples/run-wordcount-eos.yaml").toString(),
            "--warmup",
            "10s",
            "--rate-scale",
            "0.5");

    assertThat(cli.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(cli.stderr().strip())
        .isEqualTo(
            "streamgauge: --warmup, --rate-scale: only with --local (on a cluster, the spec says"
                + " it)");
  }

  @Test
  void waitExitsWithTheCodeOfHowTheRunEndedAndSevenWhenItRunsOut() throws Exception {
    finishedRun("valid", 100.0, "");
    createRun("invalid");
    setStatus(
        "invalid",
        Phase.Succeeded,
        "Done",
        List.of(
            condition("Ended", "True", "Succeeded", "done"),
            condition("Valid", "False", "ChecksFailed", "producedRate 0.9 not >= 0.99")));
    createRun("regressed");
    setStatus(
        "regressed",
        Phase.Succeeded,
        "Done",
        List.of(
            condition("Ended", "True", "Succeeded", "done"),
            condition("Valid", "True", "ChecksPassed", "all passed"),
            condition("Gate", "False", "Failed", "against base: latency.p99<=5% (+27%)")));
    createRun("measuring");
    setStatus("measuring", Phase.Measuring, "Measuring 0s/2m", List.of());

    assertThat(streamgauge("wait", "valid").exitCode()).isEqualTo(ExitCodes.SUCCESS);
    CliProcess invalid = streamgauge("wait", "benchmarkrun/invalid");
    assertThat(invalid.exitCode()).isEqualTo(ExitCodes.INVALID_RUN);
    assertThat(invalid.stdout())
        .contains("ended: Succeeded, Valid False (ChecksFailed: producedRate 0.9 not >= 0.99)");
    assertThat(streamgauge("wait", "br/regressed").exitCode()).isEqualTo(ExitCodes.GATE_FAILED);
    CliProcess measuring = streamgauge("wait", "measuring", "--timeout", "3s");
    assertThat(measuring.exitCode()).isEqualTo(ExitCodes.WAIT_TIMED_OUT);
    assertThat(measuring.stdout()).contains("measuring: Measuring 0s/2m");
    assertThat(measuring.stderr().strip())
        .isEqualTo(
            "streamgauge: BenchmarkRun "
                + NAMESPACE
                + "/measuring has not ended after 3s; it goes on on the cluster");
    CommandResult plugin =
        plane.kubectlWithPlugins(
            CliProcess.distribution().resolve("bin"),
            "streamgauge",
            "wait",
            "benchmarkrun/invalid",
            "-n",
            NAMESPACE);
    assertThat(plugin.exitCode())
        .as("kubectl streamgauge, the CLI as a kubectl plugin: " + plugin.stderr())
        .isEqualTo(ExitCodes.INVALID_RUN);
    assertThat(plugin.stdout()).contains("ended: Succeeded, Valid False");
    CliProcess missing = streamgauge("wait", "nope");
    assertThat(missing.exitCode()).isEqualTo(ExitCodes.INVALID);
    assertThat(missing.stderr().strip())
        .isEqualTo("streamgauge: no BenchmarkRun nope in namespace " + NAMESPACE);
  }

  @Test
  void fetchWithWaitWaitsForTheRunThenWritesItsFiles() throws Exception {
    createRun("later");
    setStatus("later", Phase.Measuring, "Measuring 10s/2m", List.of());
    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-later"),
            List.of(
                "results",
                "fetch",
                "later",
                "--wait",
                "-n",
                NAMESPACE,
                "-d",
                dir.resolve("later").toString()),
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      cli.awaitOutput("later: Measuring 10s/2m", LIMIT);
      finish(runNamed("later"), 110.0, "");
      cli.awaitExit(LIMIT);

      assertThat(cli.exitCode()).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.SUCCESS);
      assertThat(ResultJson.readValid(dir.resolve("later")).path("run").path("outcome").asText())
          .isEqualTo("succeeded");
    }
  }

  private CliProcess streamgauge(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-n", NAMESPACE));
    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-" + String.join("-", args).replace('/', '_') + System.nanoTime()),
            all,
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      cli.awaitExit(LIMIT);
      return cli;
    }
  }

  private BenchmarkRun runNamed(String name) {
    return client.resources(BenchmarkRun.class).inNamespace(NAMESPACE).withName(name).get();
  }

  /** Writes the status the operator would: {@code phase}, a progress line and conditions. */
  private void setStatus(String name, Phase phase, String progress, List<Condition> conditions) {
    BenchmarkRun run = runNamed(name);
    BenchmarkRunStatus status =
        run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
    status.setPhase(phase);
    PhaseTransition entered = new PhaseTransition();
    entered.setPhase(phase);
    entered.setStartedAt(Instant.now().toString());
    status.getPhaseHistory().add(entered);
    status.setProgress(progress);
    status.setConditions(new ArrayList<>(conditions));
    run.setStatus(status);
    client.resource(run).updateStatus();
  }

  private static Condition condition(String type, String status, String reason, String message) {
    return new ConditionBuilder()
        .withType(type)
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withLastTransitionTime("2026-11-24T10:00:00Z")
        .build();
  }

  /** A run of a series as its parent records it; {@code started} false: it never ran. */
  private static ChildRunStatus child(String name, String cell, int repetition, boolean started) {
    ChildRunStatus child = new ChildRunStatus();
    child.setName(name);
    child.setCell(cell);
    child.setRepetition(repetition);
    if (started) {
      child.setStartedAt("2026-11-24T10:00:00Z");
      child.setPhase(Phase.Succeeded);
      child.setValid(true);
    }
    return child;
  }

  private CliProcess fetchWith(String name, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("results", "fetch", name, "-n", NAMESPACE));
    args.addAll(List.of(options));
    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-" + name + "-" + System.nanoTime()),
            args,
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      cli.awaitExit(LIMIT);
      return cli;
    }
  }

  private CliProcess fetch(String name, Path out) throws Exception {
    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-" + name + "-" + System.nanoTime()),
            List.of("results", "fetch", name, "-n", NAMESPACE, "-d", out.toString()),
            Map.of("KUBECONFIG", kubeconfig.toString()))) {
      cli.awaitExit(LIMIT);
      return cli;
    }
  }

  /**
   * A run of the wordcount example made Succeeded and valid with a summary, and its results
   * ConfigMap as the operator writes it; {@code padding} grows the document.
   */
  private ObjectNode finishedRun(String name, double p99, String padding) throws Exception {
    return finish(createRun(name), p99, padding);
  }

  /** {@link #finishedRun}'s status and ConfigMap, on a run that exists. */
  private ObjectNode finish(BenchmarkRun run, double p99, String padding) {
    return FinishedRuns.succeed(client, run, p99, padding);
  }

  private BenchmarkRun createRun(String name) throws Exception {
    BenchmarkRun run =
        SERIALIZATION.unmarshal(
            Files.readString(CliProcess.repoFile("examples/run-wordcount-eos.yaml")),
            BenchmarkRun.class);
    run.getMetadata().setName(name);
    run.getMetadata().setNamespace(NAMESPACE);
    BenchmarkRun created = client.resource(run).create();
    created.setStatus(new BenchmarkRunStatus());
    return created;
  }
}
