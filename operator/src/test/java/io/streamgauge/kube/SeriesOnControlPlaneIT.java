package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.ComparisonStatus;
import io.streamgauge.api.suite.status.SuitePhase;
import io.streamgauge.capacity.CapacityMachine;
import io.streamgauge.capacity.SearchSettings;
import io.streamgauge.capacity.SearchStep;
import io.streamgauge.chart.ArgoCdHealth;
import io.streamgauge.chart.FluxHealth;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.testing.CapacitySearchReplay;
import io.streamgauge.testing.KwokRunHarness;
import io.streamgauge.testing.TestRuns;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Series of runs through the real operator on the real control plane ({@link KwokRunHarness}): a
 * BenchmarkSuite of 2 × 2 cells runs its BenchmarkRuns one at a time in the interleaved order,
 * compares each variant with the baseline and judges its gate; a run with repetitions runs them one
 * at a time and summarises them; runs with a gate wait for their baseline and are judged against
 * it. Runs marked slow read records stamped {@value KwokRunHarness#SLOW_MS} ms early, so their
 * latency is really that much worse.
 *
 * <p>It runs on a control plane of its own, beside the classes on the shared one: its operator
 * watches every namespace, and would otherwise drive their runs too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Execution(ExecutionMode.CONCURRENT)
class SeriesOnControlPlaneIT {

  private static final String NS = "series-it";

  private KwokRunHarness harness;
  private KubernetesClient client;
  private TestControlPlane plane;

  @BeforeAll
  void start() throws Exception {
    plane = ControlPlaneExtension.startWithCrds();
    harness = KwokRunHarness.start(plane, NS, "none");
    client = harness.client();
  }

  @AfterAll
  void stop() throws Exception {
    if (harness != null) {
      harness.close();
    }
    if (plane != null) {
      plane.close();
    }
  }

  @Test
  void aSuiteOfTwoByTwoCellsRunsOneAtATimeThenComparesAndGates() {
    // The order: exactly-once a, b; at-least-once a, b. b under exactly-once is slower.
    harness.markSlow("grid-2");
    client
        .resource(
            client
                .getKubernetesSerialization()
                .unmarshal(
                    """
                    apiVersion: streamgauge.io/v1alpha1
                    kind: BenchmarkSuite
                    metadata: {name: grid, namespace: %s}
                    spec:
                      template:
                    %s
                      matrix:
                        variants:
                          - name: a
                          - name: b
                            config: {commit.interval.ms: "400"}
                        processingGuarantees: [exactly_once_v2, at_least_once]
                      baseline: a
                      gate:
                        rules: ["latency.p50<=100%%"]
                    """
                        .formatted(NS, runSpec().indent(4)),
                    BenchmarkSuite.class))
        .create();

    int mostAtOnce = 0;
    Instant deadline = Instant.now().plus(Duration.ofMinutes(5));
    while (suiteStatus("grid").getPhase() != SuitePhase.Succeeded) {
      assertThat(Instant.now()).as("the suite ends within 5 minutes").isBefore(deadline);
      assertThat(suiteStatus("grid").getPhase()).isNotEqualTo(SuitePhase.Failed);
      long running =
          client
              .resources(BenchmarkRun.class)
              .inNamespace(NS)
              .withLabel(Labels.SUITE, "grid")
              .list()
              .getItems()
              .stream()
              .filter(r -> r.getStatus() == null || !terminal(r.getStatus().getPhase()))
              .count();
      mostAtOnce = Math.max(mostAtOnce, (int) running);
      sleep(Duration.ofMillis(250));
    }

    assertThat(mostAtOnce).as("runs never overlap").isEqualTo(1);
    BenchmarkSuiteStatus status = suiteStatus("grid");
    assertThat(status.getCompleted()).isEqualTo("4/4");
    assertThat(status.getRuns())
        .extracting(r -> r.getName() + " " + r.getCell() + " " + r.getValid())
        .containsExactly(
            "grid-1 a/wordcount/exactly_once_v2/x1 true",
            "grid-2 b/wordcount/exactly_once_v2/x1 true",
            "grid-3 a/wordcount/at_least_once/x1 true",
            "grid-4 b/wordcount/at_least_once/x1 true");
    List<ChildRunStatus> runs = status.getRuns();
    for (int i = 1; i < runs.size(); i++) {
      assertThat(Instant.parse(runs.get(i).getStartedAt()))
          .as("%s starts once %s ended", runs.get(i).getName(), runs.get(i - 1).getName())
          .isAfterOrEqualTo(Instant.parse(runs.get(i - 1).getFinishedAt()));
    }
    BenchmarkRun b = client.resources(BenchmarkRun.class).inNamespace(NS).withName("grid-2").get();
    assertThat(b.getSpec().getApp().getConfig()).containsEntry("commit.interval.ms", "400");
    assertThat(b.getMetadata().getAnnotations())
        .containsEntry(Labels.CELL, "b/wordcount/exactly_once_v2/x1");
    assertThat(b.getMetadata().getOwnerReferences())
        .singleElement()
        .satisfies(
            o -> {
              assertThat(o.getKind()).isEqualTo("BenchmarkSuite");
              assertThat(o.getName()).isEqualTo("grid");
            });

    assertThat(status.getCells()).hasSize(4);
    assertThat(status.getComparisons())
        .extracting(ComparisonStatus::getCandidate)
        .containsExactly("b/wordcount/exactly_once_v2/x1", "b/wordcount/at_least_once/x1");
    double p50a = medianP50(status, "a/wordcount/exactly_once_v2/x1");
    double p50b = medianP50(status, "b/wordcount/exactly_once_v2/x1");
    // Each of the slow run's records is stamped 50 ms early, so its p50 is 50 ms plus what the
    // machine adds; what the machine adds, this run measured: the fast run's own p50. Two runs of
    // one kind here differ by no more than that (it moves with the hour, and so would a fixed
    // margin).
    assertThat(p50b)
        .as("no record stamped 50 ms early reads under 50 ms")
        .isGreaterThanOrEqualTo(KwokRunHarness.SLOW_MS);
    assertThat(p50b - p50a)
        .as("the slow run's records are stamped 50 ms early; the fast run's p50 is %s ms", p50a)
        .isCloseTo(KwokRunHarness.SLOW_MS, within(Math.max(p50a, 10.0)));
    assertThat(status.getGate().getRules())
        .extracting(r -> r.getCandidate() + " " + r.getPassed())
        .containsExactly(
            "b/wordcount/exactly_once_v2/x1 false", "b/wordcount/at_least_once/x1 true");
    assertThat(condition(status.getConditions(), "Gate").getStatus()).isEqualTo("False");
    assertThat(condition(status.getConditions(), "Ready").getMessage())
        .isEqualTo("4 runs: 4 valid, 0 invalid, 0 failed");
    assertThat(condition(status.getConditions(), "Valid").getStatus()).isEqualTo("True");
    assertThat(condition(status.getConditions(), "Ended").getStatus()).isEqualTo("True");
    assertThat(argoCdHealth(BenchmarkSuite.class, ArgoCdHealth.SUITE, "grid"))
        .as("a failed gate is never Healthy")
        .extracting(ArgoCdHealth.Health::status)
        .isEqualTo("Degraded");
    assertThat(FluxHealth.of(document(BenchmarkSuite.class, "grid"))).isEqualTo("Failed");
    ConfigMap results = client.configMaps().inNamespace(NS).withName("grid-results").get();
    assertThat(results.getData().get("suite.md"))
        .contains("# Suite `grid`")
        .contains("## Gate: FAILED");
    assertThat(results.getData().get("suite.json")).contains("\"kind\" : \"SuiteResult\"");

    CommandResult get = plane.kubectl("get", "benchmarksuite", "grid", "-n", NS);
    assertThat(get.stdout()).contains("Succeeded").contains("4/4").contains("False");
  }

  @Test
  void aRunRepeatsOneAtATimeAndGatedRunsAreJudgedAgainstIt() {
    harness.markSlow("slower");
    create("reps", "repetitions: 2\n");
    String gate = "gate: {baseline: reps, rules: [\"latency.p50<=100%\"]}\n";
    create("slower", gate);
    create("same", gate);

    Set<String> slowerGateReasons = new TreeSet<>();
    Set<String> endedBeforeItsGate = new TreeSet<>();
    Awaitility.await()
        .atMost(Duration.ofMinutes(4))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              BenchmarkRunStatus slower = runStatus("slower");
              slower.getConditions().stream()
                  .filter(c -> c.getType().equals("Gate"))
                  .forEach(c -> slowerGateReasons.add(c.getReason()));
              slower.getConditions().stream()
                  .filter(c -> c.getType().equals("Ended") && c.getStatus().equals("True"))
                  .filter(c -> slower.getGate() == null)
                  .forEach(c -> endedBeforeItsGate.add(c.getLastTransitionTime()));
              return slower.getGate() != null && runStatus("same").getGate() != null;
            });

    BenchmarkRunStatus reps = runStatus("reps");
    assertThat(reps.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsExactly(Phase.Pending, Phase.Repeating, Phase.Succeeded);
    assertThat(reps.getRepetitions().getCompleted()).isEqualTo("2/2");
    assertThat(reps.getRepetitions().getRuns())
        .extracting(ChildRunStatus::getName)
        .containsExactly("reps-1", "reps-2");
    assertThat(Instant.parse(reps.getRepetitions().getRuns().get(1).getStartedAt()))
        .isAfterOrEqualTo(Instant.parse(reps.getRepetitions().getRuns().get(0).getFinishedAt()));
    assertThat(reps.getRepetitions().getFigures())
        .anySatisfy(
            f -> {
              assertThat(f.getFigure()).isEqualTo("latency.p50");
              assertThat(f.getRuns()).isEqualTo(2);
            });
    assertThat(condition(reps.getConditions(), "Valid").getStatus()).isEqualTo("True");
    BenchmarkRun second =
        client.resources(BenchmarkRun.class).inNamespace(NS).withName("reps-2").get();
    assertThat(second.getMetadata().getLabels()).containsEntry(Labels.REPETITION_OF, "reps");
    assertThat(second.getSpec().getRepetitions()).as("a repetition does not repeat").isNull();

    assertThat(slowerGateReasons)
        .as("it waited for its baseline before judging")
        .contains("WaitingForBaseline", "Failed");
    assertThat(condition(runStatus("slower").getConditions(), "Gate").getMessage())
        .startsWith("against reps: latency.p50<=100% (");
    assertThat(condition(runStatus("same").getConditions(), "Gate").getStatus())
        .as(runStatus("same").getGate().getRules().toString())
        .isEqualTo("True");
    CommandResult wait =
        plane.kubectl(
            "wait", "--for=condition=Gate=False", "benchmarkrun/slower", "-n", NS, "--timeout=5s");
    assertThat(wait.succeeded()).as(wait.stderr()).isTrue();
    assertThat(endedBeforeItsGate)
        .as("Ended turns True only with the gate's verdict written: a pipeline reads it next")
        .isEmpty();
    CommandResult ended =
        plane.kubectl(
            "wait", "--for=condition=Ended", "benchmarkrun/slower", "-n", NS, "--timeout=5s");
    assertThat(ended.succeeded()).as(ended.stderr()).isTrue();
    assertThat(argoCdHealth(BenchmarkRun.class, ArgoCdHealth.RUN, "slower").message())
        .startsWith("Succeeded, but gate failed: Failed: against reps: latency.p50<=100% (");
    assertThat(argoCdHealth(BenchmarkRun.class, ArgoCdHealth.RUN, "same").status())
        .isEqualTo("Healthy");
    assertThat(FluxHealth.of(document(BenchmarkRun.class, "slower"))).isEqualTo("Failed");
    assertThat(FluxHealth.of(document(BenchmarkRun.class, "same"))).isEqualTo("Current");
  }

  @Test
  void aCapacitySearchProbesOneRunAtATimeAndRecordsTheCeiling() {
    harness.markSlow("caps-p2");
    create(
        "caps",
        "capacity: {latencyP99MaxMs: 40, startRatePerSecond: 100, resolution: 0.5,"
            + " confirmations: 1, maxProbes: 4}\n",
        // 10 s: EOS commits (100 ms) scraped every second need 9.7 s to judge the lag trend; kwok
        // runs no app, so each probe's catch-up waits out its 3 s and says so.
        runSpec().replace("measurement: 6s", "catchUp: 3s, measurement: 10s"));

    Awaitility.await()
        .atMost(Duration.ofMinutes(4))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> terminal(runStatus("caps").getPhase()));

    BenchmarkRunStatus caps = runStatus("caps");
    assertThat(caps.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsExactly(Phase.Pending, Phase.Searching, Phase.Succeeded);
    List<CapacityProbeStatus> probes = caps.getCapacity().getProbes();
    assertThat(probes)
        .as(probes.stream().map(CapacitySearchReplay::describe).toList().toString())
        .hasSizeGreaterThan(1);
    // The verdicts depend on this machine's latency (caps-p2 reads records stamped 50 ms early,
    // so it most likely fails): the search must have chosen every rate as its rules say from the
    // verdicts before it, and report the interval they give.
    SearchStep.Done done =
        CapacitySearchReplay.assertFollowsTheSearch(
            "caps", new SearchSettings(100, 0.5, 1, 4, null, null, 10), caps.getCapacity());
    assertThat(condition(caps.getConditions(), "Valid").getStatus())
        .isEqualTo(CapacityMachine.resolved(done.outcome()) ? "True" : "False");
    BenchmarkRun second =
        client.resources(BenchmarkRun.class).inNamespace(NS).withName("caps-p2").get();
    assertThat(second.getMetadata().getLabels()).containsEntry(Labels.REPETITION_OF, "caps");
    assertThat(second.getSpec().getCapacity()).as("a probe does not search").isNull();
    assertThat(second.getSpec().getLoad().getTopics().get(0).getRatePerSecond())
        .isEqualTo(probes.get(1).getRatePerSecond());
    assertThat(second.getSpec().getApp().getResources().getLimits().get("cpu").toString())
        .isEqualTo("250m");
  }

  /** A small wordcount run on the test's broker as a shared Kafka, windows of a few seconds. */
  private String runSpec() {
    return """
        scenario: wordcount
        processingGuarantee: exactly_once_v2
        kafka: {external: {bootstrapServers: "%s"}}
        app:
          image: example.invalid/streams-app:1
          resources: {limits: {cpu: 250m, memory: 512Mi}}
        schedule: {warmup: 3s, measurement: 6s, timeout: 2m}
        prometheus: {url: "%s", scrapeInterval: 1s, cadvisorScrapeInterval: 1s, resolution: 1s}
        checks: {minLatencySamples: 100}
        """
        .formatted(harness.broker().bootstrapServers(), harness.prometheus().url());
  }

  private void create(String name, String extraSpec) {
    create(name, extraSpec, runSpec());
  }

  private void create(String name, String extraSpec, String runSpec) {
    TestRuns.create(client, NS, name, runSpec + extraSpec);
  }

  private static double medianP50(BenchmarkSuiteStatus status, String cell) {
    return status.getCells().stream()
        .filter(c -> c.getName().equals(cell))
        .flatMap(c -> c.getFigures().stream())
        .filter(f -> f.getFigure().equals("latency.p50"))
        .findFirst()
        .orElseThrow()
        .getMedian();
  }

  private BenchmarkSuiteStatus suiteStatus(String name) {
    BenchmarkSuite suite =
        client.resources(BenchmarkSuite.class).inNamespace(NS).withName(name).get();
    return suite == null || suite.getStatus() == null
        ? new BenchmarkSuiteStatus()
        : suite.getStatus();
  }

  private BenchmarkRunStatus runStatus(String name) {
    BenchmarkRun run = client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).get();
    return run == null || run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
  }

  /** What the chart's Argo CD health check says of a resource as the API server returns it. */
  private ArgoCdHealth.Health argoCdHealth(
      Class<? extends HasMetadata> kind, String script, String name) {
    return ArgoCdHealth.of(script, document(kind, name));
  }

  /** The resource as the API server returns it. */
  private JsonNode document(Class<? extends HasMetadata> kind, String name) {
    HasMetadata resource = client.resources(kind).inNamespace(NS).withName(name).get();
    return client.getKubernetesSerialization().convertValue(resource, JsonNode.class);
  }

  private static Condition condition(List<Condition> conditions, String type) {
    return conditions.stream()
        .filter(c -> c.getType().equals(type))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + type + " condition in " + conditions));
  }

  private static boolean terminal(Phase phase) {
    return phase == Phase.Succeeded || phase == Phase.Failed;
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
