package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.capacity.SearchSettings;
import io.streamgauge.compare.Spread;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.testing.CapacitySearchReplay;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl apply} of examples/run-capacity-stateless-simple-alo.yaml, sized for this node, on
 * real pods: the operator probes one rate at a time, each probe a BenchmarkRun of its own with a
 * fresh app pod under the searched CPU limit (a CFS quota the node enforces), its load ramped up
 * and its warmup held until the app caught up; the search's interval follows from the probes'
 * verdicts.
 */
@Tag("full")
@Tag("slice-1")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CapacityOnRealNodeClusterIT {

  private static final String NS = "realnode-capacity";
  private static final String RUN = "capacity-simple-alo";
  private static final double START = 200;
  private static final double MAX = 400;
  private static final String CPU_LIMIT = "500m";

  @TempDir static Path dir;
  private RealCluster cluster;
  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    cluster.apply(NS, dir.resolve("run.yaml"), sizedForThisNode());
    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(9));
    System.out.println(Serialization.asYaml(status.getCapacity()));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  /**
   * The example on the shared one-node Kafka: 200 records/s doubled once to its cap of 400, one
   * probe per verdict, the app at half a core (the searched limit, not the spec's 1), a 10 s ramp
   * inside a 40 s catch-up, 15 s warmup and 35 s measured (the lag trend of 1 s commits scraped
   * every 5 s, as the cluster's Prometheus does, takes 31 s to judge). The throttling check allows
   * 30 % of the app's CFS periods throttled instead of the default 10 %: this test judges the
   * search, and how often a JVM's bursts (JIT, GC) meet half a core's quota moves with the hour —
   * the 200 records/s probe was throttled in 10.1 % of its periods on 2026-11-27 at 21:06 UTC, a
   * slow hour, and failed the default; 30 % is three times that reading.
   */
  private static String sizedForThisNode() throws Exception {
    String yaml =
        Files.readString(RepoFiles.examplesDir().resolve("run-capacity-stateless-simple-alo.yaml"));
    assertThat(yaml)
        .contains(
            "        ratePerSecond: 12800\n",
            "    catchUp: 1m30s\n",
            "    rampUp: 30s\n",
            "    warmup: 30s\n    measurement: 30s\n",
            "limits: {cpu: \"1\", memory: 2Gi}",
            "  prometheus: {scrapeInterval: 2s, cadvisorScrapeInterval: 10s, resolution: 2s}\n",
            "    maxPublishDelayP99Ms: 100\n",
            "    confirmations: 3");
    return yaml.replace(
            "  app:\n", "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n  app:\n")
        .replace("        ratePerSecond: 12800\n", "        ratePerSecond: %.0f\n".formatted(START))
        .replace("    catchUp: 1m30s\n", "    catchUp: 40s\n")
        .replace("    rampUp: 30s\n", "    rampUp: 10s\n")
        .replace(
            "    warmup: 30s\n    measurement: 30s\n", "    warmup: 15s\n    measurement: 35s\n")
        .replace("limits: {cpu: \"1\", memory: 2Gi}", "limits: {cpu: \"1\", memory: 1536Mi}")
        .replace(
            "    maxPublishDelayP99Ms: 100\n",
            "    maxPublishDelayP99Ms: 100\n    maxCpuThrottledShare: 0.3\n")
        .replace(
            "  prometheus: {scrapeInterval: 2s, cadvisorScrapeInterval: 10s, resolution: 2s}\n",
            "  prometheus: {scrapeInterval: 5s, cadvisorScrapeInterval: 5s, resolution: 5s}\n")
        .replace(
            "    confirmations: 3",
            "    maxRatePerSecond: %.0f\n    maxProbes: 2\n    cpuLimits: [\"%s\"]\n    confirmations: 1"
                .formatted(MAX, CPU_LIMIT));
  }

  @Test
  void theSearchProbesOneRateAtATimeAndReportsTheIntervalItsVerdictsGive() {
    assertThat(status.getPhaseHistory())
        .as(String.valueOf(status.getConditions()))
        .extracting(PhaseTransition::getPhase)
        .containsExactly(Phase.Pending, Phase.Searching, Phase.Succeeded);
    List<CapacityProbeStatus> probes = status.getCapacity().getProbes();
    assertThat(probes).hasSizeBetween(1, 2);
    assertThat(probes.get(0).getPassed())
        .as("200 records/s under a 1 s p99 bound on half a core: %s", probes.get(0).getWhy())
        .isTrue();
    // The lowest rate a probe can be judged at: 1,000 samples in 35 s.
    CapacitySearchReplay.assertFollowsTheSearch(
        RUN, new SearchSettings(START, 0.05, 1, 2, MAX, null, 29), status.getCapacity());
    assertThat(probes).extracting(CapacityProbeStatus::getCpuLimit).containsOnly(CPU_LIMIT);
    assertThat(status.getCapacity().getLimits())
        .extracting(CapacityLimitStatus::getCpuLimit)
        .containsExactly(CPU_LIMIT);
  }

  /**
   * How much of its CPU limit the app used at the last passing rate, from the real pods' cAdvisor
   * CPU: the median over the passing probes there, divided by the 500m limit (as {@code
   * CeilingCpuShare} computes it, with the same {@link Spread}). Under 0.9 the limit's message says
   * the limit is not what ran out first.
   */
  @Test
  void theLimitSaysHowMuchOfItsCpuTheAppUsedAtItsLastPassingRate() {
    CapacityLimitStatus limit = status.getCapacity().getLimits().get(0);
    double[] cores =
        status.getCapacity().getProbes().stream()
            .filter(p -> Boolean.TRUE.equals(p.getPassed()))
            .filter(p -> p.getRatePerSecond().equals(limit.getLastPassPerSecond()))
            .mapToDouble(CapacityProbeStatus::getCpuCores)
            .toArray();
    assertThat(cores)
        .as("the passing probes at %s records/s", limit.getLastPassPerSecond())
        .isNotEmpty();
    double share = limit.getCpuLimitUsedAtCeiling();
    assertThat(share)
        .isCloseTo(
            Spread.of(cores).median() / new Quantity(CPU_LIMIT).getNumericalAmount().doubleValue(),
            within(1e-9));
    if (share < 0.9) {
      assertThat(limit.getMessage())
          .contains(
              String.format(
                  Locale.ROOT,
                  "the app used %.2f of its CPU limit there: the limit is not what ran out first",
                  share));
    } else {
      assertThat(limit.getMessage()).doesNotContain("of its CPU limit there");
    }
  }

  /**
   * Each probe ran as its own BenchmarkRun on real pods: the searched limit and rate in its spec,
   * its load ramped and its warmup held for the catch-up, its figures from the app and cAdvisor
   * (the throttled share exists only where a kubelet enforces a CFS quota).
   */
  @Test
  void eachProbeRanOnRealPodsUnderTheSearchedLimit() {
    for (CapacityProbeStatus probe : status.getCapacity().getProbes()) {
      BenchmarkRun run =
          cluster
              .client()
              .resources(BenchmarkRun.class)
              .inNamespace(NS)
              .withName(probe.getName())
              .get();
      assertThat(run).as(probe.getName()).isNotNull();
      assertThat(run.getMetadata().getLabels()).containsEntry(Labels.REPETITION_OF, RUN);
      assertThat(run.getSpec().getCapacity()).as("a probe does not search").isNull();
      assertThat(run.getSpec().getApp().getResources().getLimits().get("cpu").toString())
          .isEqualTo(CPU_LIMIT);
      assertThat(run.getSpec().getLoad().getTopics().get(0).getRatePerSecond())
          .isEqualTo(probe.getRatePerSecond());
      assertThat(run.getSpec().getSchedule().getRampUp()).isEqualTo("10s");
      BenchmarkRunStatus probeStatus = run.getStatus();
      assertThat(probeStatus.getPhase()).isEqualTo(probe.getPhase());
      assertThat(probeStatus.getSummary().getCatchUp().getSeconds())
          .as("the warmup held until the ramp's 10 s and a 30 s hold had passed")
          .isGreaterThanOrEqualTo(40.0);
      assertThat(probeStatus.getSummary().getCpuThrottledShare())
          .as(
              "%s: cAdvisor's CFS throttling of the app's container (missing %s; warnings %s;"
                  + " cpuCores %s)",
              probe.getName(),
              probeStatus.getSummary().getMissing(),
              probeStatus.getSummary().getWarnings(),
              probeStatus.getSummary().getCpuCores())
          .isNotNull();
      assertThat(probeStatus.getSummary().getCpuCores())
          .as("the app's CPU, from cAdvisor, within its half core")
          .isPositive()
          .isLessThanOrEqualTo(0.55);
      assertThat(probe.getP99Ms()).isEqualTo(probeStatus.getSummary().getLatency().getP99Ms());
    }
  }
}
