package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.capacity.CapacityReport;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl apply} of examples/run-scale-out-small.yaml, sized for this node, on real pods: a
 * capacity search per instance count (1, then 2 instances of half a core each), each probe a
 * BenchmarkRun of its own whose app runs a Deployment per instance; the demand table (rate →
 * instances) follows from the two searches. Two probes per count from 800 records/s towards a cap
 * of 3,200: the one-instance search ends with its budget spent below the cap, so the two-instance
 * search runs too (a count whose smaller one sustained the cap is not searched). The 2-core node
 * holds Kafka, the clients and both instances, so this judges the search on real pods, not the
 * app's ceiling.
 */
@Tag("full")
@Tag("slice-2")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScaleOutOnRealNodeClusterIT {

  private static final String NS = "realnode-scale-out";
  private static final String RUN = "scale-out-small";
  private static final double START = 800;
  private static final double MAX = 3200;
  private static final double P99_BOUND_MS = 1000;

  @TempDir static Path dir;
  private RealCluster cluster;
  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    cluster.apply(NS, dir.resolve("run.yaml"), sizedForThisNode());
    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(14));
    System.out.println(Serialization.asYaml(status.getCapacity()));
    System.out.println(CapacityReport.markdown(RUN, status.getCapacity(), P99_BOUND_MS));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  /**
   * The example on the shared one-node Kafka instead of one of its own, each instance at half a
   * core and 768 MiB as the example gives it: 800 records/s doubled once (two probes at most per
   * count, one per verdict; the cap 3,200), a 10 s ramp inside a 40 s catch-up, 15 s warmup and 35
   * s measured, scraped every 5 s as the cluster's Prometheus does (the lag trend of 1 s commits,
   * as in CapacityOnRealNodeClusterIT).
   */
  private static String sizedForThisNode() throws Exception {
    String yaml = Files.readString(RepoFiles.examplesDir().resolve("run-scale-out-small.yaml"));
    assertThat(yaml)
        .contains(
            "    instances: [1, 2]\n",
            "    maxProbes: 8\n",
            "      limits: {cpu: 500m, memory: 768Mi}\n",
            "        ratePerSecond: 2000\n",
            "    warmup: 30s\n    measurement: 1m\n    timeout: 10m\n");
    String provision = yaml.substring(yaml.indexOf("  kafka:\n"), yaml.indexOf("  app:\n"));
    assertThat(provision).contains("    provision:\n", "      replicas: 1\n");
    return yaml.replace(provision, "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n")
            .replace(
                "    maxProbes: 8\n",
                "    maxProbes: 2\n    maxRatePerSecond: %.0f\n".formatted(MAX))
            .replace(
                "        ratePerSecond: 2000\n", "        ratePerSecond: %.0f\n".formatted(START))
            .replace(
                "    warmup: 30s\n    measurement: 1m\n    timeout: 10m\n",
                "    catchUp: 40s\n    rampUp: 10s\n    warmup: 15s\n    measurement: 35s\n    timeout: 5m\n")
        + "  prometheus: {scrapeInterval: 5s, cadvisorScrapeInterval: 5s, resolution: 5s}\n";
  }

  /**
   * One search per instance count, each starting at 800 and ending with its budget spent or at its
   * first fail; the demand table reads the rates off them: the fewest instances whose ceiling
   * reaches a rate.
   */
  @Test
  void aSearchPerInstanceCountGivesTheDemandTable() {
    assertThat(status.getPhaseHistory())
        .as(String.valueOf(status.getConditions()))
        .extracting(PhaseTransition::getPhase)
        .containsExactly(Phase.Pending, Phase.Searching, Phase.Succeeded);
    assertThat(status.getCapacity().getLimits())
        .extracting(l -> Objects.requireNonNullElse(l.getInstances(), 1))
        .containsExactly(1, 2);
    for (CapacityLimitStatus limit : status.getCapacity().getLimits()) {
      int instances = Objects.requireNonNullElse(limit.getInstances(), 1);
      assertThat(status.getCapacity().getProbes())
          .filteredOn(p -> Objects.requireNonNullElse(p.getInstances(), 1) == instances)
          .as("%d instance(s): %s", instances, limit.getMessage())
          .hasSizeBetween(1, 2)
          .first()
          .satisfies(
              p -> {
                assertThat(p.getRatePerSecond()).isEqualTo(START);
                assertThat(p.getPassed())
                    .as("800 records/s on half a core: %s", p.getWhy())
                    .isTrue();
              });
    }
    String table = CapacityReport.markdown(RUN, status.getCapacity(), P99_BOUND_MS);
    assertThat(table).contains("Instances a rate needs");
  }

  /**
   * Every probe of two instances ran a Deployment per instance on real pods: its spec asks for two
   * replicas, and its result holds both instances' figures, read from their own pods' series.
   */
  @Test
  void aProbeOfTwoInstancesRanBothAndMeasuredEach() throws Exception {
    var probes =
        status.getCapacity().getProbes().stream()
            .filter(p -> Objects.requireNonNullElse(p.getInstances(), 1) == 2)
            .toList();
    assertThat(probes).isNotEmpty();
    for (CapacityProbeStatus probe : probes) {
      BenchmarkRun run =
          cluster
              .client()
              .resources(BenchmarkRun.class)
              .inNamespace(NS)
              .withName(probe.getName())
              .get();
      assertThat(run.getSpec().getApp().getReplicas()).isEqualTo(2);
      assertThat(run.getSpec().getCapacity()).as("a probe does not search").isNull();
      JsonNode instances = cluster.resultDocument(NS, probe.getName()).path("instances");
      assertThat(instances)
          .as(probe.getName())
          .extracting(i -> i.path("pod").asText())
          .hasSize(2)
          .allSatisfy(pod -> assertThat(pod).startsWith(probe.getName() + "-app-"))
          .anySatisfy(pod -> assertThat(pod).startsWith(probe.getName() + "-app-0-"))
          .anySatisfy(pod -> assertThat(pod).startsWith(probe.getName() + "-app-1-"));
      assertThat(instances)
          .allSatisfy(i -> assertThat(i.path("cpuCores").asDouble()).as(i.toString()).isPositive());
    }
  }
}
