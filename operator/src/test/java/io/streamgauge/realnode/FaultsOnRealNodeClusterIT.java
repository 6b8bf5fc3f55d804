package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.BenchmarkRunStatus;
import io.streamgauge.api.FaultStatus;
import io.streamgauge.api.FaultSummary;
import io.streamgauge.api.FaultType;
import io.streamgauge.api.Phase;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A KillApp fault on real pods: 20 s into a 90 s window the operator deletes the app's pod (grace
 * 0: the kubelet kills its container), the Deployment starts a new pod on the node, whose instance
 * takes the partitions over once the killed member's 6 s session has timed out, and catches up. The
 * summary says when it recovered and, under exactly-once, that every record arrived once. Scraped
 * every 2 s, as the local fault tests are: a recovery is exact to the scrape interval.
 */
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FaultsOnRealNodeClusterIT {

  private static final String NS = "realnode-faults";
  private static final String RUN = "killed-app-eos";
  private static final int FAULT_AT_SECONDS = 20;

  @TempDir static Path dir;
  private RealCluster cluster;
  private String killedPodUid;
  private String killedPodName;
  private Pod replacement;
  private Instant replacementReadySeen;
  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    cluster.createNamespace(NS);
    Path spec = dir.resolve("run.yaml");
    Files.writeString(spec, SPEC);
    CommandResult apply = cluster.kubectl("apply", "-n", NS, "-f", spec.toString());
    assertThat(apply.succeeded()).as(apply.stderr()).isTrue();

    Awaitility.await("the run measuring")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> cluster.runStatus(NS, RUN).getPhase() == Phase.Measuring);
    List<Pod> before = appPods();
    assertThat(before).as("one app pod before the fault").hasSize(1);
    killedPodUid = before.get(0).getMetadata().getUid();
    killedPodName = before.get(0).getMetadata().getName();
    replacement =
        Awaitility.await("a new app pod ready after the fault")
            .atMost(Duration.ofSeconds(FAULT_AT_SECONDS + 90))
            .pollInterval(Duration.ofMillis(500))
            .until(this::readyReplacement, pod -> pod != null);
    replacementReadySeen = Instant.now();

    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(4));
    System.out.println(Serialization.asYaml(status.getFaults()));
    System.out.println(Serialization.asYaml(status.getSummary().getFaults()));
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  private static final String SPEC =
      """
      apiVersion: streamgauge.io/v1alpha1
      kind: BenchmarkRun
      metadata: {name: %s}
      spec:
        scenario: stateless-simple
        processingGuarantee: exactly_once_v2
        kafka: {external: {bootstrapServers: "kafka.kafka:9092"}}
        app:
          image: ghcr.io/streamgauge/streams-app:0.1.0
          metrics: {readinessPath: /health}
          resources: {limits: {cpu: "1", memory: 1536Mi}}
          config:
            commit.interval.ms: "100"
            streams.consumer.session.timeout.ms: "6000"
            streams.consumer.heartbeat.interval.ms: "1500"
        load: {topics: [{name: input, partitions: 4, ratePerSecond: 200}]}
        schedule: {warmup: 30s, measurement: 90s, timeout: 10m}
        prometheus: {scrapeInterval: 2s, cadvisorScrapeInterval: 5s, resolution: 2s}
        faults:
          - {type: KillApp, at: %ds}
      """
          .formatted(RUN, FAULT_AT_SECONDS);

  private List<Pod> appPods() {
    return cluster
        .client()
        .pods()
        .inNamespace(NS)
        .withLabels(Labels.forComponent(RUN, Component.APP))
        .list()
        .getItems();
  }

  private Pod readyReplacement() {
    return appPods().stream()
        .filter(p -> !p.getMetadata().getUid().equals(killedPodUid))
        .filter(
            p ->
                p.getStatus() != null
                    && p.getStatus().getContainerStatuses().stream()
                        .anyMatch(c -> Boolean.TRUE.equals(c.getReady())))
        .findFirst()
        .orElse(null);
  }

  @Test
  void theOperatorDeletedTheRunningAppPodWhenDueAndTheRunSucceededOnItsReplacement() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    FaultStatus fault = status.getFaults().get(0);
    Instant due = Instant.parse(status.getMeasurementStartedAt()).plusSeconds(FAULT_AT_SECONDS);
    assertThat(fault.getDueAt()).isEqualTo(due.toString());
    Instant injected = Instant.parse(fault.getInjectedAt());
    assertThat(Duration.between(due, injected))
        .as("injected when due")
        .isBetween(Duration.ZERO, Duration.ofSeconds(2));
    assertThat(fault.getDetail())
        .isEqualTo("deleted Pod " + NS + "/" + killedPodName + " (grace 0)");
    Instant created = Instant.parse(replacement.getMetadata().getCreationTimestamp());
    assertThat(created)
        .as("the replacement was created after the kill")
        .isAfter(injected.minusSeconds(1));
    System.out.printf(
        "replacement %s created %.1f s after the kill, seen ready %.1f s after it%n",
        replacement.getMetadata().getName(),
        Duration.between(injected, created).toMillis() / 1000.0,
        Duration.between(injected, replacementReadySeen).toMillis() / 1000.0);
  }

  @Test
  void theSummaryReportsTheRecoveryAndEveryRecordDeliveredOnce() {
    FaultSummary fault = status.getSummary().getFaults().get(0);
    assertThat(fault.getType()).isEqualTo(FaultType.KillApp);
    assertThat(fault.getInjectedAt()).isEqualTo(status.getFaults().get(0).getInjectedAt());
    assertThat(fault.getRecovered()).as("recovered within the window").isTrue();
    assertThat(fault.getRecoverySeconds())
        .as("a 6 s session timeout, a pod and JVM start, the catch-up: seconds, not the window")
        .isBetween(4.0, 60.0);
    assertThat(fault.getLagPeak())
        .as("the input piled up while no instance consumed it")
        .isGreaterThan(fault.getLagBefore() + 400);
    assertThat(fault.getDuring().getP99Ms())
        .as("records stamped during the outage waited for it")
        .isGreaterThan(fault.getAfter().getP99Ms() * 5);
    assertThat(
            fault.getBefore().getSamples()
                + fault.getDuring().getSamples()
                + fault.getAfter().getSamples())
        .as("the segments split the window's records")
        .isEqualTo(status.getSummary().getLatency().getSamples());
    assertThat(fault.getDelivery()).isEqualTo("all delivered");
    assertThat(status.getSummary().getIntegrity().getLost()).isZero();
    assertThat(status.getSummary().getIntegrity().getDuplicated()).isZero();
  }
}
