package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Flink and plain-clients reference apps on real pods: a stateless-simple exactly-once run of
 * each, naming no image, so the chart-installed operator runs the runtime's reference image; each
 * one at a time on the shared one-node Kafka, its app at 1 CPU / 1.5 GiB, 400 records/s, 30 s
 * warmup and 60 s measured. Each succeeds keeping up with its input, with exact integrity, ready at
 * its {@code /health}, its figures from cAdvisor and its own JVM metrics.
 */
@Tag("full")
@Tag("slice-1")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RuntimesOnRealNodeClusterIT {

  private static final String NS = "realnode-runtimes";

  /** The checks that judge the app: it kept up with its input, and every output was timed. */
  private static final List<String> APP_CHECKS =
      List.of("lagGrowth", "backlogAtStart", "latencySamples", "latencyTail");

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  private RealCluster cluster;
  private final Map<String, BenchmarkRunStatus> statuses = new LinkedHashMap<>();

  @BeforeAll
  void runEach(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    for (String runtime : new String[] {"flink", "kafka-clients"}) {
      String run = "ss-eos-" + runtime;
      cluster.apply(NS, dir.resolve(run + ".yaml"), spec(run, runtime));
      BenchmarkRunStatus status = cluster.awaitFinished(NS, run, Duration.ofMinutes(8));
      System.out.println(runtime + ": " + Serialization.asYaml(status.getSummary()));
      statuses.put(runtime, status);
    }
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  private static String spec(String name, String runtime) {
    return """
        apiVersion: streamgauge.io/v1alpha1
        kind: BenchmarkRun
        metadata: {name: %s}
        spec:
          scenario: stateless-simple
          processingGuarantee: exactly_once_v2
          kafka:
            external: {bootstrapServers: kafka.kafka:9092}
          app:
            runtime: %s
            resources:
              limits: {cpu: "1", memory: 1536Mi}
          load:
            topics:
              - {name: input, ratePerSecond: 400}
          schedule: {warmup: 30s, measurement: 60s, timeout: 12m}
        """
        .formatted(name, runtime);
  }

  @ParameterizedTest
  @ValueSource(strings = {"flink", "kafka-clients"})
  void theReferenceAppOfTheRuntimeKeptUpWithExactIntegrity(String runtime) {
    BenchmarkRunStatus status = statuses.get(runtime);
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    // The checks on the app; the load generator's own (its publish delay on this busy node) are
    // the smoke's and the E2Es' to judge.
    assertThat(status.getSummary().getChecks())
        .filteredOn(c -> APP_CHECKS.contains(c.getName()))
        .as("the checks on the app")
        .hasSize(APP_CHECKS.size())
        .allSatisfy(c -> assertThat(c.getPassed()).as(c.getName() + ": " + c.getDetail()).isTrue());
    RunSummary summary = status.getSummary();
    IntegritySummary integrity = summary.getIntegrity();
    assertThat(integrity.getProduced()).isPositive();
    assertThat(integrity.getLost()).isZero();
    assertThat(integrity.getDuplicated()).isZero();
    assertThat(summary.getLatency().getP50Ms()).isPositive();
    assertThat(summary.getStartup().getReadinessPath())
        .as("ready once the app processes records")
        .isEqualTo("/health");
  }

  @ParameterizedTest
  @ValueSource(strings = {"flink", "kafka-clients"})
  void itRanTheRuntimesReferenceImageMeasuredByCadvisorAndItsJvm(String runtime) throws Exception {
    BenchmarkRunStatus status = statuses.get(runtime);
    JsonNode document =
        JSON.readTree(
            cluster
                .client()
                .configMaps()
                .inNamespace(NS)
                .withName("ss-eos-" + runtime + "-results")
                .get()
                .getData()
                .get("result.json"));
    assertThat(document.at("/spec/app/image").asText())
        .as("the resolved spec names the reference image that ran")
        .contains(runtime.equals("flink") ? "/flink-app:" : "/clients-app:");
    RunSummary summary = status.getSummary();
    assertThat(summary.getSources())
        .containsEntry("cpuCores", "cadvisor")
        .containsEntry("memoryMiB", "cadvisor");
    assertThat(summary.getCpuCores()).isPositive().isLessThanOrEqualTo(1.1);
    assertThat(summary.getHeapMiB()).as("from the app's own JVM metrics").isPositive();
  }
}
