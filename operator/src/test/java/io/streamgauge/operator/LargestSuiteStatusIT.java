package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.SuitePhase;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.suite.FakeSeriesPlatform;
import io.streamgauge.suite.SuiteMachine;
import io.streamgauge.suite.SuitePlatform;
import io.streamgauge.suite.SuiteResults;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The largest suites the BenchmarkSuite CRD allows, run to their end by the suite machine (every
 * run succeeded with every figure, its checks failed, its GC collectors' names long), have their
 * status and their results ConfigMap stored by the real API server — an unbounded status would be
 * refused there (etcd keeps at most 1.5 MiB an object) and retried for ever.
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LargestSuiteStatusIT {

  private static final String NS = "largest-suite-it";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * What the status may take at most, well within etcd's 1.5 MiB for the whole object (spec and
   * metadata beside it).
   */
  private static final int STATUS_BUDGET_BYTES = 1024 * 1024;

  private KubernetesClient client;

  @BeforeAll
  void start(TestControlPlane plane) {
    client = plane.client();
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .serverSideApply();
  }

  /** 999 runs, the most the CRD allows: 3 variants × 3 scenarios × 3 rates × 37 repetitions. */
  @Test
  void theSuiteOfTheMostRunsIsStored() throws Exception {
    String spec =
        """
        repetitions: 37
        baseline: v1
        gate: {rules: [%s]}
        template:
          scenario: stateless-simple
          processingGuarantee: at_least_once
          app: {image: example.invalid/app:1}
          load: {producers: 2}
        matrix:
          variants: [{name: v1}, {name: v2}, {name: v3}]
          scenarios: [wordcount, stateless-simple, stateful-joins]
          rateScales: [1, 2, 3]
        """
            .formatted(rules());

    BenchmarkSuiteStatus status = runToTheEnd("most-runs", spec);

    assertThat(status.getRuns()).hasSize(999);
    assertThat(status.getCellCount()).isEqualTo(27);
  }

  /**
   * 640 cells, the most the CRD's lists allow (8 variants × 5 scenarios × 2 guarantees × 8 rates),
   * 560 comparisons with the baseline and 32 gate rules on each.
   */
  @Test
  void theSuiteOfTheMostCellsIsStored() throws Exception {
    String variants =
        IntStream.rangeClosed(1, 8)
            .mapToObj(i -> "{name: v" + i + "}")
            .collect(Collectors.joining(", ", "[", "]"));
    String spec =
        """
        repetitions: 1
        baseline: v1
        gate: {rules: [%s]}
        template:
          scenario: stateless-simple
          processingGuarantee: at_least_once
          app: {image: example.invalid/app:1}
        matrix:
          variants: %s
          scenarios: [wordcount, stateless-simple, stateless-advanced, stateful-joins, state-restoration]
          processingGuarantees: [at_least_once, exactly_once_v2]
          rateScales: [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5]
        """
            .formatted(rules(), variants);

    BenchmarkSuiteStatus status = runToTheEnd("most-cells", spec);

    assertThat(status.getCellCount()).isEqualTo(640);
    assertThat(status.getCells()).hasSize(BenchmarkSuiteStatus.MAX_TABLE_ENTRIES);
    assertThat(status.getComparisonCount()).isEqualTo(560);
    assertThat(status.getComparisons()).hasSize(BenchmarkSuiteStatus.MAX_TABLE_ENTRIES);
    assertThat(status.getGate().getRuleCount()).isEqualTo(560 * 32);
    assertThat(status.getGate().getRules()).hasSize(BenchmarkSuiteStatus.MAX_TABLE_ENTRIES);
  }

  /**
   * Creates suite {@code name}, runs it to its end through the suite machine (its runs stand-ins
   * that succeed at once) and stores its status and results on the API server.
   */
  private BenchmarkSuiteStatus runToTheEnd(String name, String specYaml) throws Exception {
    BenchmarkSuite suite =
        client
            .resource(
                client
                    .getKubernetesSerialization()
                    .unmarshal(
                        "apiVersion: streamgauge.io/v1alpha1\nkind: BenchmarkSuite\n"
                            + "metadata: {name: "
                            + name
                            + ", namespace: "
                            + NS
                            + "}\nspec:\n"
                            + specYaml.indent(2),
                        BenchmarkSuite.class))
            .create();
    FakeSeriesPlatform runs = new FakeSeriesPlatform();
    SuitePlatform platform = new StoringPlatform(runs, suite);
    BenchmarkSuiteStatus status = new BenchmarkSuiteStatus();
    Instant now = Instant.parse("2026-12-07T10:00:00Z");
    for (int step = 0; step < 5_000 && !ended(status); step++) {
      SuiteMachine.advance(name, suite.getSpec(), status, platform, now, 1L);
      runs.runs.forEach((run, document) -> endRichly(document));
      now = now.plusSeconds(1);
    }
    assertThat(status.getPhase())
        .as("%s %s", status.getProgress(), status.getConditions())
        .isEqualTo(SuitePhase.Succeeded);

    int bytes = JSON.writeValueAsBytes(status).length;
    System.err.printf("suite %s: status %,d bytes%n", name, bytes);
    assertThat(bytes).as("the status, serialized").isLessThan(STATUS_BUDGET_BYTES);
    suite.setStatus(status);
    BenchmarkSuite stored = client.resource(suite).updateStatus();
    BenchmarkSuite read = client.resource(stored).get();
    assertThat(read.getStatus().getRuns()).hasSameSizeAs(status.getRuns());
    assertThat(read.getStatus().getCellCount()).isEqualTo(status.getCellCount());

    ConfigMap results =
        client.configMaps().inNamespace(NS).withName(status.getResultRef().getConfigMap()).get();
    assertThat(results).as("the results ConfigMap, stored").isNotNull();
    int configMapBytes = JSON.writeValueAsBytes(results).length;
    System.err.printf("suite %s: results ConfigMap %,d bytes%n", name, configMapBytes);
    return read.getStatus();
  }

  private static boolean ended(BenchmarkSuiteStatus status) {
    return status.getPhase() == SuitePhase.Succeeded || status.getPhase() == SuitePhase.Failed;
  }

  /** 32 rules, the most a gate holds, each on a figure every run has. */
  private static String rules() {
    String[] figures = {
      "latency.p50",
      "latency.p95",
      "latency.p99",
      "latency.p999",
      "latency.max",
      "cpu",
      "heap",
      "memory"
    };
    return IntStream.range(0, 32)
        .mapToObj(i -> figures[i % figures.length] + "<=" + (i + 1) + "%")
        .collect(Collectors.joining(", "));
  }

  /**
   * A run still Measuring ends Succeeded with every figure a comparison reads, three failed checks
   * and eight long GC collector names: the most a record of it keeps.
   */
  private static void endRichly(ObjectNode document) {
    ObjectNode status = (ObjectNode) document.get("status");
    if (!status.path("phase").asText().equals("Measuring")) {
      return;
    }
    String collectors =
        IntStream.range(0, 8)
            .mapToObj(i -> "\"" + "G1 Concurrent Collector number " + i + "x".repeat(40) + "\"")
            .collect(Collectors.joining(", "));
    try {
      status.setAll(
          (ObjectNode)
              JSON.readTree(
                  """
                  {"phase": "Succeeded", "summary": {
                    "latency": {"p50Ms": 101.25, "p95Ms": 182.75, "p99Ms": 251.125,
                      "p999Ms": 398.5, "maxMs": 512.875, "samples": 1000000,
                      "stages": {"publishDelay": {"p99Ms": 3.25}, "throughApp": {"p99Ms": 20.5},
                        "commitWait": {"p99Ms": 240.75}}},
                    "cpuCores": 0.912345, "heapMiB": 412.3456, "memoryMiB": 812.3456,
                    "memoryPeakMiB": 901.25, "gcPauseMs": 4.123456, "gcPauseMaxMs": 41.23456,
                    "cpuThrottledShare": 0.01234,
                    "throughput": {"consumedPerSec": 49999.875},
                    "efficiency": {"cpuSecondsPerMillionRecords": 18.246},
                    "startup": {"timeToReadySeconds": 12.345},
                    "restoration": {"seconds": 45.5, "recordsPerSec": 21000.5, "cpuCores": 1.25,
                      "peakMemoryMiB": 1024.5},
                    "gcCollectors": [%s],
                    "checks": [
                      {"name": "backlogAtStart", "passed": false, "value": 12.5, "threshold": 2},
                      {"name": "lagGrowth", "passed": false, "value": 0.5, "threshold": 0.01},
                      {"name": "publishDelay", "passed": false, "value": 400, "threshold": 100}]}}
                  """
                      .formatted(collectors)));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The stand-in runs of {@link FakeSeriesPlatform}, the results stored as the operator does. */
  private final class StoringPlatform implements SuitePlatform {
    private final FakeSeriesPlatform runs;
    private final KubernetesSuitePlatform cluster;

    StoringPlatform(FakeSeriesPlatform runs, BenchmarkSuite suite) {
      this.runs = runs;
      this.cluster =
          new KubernetesSuitePlatform(
              client,
              suite,
              name -> Optional.empty(),
              new ResourceEvents(client, Clock.systemUTC()));
    }

    @Override
    public Optional<JsonNode> find(String name) {
      return runs.find(name);
    }

    @Override
    public boolean create(PlannedRun run) {
      return runs.create(run);
    }

    @Override
    public ResultRef storeResults(SuiteResults results) {
      byte[] json = results.json().toString().getBytes(StandardCharsets.UTF_8);
      System.err.printf("suite.json: %,d bytes%n", json.length);
      return cluster.storeResults(results);
    }

    @Override
    public void event(boolean warning, String reason, String message) {
      runs.event(warning, reason, message);
    }
  }
}
