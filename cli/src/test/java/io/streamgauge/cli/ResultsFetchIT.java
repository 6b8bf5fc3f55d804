package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.platform.kubernetes.ResultsConfigMap;
import io.streamgauge.platform.kubernetes.RunOwner;
import io.streamgauge.results.ResultDocument;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  private CliProcess fetch(String name, Path out) throws Exception {
    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli-" + name + "-" + System.nanoTime()),
            List.of("results", "fetch", name, "-n", NAMESPACE, "-o", out.toString()),
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
    BenchmarkRun run = createRun(name);
    BenchmarkRunStatus status = run.getStatus();
    Instant start = Instant.parse("2026-11-24T10:00:00Z");
    List<PhaseTransition> history = new ArrayList<>();
    for (Phase phase : List.of(Phase.Pending, Phase.Measuring, Phase.Collecting, Phase.Succeeded)) {
      PhaseTransition t = new PhaseTransition();
      t.setPhase(phase);
      t.setStartedAt(start.plusSeconds(60L * history.size()).toString());
      history.add(t);
    }
    status.setPhase(Phase.Succeeded);
    status.setPhaseHistory(history);
    status.setMeasurementStartedAt(start.plusSeconds(60).toString());
    status.setMeasurementEndedAt(start.plusSeconds(120).toString());
    status.setConditions(
        List.of(
            new ConditionBuilder()
                .withType("Valid")
                .withStatus("True")
                .withReason("ChecksPassed")
                .withMessage("every check passed")
                .withLastTransitionTime(start.plusSeconds(180).toString())
                .build()));
    RunSummary summary = new RunSummary();
    LatencySummary latency = new LatencySummary();
    latency.setP50Ms(p99 / 2);
    latency.setP99Ms(p99);
    latency.setSamples(60_000L);
    latency.setNegativeSamples(0L);
    summary.setLatency(latency);
    summary.setCpuCores(1.25);
    CheckResult check = new CheckResult();
    check.setName("latencySamples");
    check.setValue(60_000.0);
    check.setThreshold(1000.0);
    check.setComparison(">=");
    check.setPassed(true);
    check.setDetail("records timed in the window");
    summary.setChecks(List.of(check));
    status.setSummary(summary);
    ObjectNode document =
        ResultDocument.build(
            new SpecDefaulter().apply(run.getSpec()),
            new MeasurementWindow(
                start.plusSeconds(60),
                start.plusSeconds(120),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5)),
            List.of(),
            summary,
            null);
    document.put("padding", padding);
    ConfigMap configMap =
        ResultsConfigMap.build(RunOwner.of(run), JSON.writeValueAsString(document), false);
    client.configMaps().inNamespace(NAMESPACE).resource(configMap).create();
    ResultRef ref = new ResultRef();
    ref.setConfigMap(configMap.getMetadata().getName());
    ref.setKey(ResultsConfigMap.keyOf(configMap));
    status.setResultRef(ref);
    client.resource(run).updateStatus();
    return JSON.readValue(JSON.writeValueAsString(document), ObjectNode.class);
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
