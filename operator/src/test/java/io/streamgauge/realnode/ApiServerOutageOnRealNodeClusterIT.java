package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.status.Phase;
import io.streamgauge.testing.TestRuns;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The operator as the chart ships it (its probes, its Lease) rides out an outage of the API server
 * of over a minute (75 s, and the API server's own start after it) on the real node: the kubelet
 * does not restart it (its liveness does not depend on the API server), it keeps its Lease (renewed
 * within 75 s), and it drives runs again once the API server answers. The API server is stopped and
 * started again a minute later, as in an upgrade of the control plane: its clients' requests are
 * refused meanwhile.
 */
@ExtendWith(RealClusterExtension.class)
@Tag("full")
@Tag("slice-3")
class ApiServerOutageOnRealNodeClusterIT {

  private static final String NS = "realnode-outage";
  private static final Duration OUTAGE = Duration.ofSeconds(75);
  private static final Map<String, String> OPERATOR_POD =
      Map.of("app.kubernetes.io/name", "streamgauge-operator");

  @Test
  void theShippedOperatorRidesOutOverAMinuteWithoutItsApiServer(RealCluster cluster)
      throws Exception {
    KubernetesClient client = cluster.client();
    cluster.createNamespace(NS);
    Pod before = operatorPod(client);
    String holder = leaseHolder(client);
    assertThat(holder).as("the chart's operator leads").isEqualTo(before.getMetadata().getName());

    cluster.stopApiServerFor(OUTAGE);

    Awaitility.await("the operator's pod Ready again")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofSeconds(2))
        .ignoreExceptions()
        .until(() -> ready(operatorPod(client)));
    Pod after = operatorPod(client);
    assertThat(after.getMetadata().getUid())
        .as("the same pod")
        .isEqualTo(before.getMetadata().getUid());
    assertThat(restarts(after))
        .as(
            "the kubelet did not restart it, nor did it exit on losing its Lease; how its last"
                + " instance ended: %s",
            lastStates(after))
        .isEqualTo(restarts(before));
    assertThat(leaseHolder(client)).as("it kept its Lease").isEqualTo(holder);

    // And it reconciles: a run it must refuse is refused at once.
    TestRuns.create(
        client,
        NS,
        "after-outage",
        """
        scenario: wordcount
        processingGuarantee: at_least_once
        app: {image: example.invalid/app:1}
        prometheus: {url: "http://prometheus.nowhere"}
        """);
    Awaitility.await("the run refused")
        .atMost(Duration.ofMinutes(1))
        .until(
            () -> {
              BenchmarkRun run =
                  client
                      .resources(BenchmarkRun.class)
                      .inNamespace(NS)
                      .withName("after-outage")
                      .get();
              return run.getStatus() != null && run.getStatus().getPhase() == Phase.Failed;
            });
    cluster.finish(NS);
  }

  private static Pod operatorPod(KubernetesClient client) {
    List<Pod> pods =
        client
            .pods()
            .inNamespace(RealClusterExtension.OPERATOR_NAMESPACE)
            .withLabels(OPERATOR_POD)
            .list()
            .getItems();
    assertThat(pods).as("the chart's operator pod").hasSize(1);
    return pods.get(0);
  }

  private static boolean ready(Pod pod) {
    return pod.getStatus().getConditions().stream()
        .anyMatch(c -> c.getType().equals("Ready") && c.getStatus().equals("True"));
  }

  private static int restarts(Pod pod) {
    return pod.getStatus().getContainerStatuses().stream().mapToInt(s -> s.getRestartCount()).sum();
  }

  /** Each container's previous instance's end (reason, exit code, message), for a failure. */
  private static String lastStates(Pod pod) {
    return pod.getStatus().getContainerStatuses().stream()
        .map(s -> s.getName() + ": " + s.getLastState())
        .toList()
        .toString();
  }

  private static String leaseHolder(KubernetesClient client) {
    Lease lease =
        client
            .leases()
            .inNamespace(RealClusterExtension.OPERATOR_NAMESPACE)
            .withName("streamgauge-operator")
            .get();
    return lease.getSpec().getHolderIdentity();
  }
}
