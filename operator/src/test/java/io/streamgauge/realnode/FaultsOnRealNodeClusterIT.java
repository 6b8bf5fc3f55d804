package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.FaultStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.FaultSummary;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * One instance of two lost on real pods: examples/run-kill-instance-eos.yaml, scaled to this node,
 * with instance 1's pod deleted 20 s into a 90 s window under exactly-once. The operator deletes
 * that instance's running pod when the fault is due and nothing of instance 0; instance 1's
 * Deployment starts a replacement with the same index, the group rebalances twice (the member gone,
 * then back), and the summary reports the rebalance, when the output rate, lag and latency were
 * back, the latency before, during and after, every record delivered once, and each pod's figures
 * (the replacement an instance of its own).
 */
@Tag("full")
@Tag("slice-3")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultsOnRealNodeClusterIT {

  private static final String NS = "realnode-faults";
  private static final String RUN = "kill-instance-eos";
  private static final int RATE = 200;
  private static final Duration FAULT_AT = Duration.ofSeconds(20);

  @TempDir static Path dir;
  private RealCluster cluster;
  private BenchmarkRunStatus status;

  /** Every app pod seen while the run went on, by name: when each was created and got ready. */
  private final Map<String, Pod> appPods = new ConcurrentHashMap<>();

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    String yaml = sizedForThisNode();
    assertThat(yaml)
        .contains("measurement: 90s", "{type: KillApp, at: 20s, instance: 1}", "replicas: 2")
        .contains("limits: {cpu: 500m,");
    cluster.apply(NS, dir.resolve("run.yaml"), yaml);

    Awaitility.await("the run finished, its app pods watched")
        .atMost(Duration.ofMinutes(7))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              cluster
                  .client()
                  .pods()
                  .inNamespace(NS)
                  .withLabels(Labels.forComponent(RUN, Component.APP))
                  .list()
                  .getItems()
                  .forEach(p -> appPods.put(p.getMetadata().getName(), p));
              Phase phase = cluster.runStatus(NS, RUN).getPhase();
              return phase == Phase.Succeeded || phase == Phase.Failed;
            });
    status = cluster.runStatus(NS, RUN);
    System.out.println(Serialization.asYaml(status.getFaults()));
    System.out.println(Serialization.asYaml(status.getSummary()));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  /**
   * The example on the shared one-node Kafka, each instance at 500m / 768 MiB (the node has 2
   * cores, which Kafka and the clients share), 200 records/s, a 90 s window with the kill 20 s in,
   * scraped every 5 s as the cluster's Prometheus does.
   */
  private static String sizedForThisNode() throws Exception {
    return Files.readString(RepoFiles.examplesDir().resolve("run-kill-instance-eos.yaml"))
            .replace(
                "  app:\n",
                "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n  app:\n")
            .replace(
                "resources: {limits: {cpu: \"1\", memory: 1Gi}}",
                "resources: {limits: {cpu: 500m, memory: 768Mi}}")
            .replace("ratePerSecond: 1000}", "ratePerSecond: %d}".formatted(RATE))
            .replace(
                "{type: KillApp, at: 30s, instance: 1}",
                "{type: KillApp, at: %ds, instance: 1}".formatted(FAULT_AT.toSeconds()))
        + "  prometheus: {scrapeInterval: 5s, cadvisorScrapeInterval: 5s, resolution: 5s}\n";
  }

  @Test
  void theRunSucceedsAndTheScrapesAreAsTheSpecSays() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    Map<String, CheckResult> checks =
        status.getSummary().getChecks().stream()
            .collect(Collectors.toMap(CheckResult::getName, Function.identity()));
    assertThat(checks.get("scrapeInterval").getPassed())
        .as(checks.get("scrapeInterval").toString())
        .isTrue();
    assertThat(checks.get("lostRecords").getPassed()).isTrue();
    assertThat(checks.get("duplicatedRecords").getPassed()).isTrue();
  }

  @Test
  void instanceOnesRunningPodIsDeletedWhenDueAndReplacedAndInstanceZeroIsUntouched() {
    FaultStatus fault = status.getFaults().get(0);
    assertThat(fault.getInstance()).isEqualTo(1);
    Instant due = Instant.parse(status.getMeasurementStartedAt()).plus(FAULT_AT);
    assertThat(fault.getDueAt()).isEqualTo(due.toString());
    Instant injected = Instant.parse(fault.getInjectedAt());
    assertThat(Duration.between(due, injected))
        .as("injected when due")
        .isBetween(Duration.ZERO, Duration.ofSeconds(2));
    assertThat(fault.getDetail())
        .startsWith("deleted Pod " + NS + "/" + RUN + "-app-1-")
        .endsWith("(grace 0)");
    String killed = fault.getDetail().substring(("deleted Pod " + NS + "/").length()).split(" ")[0];
    assertThat(appPods).as("the killed pod was seen running").containsKey(killed);
    Map<String, List<String>> podsByInstance =
        appPods.values().stream()
            .collect(
                Collectors.groupingBy(
                    p -> p.getMetadata().getLabels().get(Labels.INSTANCE),
                    Collectors.mapping(p -> p.getMetadata().getName(), Collectors.toList())));
    assertThat(podsByInstance.get("0")).as("instance 0: one pod throughout").hasSize(1);
    assertThat(podsByInstance.get("1"))
        .as("instance 1: the killed pod and its replacement")
        .hasSize(2)
        .contains(killed);
    List<Pod> replacements =
        appPods.values().stream()
            .filter(
                p ->
                    Instant.parse(p.getMetadata().getCreationTimestamp())
                        .isAfter(due.minusSeconds(1)))
            .toList();
    assertThat(replacements)
        .as("instance 1's Deployment's replacement, created after the kill, with its index")
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.getMetadata().getName()).startsWith(RUN + "-app-1-");
              assertThat(p.getSpec().getContainers().get(0).getEnv())
                  .anySatisfy(
                      e -> {
                        assertThat(e.getName()).isEqualTo("STREAMGAUGE_APP_INSTANCE_INDEX");
                        assertThat(e.getValue()).isEqualTo("1");
                      });
            });
  }

  /**
   * Each pod's own figures in the result document: instance 0's, the killed pod's and its
   * replacement's, each with CPU measured, over the same window as the app's.
   */
  @Test
  void theResultHoldsEachPodsFigures() throws Exception {
    JsonNode instances = cluster.resultDocument(NS, RUN).path("instances");
    System.out.println(instances.toPrettyString());
    assertThat(instances).hasSize(3);
    assertThat(instances)
        .extracting(i -> i.path("pod").asText())
        .allSatisfy(pod -> assertThat(pod).matches(RUN + "-app-[01]-.+"))
        .containsAll(appPods.keySet());
    double summed = 0;
    for (JsonNode instance : instances) {
      assertThat(instance.path("cpuCores").asDouble()).as(instance.toString()).isPositive();
      summed += instance.path("cpuCores").asDouble();
    }
    double app = status.getSummary().getCpuCores();
    // The summary's figure is rounded to three decimals (half a thousandth off at most), the
    // instances' are not; beyond that the two queries may differ by float sums only.
    assertThat(summed)
        .as("the app's CPU is its pods' summed, by the same queries")
        .isCloseTo(app, within(0.0005 + app * 0.001));
  }

  @Test
  void theSummaryReportsTheRecoveryTheLatencySegmentsAndEveryRecordDeliveredOnce() {
    FaultSummary fault = status.getSummary().getFaults().get(0);
    assertThat(fault.getType()).isEqualTo(FaultType.KillApp);
    assertThat(fault.getInstance()).isEqualTo(1);
    assertThat(fault.getRecovered())
        .as("the output rate and lag back before the window's end (70 s after the kill)")
        .isTrue();
    // A 6 s session timeout and the group's rebalance come first; 5 s scrapes round up.
    assertThat(fault.getRecoverySeconds()).isBetween(4.0, 60.0);
    double leftInWindow =
        Duration.between(
                    Instant.parse(status.getFaults().get(0).getInjectedAt()),
                    Instant.parse(status.getMeasurementEndedAt()))
                .toMillis()
            / 1000.0;
    assertThat(fault.getRebalanceSeconds())
        .as("the dead member's 6 s session less a 1.5 s heartbeat at least: %s", fault)
        .isNotNull()
        .isBetween(4.5, leftInWindow);
    assertThat(fault.getLatencyRecoverySeconds())
        .as("records stamped before the group settled waited for it")
        .isNotNull()
        .isBetween(fault.getRebalanceSeconds() - 2, leftInWindow);
    assertThat(fault.getLagPeak()).isGreaterThan(fault.getLagBefore());
    assertThat(fault.getBefore().getSamples()).isPositive();
    assertThat(fault.getDuring().getSamples()).isPositive();
    assertThat(fault.getAfter().getSamples()).isPositive();
    assertThat(fault.getDuring().getMaxMs())
        .as("records of the lost instance's partitions waited for the rebalance")
        .isGreaterThan(fault.getBefore().getMaxMs());
    assertThat(fault.getDelivery()).isEqualTo("all delivered");
  }
}
