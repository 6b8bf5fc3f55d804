package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

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
 * A KillApp fault on real pods: examples/run-kill-app-eos.yaml, scaled to this node, with the app
 * pod deleted 20 s into a 90 s window under exactly-once. The operator deletes the running pod when
 * the fault is due, the ReplicaSet's replacement takes the partitions over, and the summary reports
 * when the output rate and lag were back, the latency before, during and after, and that every
 * record was delivered once.
 */
@Tag("full")
@Tag("slice-3")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultsOnRealNodeClusterIT {

  private static final String NS = "realnode-faults";
  private static final String RUN = "kill-app-eos";
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
    assertThat(yaml).contains("measurement: 90s", "{type: KillApp, at: 20s}", "limits: {cpu:");
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
   * The example on the shared one-node Kafka, the app at 1 CPU / 1.5 GiB, 200 records/s, a 90 s
   * window with the kill 20 s in, scraped every 5 s as the cluster's Prometheus does.
   */
  private static String sizedForThisNode() throws Exception {
    return Files.readString(RepoFiles.examplesDir().resolve("run-kill-app-eos.yaml"))
            .replace(
                "  app:\n",
                "  kafka:\n    external: {bootstrapServers: kafka.kafka:9092}\n  app:\n"
                    + "    resources:\n      limits: {cpu: \"1\", memory: 1536Mi}\n")
            .replace(
                "    warmup: 1m\n    measurement: 3m\n", "    warmup: 30s\n    measurement: 90s\n")
            .replace(
                "{type: KillApp, at: 60s}",
                "{type: KillApp, at: %ds}".formatted(FAULT_AT.toSeconds()))
        + "  load: {topics: [{name: input, ratePerSecond: %d}]}\n".formatted(RATE)
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
  void theRunningAppPodIsDeletedWhenDueAndReplaced() {
    FaultStatus fault = status.getFaults().get(0);
    Instant due = Instant.parse(status.getMeasurementStartedAt()).plus(FAULT_AT);
    assertThat(fault.getDueAt()).isEqualTo(due.toString());
    Instant injected = Instant.parse(fault.getInjectedAt());
    assertThat(Duration.between(due, injected))
        .as("injected when due")
        .isBetween(Duration.ZERO, Duration.ofSeconds(2));
    assertThat(fault.getDetail())
        .startsWith("deleted Pod " + NS + "/" + RUN + "-app-")
        .endsWith("(grace 0)");
    String killed = fault.getDetail().substring(("deleted Pod " + NS + "/").length()).split(" ")[0];
    assertThat(appPods).as("the killed pod was seen running").containsKey(killed);
    List<Pod> replacements =
        appPods.values().stream()
            .filter(
                p ->
                    Instant.parse(p.getMetadata().getCreationTimestamp())
                        .isAfter(due.minusSeconds(1)))
            .toList();
    assertThat(replacements).as("the ReplicaSet's replacement, created after the kill").hasSize(1);
  }

  @Test
  void theSummaryReportsTheRecoveryTheLatencySegmentsAndEveryRecordDeliveredOnce() {
    FaultSummary fault = status.getSummary().getFaults().get(0);
    assertThat(fault.getType()).isEqualTo(FaultType.KillApp);
    assertThat(fault.getRecovered())
        .as("the output rate and lag back before the window's end (70 s after the kill)")
        .isTrue();
    // A new JVM, a 6 s session timeout and the group's rebalance come first; 5 s scrapes round up.
    assertThat(fault.getRecoverySeconds()).isBetween(4.0, 60.0);
    assertThat(fault.getLagPeak()).isGreaterThan(fault.getLagBefore());
    assertThat(fault.getBefore().getSamples()).isPositive();
    assertThat(fault.getDuring().getSamples()).isPositive();
    assertThat(fault.getAfter().getSamples()).isPositive();
    assertThat(fault.getDuring().getMaxMs())
        .as("records stamped while no app ran waited for the replacement")
        .isGreaterThan(fault.getBefore().getMaxMs());
    assertThat(fault.getDelivery()).isEqualTo("all delivered");
  }
}
