package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.OutputTopicSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl apply} of examples/run-stateless-advanced-eos.yaml at 2 % of the methodology's
 * rates on real pods: Protobuf records on four topics through both topologies into four sinks, each
 * timed by the latency consumer on its own.
 */
@Tag("full")
@Tag("slice-3")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatelessAdvancedOnRealNodeClusterIT {

  private static final String NS = "realnode-stateless-advanced";
  private static final String RUN = "stateless-advanced-eos";

  /** 2 % of the methodology's 2,100 + 1,400 + 700 + 2,800 records/s. */
  private static final Map<String, Integer> RATES =
      Map.of("user-events", 42, "product-updates", 28, "orders", 14, "click-streams", 56);

  private static final double TARGET = RATES.values().stream().mapToInt(Integer::intValue).sum();

  @TempDir static Path dir;
  private RealCluster cluster;
  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    cluster.apply(NS, dir.resolve("run.yaml"), sizedForThisNode());

    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(6));
    System.out.println(Serialization.asYaml(status.getSummary()));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  /**
   * The example with the shared one-node Kafka, the app at 1 CPU / 1.5 GiB, 2 % of the rates (the
   * sizes as they are: 2-30 KiB), 30 s warmup and 60 s measured.
   */
  private static String sizedForThisNode() throws Exception {
    StringBuilder load = new StringBuilder("  load:\n    topics:\n");
    RATES.forEach(
        (topic, rate) ->
            load.append("      - {name: %s, ratePerSecond: %d}\n".formatted(topic, rate)));
    return Files.readString(RepoFiles.examplesDir().resolve("run-stateless-advanced-eos.yaml"))
            .replace(
                "  app:\n",
                "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n  app:\n"
                    + "    resources:\n      limits: {cpu: \"1\", memory: 1536Mi}\n")
        + load
        + "  schedule: {warmup: 30s, measurement: 60s, timeout: 10m}\n";
  }

  @Test
  void theRunSucceedsAtTheTargetRate() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    assertThat(status.getSummary().getThroughput().getProducedPerSec())
        .isCloseTo(TARGET, within(TARGET * 0.05));
  }

  @Test
  void everySinkIsTimedOnItsOwnAndTheMergedLatencyCoversThemAll() {
    RunSummary summary = status.getSummary();
    Map<String, OutputTopicSummary> sinks = summary.getOutputTopics();
    String suffix = status.getTopicSuffix();
    assertThat(suffix).as("the run's own topics on the shared Kafka").isNotEmpty();
    assertThat(sinks.keySet())
        .as("topology A's three priority sinks and topology B's customer activity")
        .map(topic -> topic.substring(0, topic.length() - suffix.length()))
        .containsExactlyInAnyOrder(
            "events-priority-high",
            "events-priority-normal",
            "events-priority-low",
            "customer-activity");
    sinks.forEach(
        (topic, sink) -> {
          assertThat(sink.getSamples()).as(topic).isPositive();
          assertThat(sink.getP99Ms()).as(topic).isGreaterThanOrEqualTo(sink.getP50Ms());
          assertThat(sink.getMaxMs()).as(topic).isGreaterThanOrEqualTo(sink.getP99Ms());
          assertThat(sink.getConsumedPerSec()).as(topic).isPositive();
        });
    assertThat(summary.getLatency().getSamples())
        .isEqualTo(sinks.values().stream().mapToLong(OutputTopicSummary::getSamples).sum());
    assertThat(summary.getLatency().getSharedClock()).isTrue();
    assertThat(summary.getLatency().getNegativeSamples()).isZero();
  }

  @Test
  void theAppsResourcesComeFromCadvisor() {
    RunSummary summary = status.getSummary();
    assertThat(summary.getSources())
        .containsEntry("cpuCores", "cadvisor")
        .containsEntry("memoryMiB", "cadvisor");
    assertThat(summary.getCpuCores()).isPositive().isLessThanOrEqualTo(1.1);
    assertThat(summary.getHeapMiB()).isPositive();
  }

  /**
   * The cluster's kubelet ServiceMonitor relabels as kube-prometheus-stack does by default, and
   * this namespace is not among those the chart's cadvisor.serviceMonitor scrapes back: the figure
   * that reads a dropped series is missing, and says what drops it and what brings it back.
   */
  @Test
  void aFigureKubePrometheusStackDropsIsMissingWithWhatBringsItBack() {
    RunSummary summary = status.getSummary();
    assertThat(NS).isNotIn(RealClusterExtension.CADVISOR_RESTORED_NAMESPACES);
    assertThat(summary.getCpuThrottledSeconds()).isNull();
    assertThat(summary.getCpuThrottledShare())
        .as("from series the stack keeps (CFS periods)")
        .isNotNull();
    assertThat(summary.getMissing())
        .anySatisfy(
            m ->
                assertThat(m)
                    .startsWith("app.cpuThrottledSeconds: no data: Prometheus holds no series")
                    .contains("kube-prometheus-stack's default kubelet relabelings drop it")
                    .contains("cadvisor.serviceMonitor.enabled=true"));
  }
}
