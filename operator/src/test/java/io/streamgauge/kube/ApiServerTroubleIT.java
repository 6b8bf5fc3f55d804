package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.testing.KwokRunHarness;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.time.Duration;
import java.time.Instant;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A run through the real operator while the API server misbehaves: it refuses the operator's status
 * writes for a while, or stops altogether. On a control plane of its own (the shared one is left
 * alone: after its API server restarts, kwok's node is not what the next test expects), with {@link
 * KwokRunHarness} running the pods. Being on its own, it runs beside the classes on the shared one;
 * its own tests run one after the other, in order (one stops the API server the other needs).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Execution(ExecutionMode.CONCURRENT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ApiServerTroubleIT {

  private static final String NS = "trouble-it";

  private TestControlPlane plane;
  private KwokRunHarness harness;
  private KubernetesClient client;

  @BeforeAll
  void start() throws Exception {
    plane = ControlPlaneExtension.startWithCrds();
    harness = KwokRunHarness.start(plane, NS, "outage");
    client = harness.client();
  }

  @AfterAll
  void stop() throws Exception {
    if (harness != null) {
      harness.close();
    }
    if (plane != null) {
      plane.close();
    }
  }

  /**
   * The API server refuses the operator's status writes for 75 s while a run measures (an RBAC
   * change rolled back a minute later; a webhook down): every reconcile fails, far past any fixed
   * number of retries, while the watches stay up and no pod changes — no event will come. Retried
   * for as long as it fails, at most 15 s apart, the run ends soon after the writes are allowed
   * again, with its original window. JOSDK's default retry gave up after five tries (about 26 s)
   * and this run never ended; and had it ended, its cleanup (before its end was stored) left the
   * retry without an app: AppFailed.
   */
  @Test
  @Order(1)
  @Execution(ExecutionMode.SAME_THREAD) // one after the other: the next stops the API server
  void aRunWhoseStatusWritesAreRefusedForAMinuteEndsSoonAfterTheyAreAllowedAgain()
      throws Exception {
    String name = "refused";
    String measurementStart = measuring(name);

    ClusterRole rules = client.rbac().clusterRoles().withName("streamgauge-operator").get();
    ClusterRole withoutStatus =
        new ClusterRoleBuilder(rules)
            .withRules(
                rules.getRules().stream()
                    .filter(r -> !r.getResources().contains("benchmarkruns/status"))
                    .toList())
            .build();
    withoutStatus.getMetadata().setResourceVersion(null);
    client.resource(withoutStatus).update();
    Thread.sleep(Duration.ofSeconds(75).toMillis());
    rules.getMetadata().setResourceVersion(null);
    client.resource(rules).update();

    assertEndsSoonWithItsWindow(name, measurementStart, Instant.now());
  }

  /**
   * An API server that goes away while a run measures — for 75 s, as a control-plane upgrade's
   * outage may: the run ends soon after the server is back, with its original window. Meanwhile the
   * operator's /health says its informers do not watch, so a liveness probe could act. Last: what
   * the restart leaves (kwok's node) is no other test's to meet. In the full tier: the watches'
   * resync after the outage brings an event, so it passed on the old pacing too; the refused writes
   * above are the stall make test guards against.
   */
  @Test
  @Order(2)
  @Execution(ExecutionMode.SAME_THREAD)
  @Tag("full")
  @Tag("slice-3")
  void aRunOutlivesAnApiServerOutageWhileMeasuringAndEndsSoonAfterTheServerIsBack()
      throws Exception {
    String name = "outage";
    String measurementStart = measuring(name);

    Awaitility.await()
        .alias("/health ok before the outage")
        .atMost(Duration.ofSeconds(30))
        .until(() -> harness.health().get().ok());
    plane.stopApiServer();
    Instant stopped = Instant.now();
    Awaitility.await()
        .alias("/health says the informers lost the API server")
        .atMost(Duration.ofSeconds(60))
        .until(() -> !harness.health().get().ok());
    assertThat(harness.health().get().detail()).startsWith("not watching: ");
    Thread.sleep(Duration.ofSeconds(75).minus(Duration.between(stopped, Instant.now())).toMillis());
    plane.restartApiServer();
    Instant back = Instant.now();
    Awaitility.await()
        .alias("/health is ok again once the informers watch again")
        .atMost(Duration.ofSeconds(60))
        .until(() -> harness.health().get().ok());

    assertEndsSoonWithItsWindow(name, measurementStart, back);
  }

  /** Applies a run with a 20 s window and returns when its measurement started, once it has. */
  private String measuring(String name) {
    apply(name);
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptionsInstanceOf(KubernetesClientException.class)
        .until(() -> status(name).getPhase() == Phase.Measuring);
    return status(name).getMeasurementStartedAt();
  }

  /**
   * Run {@code name} succeeds with the window it measured before the trouble, ended by the retries
   * of its failed reconciles (capped at 15 s apart, ReconcilePacing.RETRY_CAP), not by the periodic
   * reconcile (ReconcilePacing.MAX_INTERVAL, a minute) nor never: before a minute has passed since
   * {@code troubleEnded}: room for two capped retries and a Collecting pass of 30 s (it takes
   * seconds; this test prints how long the run took to end).
   */
  private void assertEndsSoonWithItsWindow(
      String name, String measurementStart, Instant troubleEnded) {
    Awaitility.await()
        .atMost(Duration.ofMinutes(3))
        .ignoreExceptionsInstanceOf(KubernetesClientException.class)
        .until(() -> isTerminal(status(name)));
    Duration endedAfter = Duration.between(troubleEnded, Instant.now());
    BenchmarkRunStatus status = status(name);
    assertThat(status.getPhase())
        .as(String.valueOf(status.getConditions()))
        .isEqualTo(Phase.Succeeded);
    assertThat(status.getMeasurementStartedAt()).isEqualTo(measurementStart);
    System.out.printf("%s ended %d s after the trouble ended%n", name, endedAfter.toSeconds());
    assertThat(endedAfter)
        .as("ended by a retry, before the periodic reconcile (every minute) could end it")
        .isLessThan(Duration.ofMinutes(1));
    Awaitility.await()
        .alias("cleaned up in the reconcile after its end was stored")
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptionsInstanceOf(KubernetesClientException.class)
        .until(() -> status(name).getCleanedUpAt() != null);
  }

  /** A wordcount run with a 20 s window (checks it cannot pass: the window is what counts). */
  private void apply(String name) {
    harness.createWordcountRun(NS, name, "{warmup: 5s, measurement: 20s, timeout: 5m}", "");
  }

  /**
   * The run's status as the API server has it. Its polls ignore a failed read: on a loaded machine
   * the test's own client can fail to connect within its timeout, which is the hour's doing, not
   * the operator's, which these tests judge.
   */
  private BenchmarkRunStatus status(String name) {
    BenchmarkRun run = client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).get();
    return run == null || run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
  }

  private static boolean isTerminal(BenchmarkRunStatus status) {
    return status.getPhase() == Phase.Succeeded || status.getPhase() == Phase.Failed;
  }
}
