package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.summary.RestorationSummary;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl apply} of examples/run-state-restoration.yaml, sized for this node, on real pods:
 * a load-generator Job writes the 16 changelogs and completes, then the app starts cold and its
 * readiness ({@code /restored}) ends the window; the figures come from cAdvisor and the app.
 */
@Tag("full")
@Tag("slice-2")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RestorationOnRealNodeClusterIT {

  private static final String NS = "realnode-restoration";
  private static final String RUN = "state-restoration";
  private static final long PER_STORE = 300_000;

  @TempDir static Path dir;
  private RealCluster cluster;
  private BenchmarkRunStatus status;
  private Probe readiness;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    cluster.apply(NS, dir.resolve("run.yaml"), sizedForThisNode());

    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(6));
    System.out.println(Serialization.asYaml(status.getSummary()));
    Deployment app =
        cluster.client().apps().deployments().inNamespace(NS).withName(RUN + "-app").get();
    readiness =
        app == null
            ? null
            : app.getSpec().getTemplate().getSpec().getContainers().get(0).getReadinessProbe();
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  /**
   * The example with this node's sizes: the shared one-node Kafka, the app at 1 CPU / 1.5 GiB,
   * 300,000 records per store (4.8 M, about 530 MB; 1.6 M restored in 10 s, too short for the cold
   * app's CPU to have two samples), the test cluster Prometheus's 5 s scrapes, and the run kept for
   * inspection.
   */
  private static String sizedForThisNode() throws Exception {
    StringBuilder topics = new StringBuilder("    topics:\n");
    for (int i = 0; i < 16; i++) {
      topics.append(
          "      - {name: store-%02d-changelog, prepopulateRecords: %d}\n".formatted(i, PER_STORE));
    }
    return Files.readString(RepoFiles.examplesDir().resolve("run-state-restoration.yaml"))
            .replace(
                "  app:\n",
                "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n  app:\n"
                    + "    resources:\n      limits: {cpu: \"1\", memory: 1536Mi}\n")
            .replace("    producers: 1\n", "    producers: 1\n" + topics)
            .replace("measurement: 30m", "measurement: 4m")
            .replace("timeout: 2h", "timeout: 8m")
            .replace(
                "scrapeInterval: 5s",
                "scrapeInterval: 5s\n    cadvisorScrapeInterval: 5s\n    resolution: 5s")
        + "  cleanup: {policy: Never}\n";
  }

  @Test
  void thePrepopulatedRecordsAreRestoredColdAndTheRunSucceeds() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    assertThat(status.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsExactly(
            Phase.Pending,
            Phase.ProvisioningKafka,
            Phase.Prepopulating,
            Phase.Restoring,
            Phase.Collecting,
            Phase.Succeeded);
    RestorationSummary restoration = status.getSummary().getRestoration();
    assertThat(restoration.getPrepopulatedRecords()).isEqualTo(16 * PER_STORE);
    assertThat(restoration.getRestoredRecords())
        .as("every record the Job wrote, restored (not processed) by the cold app")
        .isEqualTo(16 * PER_STORE);
    assertThat(restoration.getStateBytes()).isGreaterThan(16 * PER_STORE * 108);
  }

  @Test
  void theWindowEndsAtTheAppsRestoredReadinessAndItsResourcesComeFromCadvisor() {
    assertThat(readiness).as("the app's readiness probe (%s)", status.getConditions()).isNotNull();
    assertThat(readiness.getHttpGet().getPath()).isEqualTo("/restored");
    assertThat(readiness.getPeriodSeconds()).isEqualTo(1);
    RestorationSummary restoration = status.getSummary().getRestoration();
    assertThat(restoration.getSeconds()).isPositive();
    assertThat(restoration.getRecordsPerSec())
        .isCloseTo(16.0 * PER_STORE / restoration.getSeconds(), within(1.0));
    // The container's working set from cAdvisor; its CPU too when cAdvisor refreshed its counter
    // twice inside the window (every 10-15 s here), else from the app's JVM.
    assertThat(status.getSummary().getSources()).containsEntry("memoryMiB", "cadvisor");
    assertThat(status.getSummary().getSources().get("cpuCores")).isIn("cadvisor", "prometheus-jvm");
    assertThat(restoration.getCpuCores()).isPositive().isLessThanOrEqualTo(1.1);
    assertThat(restoration.getPeakCpuCores()).isGreaterThanOrEqualTo(restoration.getCpuCores());
    assertThat(restoration.getPeakMemoryMiB()).isGreaterThanOrEqualTo(restoration.getMemoryMiB());
  }
}
