package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs whose app can never run on a real node fail fast, with the real reason in their Ready
 * condition: an image that is not there, more CPU than the node has, a memory limit the JVM
 * outgrows, two instances each required on a node of its own on a cluster of one node. The four are
 * applied together and judged each on its own.
 */
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunFailuresOnRealNodeClusterIT {

  private static final String NS = "realnode-failures";
  private static final String MISSING_IMAGE = "ghcr.io/streamgauge/streams-app:does-not-exist";

  @TempDir static Path dir;
  private RealCluster cluster;
  private KubernetesClient client;
  private Instant applied;

  @BeforeAll
  void applyThem(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    this.client = cluster.client();
    cluster.createNamespace(NS);
    String runs =
        run("missing-image", MISSING_IMAGE, "250m", "512Mi", "[]")
            + "---\n"
            + run("too-much-cpu", "ghcr.io/streamgauge/streams-app:0.1.0", "64", "512Mi", "[]")
            + "---\n"
            + run(
                "oom-killed",
                "ghcr.io/streamgauge/streams-app:0.1.0",
                "500m",
                "256Mi",
                "[-Xms400m, -Xmx400m, -XX:+AlwaysPreTouch]")
            + "---\n"
            + run(
                "spread-required",
                "ghcr.io/streamgauge/streams-app:0.1.0",
                "250m",
                "512Mi",
                "[]",
                "    replicas: 2\n  placement: {appSpread: Required}\n");
    applied = Instant.now();
    cluster.apply(NS, dir.resolve("runs.yaml"), runs);
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  @Test
  void anImageThatIsNotThereFailsTheRunWithinAMinuteNamingIt() {
    Condition ready = failed("missing-image", Duration.ofSeconds(60));

    assertThat(ready.getReason()).isEqualTo("AppFailed");
    assertThat(ready.getMessage())
        .contains(MISSING_IMAGE)
        .containsAnyOf("ErrImagePull", "ImagePullBackOff");
  }

  @Test
  void anAppAskingForMoreCpuThanTheNodeHasFailsWithTheSchedulersMessage() {
    Condition ready = failed("too-much-cpu", Duration.ofSeconds(90));

    assertThat(ready.getReason()).isEqualTo("AppFailed");
    assertThat(ready.getMessage()).contains("unschedulable for").contains("Insufficient cpu");
  }

  @Test
  void anAppOomKilledByItsMemoryLimitFailsTheRunSayingSo() {
    Condition ready = failed("oom-killed", Duration.ofSeconds(150));

    assertThat(ready.getReason()).isEqualTo("AppFailed");
    assertThat(ready.getMessage()).contains("container app").contains("OOMKilled");
  }

  /**
   * spec.placement.appSpread Required is a rule the real scheduler keeps: of two instances on one
   * node, one runs and the other stays unschedulable for the anti-affinity, which fails the run.
   */
  @Test
  void twoInstancesRequiredOnNodesOfTheirOwnFailOnOneNodeWithTheSchedulersMessage() {
    Condition ready = failed("spread-required", Duration.ofSeconds(90));

    assertThat(ready.getReason()).isEqualTo("AppFailed");
    assertThat(ready.getMessage())
        .contains("Pod " + NS + "/spread-required-app-")
        .contains("unschedulable for")
        .contains("anti-affinity");
  }

  /**
   * A failed run gives back what it requested as soon as it ended (cleanup Always by default), and
   * keeps what its app said: the end of its log (the OOM-killed JVM's last instance), or why there
   * is none (the image that is not there).
   */
  @Test
  void aFailedRunReleasesItsWorkloadsKeepingTheirLogs() {
    for (String name : List.of("missing-image", "oom-killed")) {
      failed(name, Duration.ofSeconds(150));
      Awaitility.await(name + " cleaned up")
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofSeconds(1))
          .until(() -> status(name).getCleanedUpAt() != null);
      assertThat(client.apps().deployments().inNamespace(NS).withLabel(Labels.RUN, name).list())
          .satisfies(d -> assertThat(d.getItems()).as(name + "'s Deployments").isEmpty());
      assertThat(status(name).getLogsConfigMap()).isEqualTo(name + "-logs");
    }
    Map<String, String> missing = logs("missing-image");
    assertThat(missing)
        .anySatisfy(
            (key, log) -> {
              assertThat(key).startsWith("missing-image-app-").endsWith(".app.log");
              assertThat(log).startsWith("(not kept: ").contains("waiting to start");
            });
    assertThat(logs("oom-killed"))
        .anySatisfy(
            (key, log) -> {
              assertThat(key).startsWith("oom-killed-app-").endsWith(".app.log");
              assertThat(log).doesNotStartWith("(not kept");
            });
  }

  private Map<String, String> logs(String run) {
    Map<String, String> logs =
        client.configMaps().inNamespace(NS).withName(run + "-logs").get().getData();
    logs.forEach((key, log) -> System.out.printf("kept log %s: %s%n", key, log.strip()));
    return logs;
  }

  /** Waits for {@code name} to fail, at most {@code within} after it was applied. */
  private Condition failed(String name, Duration within) {
    Duration left = within.minus(Duration.between(applied, Instant.now()));
    Awaitility.await(name + " failed within " + within.toSeconds() + " s of kubectl apply")
        .atMost(left.isNegative() ? Duration.ofMillis(1) : left)
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> status(name).getPhase() == Phase.Failed);
    BenchmarkRunStatus status = status(name);
    System.out.printf(
        "%s: %s after %d s: %s%n",
        name,
        status.getPhase(),
        Duration.between(applied, Instant.now()).toSeconds(),
        status.getConditions());
    return status.getConditions().stream()
        .filter(c -> "Ready".equals(c.getType()))
        .findFirst()
        .orElseThrow();
  }

  private BenchmarkRunStatus status(String name) {
    return cluster.runStatus(NS, name);
  }

  private static String run(String name, String image, String cpu, String memory, String jvm) {
    return run(name, image, cpu, memory, jvm, "");
  }

  /** As above, {@code more} (YAML lines under spec.app, then maybe spec's own) added. */
  private static String run(
      String name, String image, String cpu, String memory, String jvm, String more) {
    return """
        apiVersion: streamgauge.io/v1alpha1
        kind: BenchmarkRun
        metadata: {name: %s}
        spec:
          scenario: wordcount
          processingGuarantee: exactly_once_v2
          kafka: {external: {bootstrapServers: "kafka.kafka:9092"}}
          app:
            image: %s
            resources: {limits: {cpu: "%s", memory: %s}}
            jvmOptions: %s
        %s  load: {topics: [{name: input, ratePerSecond: 100}]}
          schedule: {warmup: 30s, measurement: 60s, timeout: 10m}
        """
        .formatted(name, image, cpu, memory, jvm, more);
  }
}
