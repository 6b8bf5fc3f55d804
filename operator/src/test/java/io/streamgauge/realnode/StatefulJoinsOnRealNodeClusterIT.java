package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.OutputTopicSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl apply} of examples/run-stateful-joins-eos.yaml at a quarter of the methodology's
 * rates on real pods: the run's own schema registry as a Deployment and Service, the five Avro
 * tables through the Kafka Streams reference app's joins, and every order, shipment and review
 * enriched exactly once.
 */
@Tag("full")
@Tag("slice-2")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatefulJoinsOnRealNodeClusterIT {

  private static final String NS = "realnode-stateful-joins";
  private static final String RUN = "stateful-joins-eos";

  /** A quarter of the methodology's 12 + 18 + 120 + 90 + 60 records/s. */
  private static final Map<String, Integer> RATES =
      Map.of("customers", 3, "products", 5, "orders", 30, "shipments", 22, "reviews", 15);

  private static final double TARGET = RATES.values().stream().mapToInt(Integer::intValue).sum();

  @TempDir static Path dir;
  private RealCluster cluster;
  private BenchmarkRunStatus status;
  private boolean registryWhileRunning;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    cluster.apply(NS, dir.resolve("run.yaml"), sizedForThisNode());
    registryWhileRunning = awaitRegistry();
    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(8));
    System.out.println(Serialization.asYaml(status.getSummary()));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  /** The example on the shared one-node Kafka, the app at 1 CPU / 2 GiB, 30 s + 60 s. */
  private static String sizedForThisNode() throws Exception {
    StringBuilder load = new StringBuilder("  load:\n    topics:\n");
    for (String topic :
        java.util.List.of("customers", "products", "orders", "shipments", "reviews")) {
      load.append("      - {name: %s, ratePerSecond: %d}\n".formatted(topic, RATES.get(topic)));
    }
    return Files.readString(RepoFiles.examplesDir().resolve("run-stateful-joins-eos.yaml"))
            .replace(
                "  app:\n",
                "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n  app:\n"
                    + "    resources:\n      limits: {cpu: \"1\", memory: 2Gi}\n")
        + load
        + "  schedule: {warmup: 30s, measurement: 60s, timeout: 12m}\n";
  }

  /** True once the run's registry Deployment has a ready replica (within 4 minutes). */
  private boolean awaitRegistry() throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
    while (System.nanoTime() < deadline) {
      var registry =
          cluster
              .client()
              .apps()
              .deployments()
              .inNamespace(NS)
              .withName(RUN + "-schema-registry")
              .get();
      if (registry != null
          && registry.getStatus() != null
          && registry.getStatus().getReadyReplicas() != null
          && registry.getStatus().getReadyReplicas() >= 1) {
        return true;
      }
      Thread.sleep(1_000);
    }
    return false;
  }

  @Test
  void theRunSucceedsAtTheTargetRateWithItsOwnRegistry() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    assertThat(registryWhileRunning).as("the registry Deployment became ready").isTrue();
    assertThat(status.getSchemaRegistryUrl())
        .isEqualTo("http://" + RUN + "-schema-registry." + NS + ".svc:8081");
    assertThat(status.getSummary().getThroughput().getProducedPerSec())
        .isCloseTo(TARGET, within(TARGET * 0.05));
    // Cleanup follows the run's end (status.cleanedUpAt), not the phase's change.
    Awaitility.await("the run cleaned up")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> cluster.runStatus(NS, RUN).getCleanedUpAt() != null);
    String registry = RUN + "-schema-registry";
    assertThat(cluster.client().apps().deployments().inNamespace(NS).withName(registry).get())
        .as("the registry Deployment goes with the run's cleanup")
        .isNull();
    assertThat(cluster.client().services().inNamespace(NS).withName(registry).get())
        .as("the registry Service goes with the run's cleanup")
        .isNull();
  }

  @Test
  void everyOrderShipmentAndReviewIsEnrichedExactlyOnce() {
    RunSummary summary = status.getSummary();
    IntegritySummary integrity = summary.getIntegrity();
    assertThat(integrity.getLossBasis()).isEqualTo("sent");
    assertThat(integrity.getLost()).as(integrity.toString()).isZero();
    assertThat(integrity.getDuplicated()).as(integrity.toString()).isZero();
    // (30 + 22 + 15)/s over the 60 s window.
    assertThat(integrity.getProduced()).isCloseTo(67 * 60L, within(67 * 3L));
    assertThat(integrity.getConsumed()).isEqualTo(integrity.getProduced());
    Map<String, OutputTopicSummary> outputs = summary.getOutputTopics();
    String suffix = status.getTopicSuffix();
    assertThat(outputs.keySet())
        .map(topic -> topic.substring(0, topic.length() - suffix.length()))
        .containsExactlyInAnyOrder("enriched-orders", "enriched-shipments", "enriched-reviews");
    outputs.forEach(
        (topic, output) -> {
          assertThat(output.getP99Ms()).as(topic).isGreaterThanOrEqualTo(output.getP50Ms());
          assertThat(output.getSamples()).as(topic).isPositive();
        });
    assertThat(summary.getLatency().getNegativeSamples()).isZero();
  }

  @Test
  void theAppsResourcesAndStateAreReported() {
    RunSummary summary = status.getSummary();
    assertThat(summary.getSources()).containsEntry("cpuCores", "cadvisor");
    assertThat(summary.getCpuCores()).isPositive().isLessThanOrEqualTo(1.1);
    assertThat(summary.getHeapMiB()).isPositive();
    // The state directory on disk: RocksDB holds the first tens of MiB in its memtables.
    assertThat(summary.getStateMiB()).isPositive();
  }
}
