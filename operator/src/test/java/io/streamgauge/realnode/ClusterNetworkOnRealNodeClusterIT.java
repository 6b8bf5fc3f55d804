package io.streamgauge.realnode;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.readiness.Readiness;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The test cluster's network behaves as a user's cluster does where the product can tell, while
 * nothing leaves this machine. A client calling a Service before it has a ready endpoint (the
 * operator posting a run's windows right after its latency consumer turned Ready) is refused at
 * once, as kube-proxy refuses it. A client still using a deleted Service's address is dropped by
 * the guard, as the gateway of a real cluster would lose it, without failing the tests' check that
 * no pod tried to leave the machine. A pod has no route off the machine at all.
 */
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClusterNetworkOnRealNodeClusterIT {

  private static final String NS = "realnode-network";
  private static final String PROBE = "probe";

  /** Longer than a refusal takes; a dropped SYN is retransmitted for about two minutes. */
  private static final int CONNECT_LIMIT_SECONDS = 20;

  private RealCluster cluster;
  private KubernetesClient client;

  @BeforeAll
  void startProbe(RealCluster cluster) {
    this.cluster = cluster;
    this.client = cluster.client();
    cluster.createNamespace(NS);
    Pod probe =
        new PodBuilder()
            .withNewMetadata()
            .withName(PROBE)
            .endMetadata()
            .withNewSpec()
            .withTerminationGracePeriodSeconds(0L)
            .addNewContainer()
            .withName(PROBE)
            .withImage("ghcr.io/streamgauge/streams-app:0.1.0")
            .withCommand("sleep", "3600")
            .endContainer()
            .endSpec()
            .build();
    client.pods().inNamespace(NS).resource(probe).create();
    client
        .pods()
        .inNamespace(NS)
        .withName(PROBE)
        .waitUntilCondition(Readiness::isPodReady, 2, TimeUnit.MINUTES);
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  @Test
  void aServiceWithoutAReadyEndpointRefusesAConnectionAtOnceAndTheGuardDropsNothing() {
    Service empty =
        client
            .services()
            .inNamespace(NS)
            .resource(
                new ServiceBuilder()
                    .withNewMetadata()
                    .withName("no-endpoint")
                    .endMetadata()
                    .withNewSpec()
                    .withSelector(Map.of("app", "nothing-selects-this"))
                    .addNewPort()
                    .withPort(8080)
                    .endPort()
                    .endSpec()
                    .build())
            .create();
    long droppedBefore = cluster.guardDroppedPackets();

    CommandResult connect =
        connectFromProbe(empty.getSpec().getClusterIP(), 8080, CONNECT_LIMIT_SECONDS);

    assertThat(connect.exitCode())
        .as("connect to a Service without endpoints: %s", connect)
        .isEqualTo(1);
    assertThat(connect.stderr()).contains("Connection refused");
    assertThat(cluster.guardDroppedPackets()).isEqualTo(droppedBefore);
  }

  @Test
  void aServiceAddressNoServiceHasIsDroppedWithoutCountingAsTrafficOffTheMachine() {
    Set<String> taken =
        client.services().inAnyNamespace().list().getItems().stream()
            .map(service -> service.getSpec().getClusterIP())
            .collect(Collectors.toSet());
    String unused =
        IntStream.rangeClosed(200, 254)
            .mapToObj(host -> "10.0.0." + host)
            .filter(address -> !taken.contains(address))
            .findFirst()
            .orElseThrow();
    long droppedBefore = cluster.guardDroppedPackets();
    long noServiceBefore = cluster.guardNoServicePackets();

    CommandResult connect = connectFromProbe(unused, 8080, 3);

    assertThat(connect.exitCode()).as("connect to %s: %s", unused, connect).isEqualTo(124);
    assertThat(cluster.guardNoServicePackets()).isGreaterThan(noServiceBefore);
    assertThat(cluster.guardAddresses(RealCluster.GUARD_LOG + "-services")).contains(unused);
    assertThat(cluster.guardDroppedPackets()).isEqualTo(droppedBefore);
  }

  @Test
  void aPodHasNoRouteOffThisMachine() {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never anyone's address.
    CommandResult connect = connectFromProbe("192.0.2.1", 80, CONNECT_LIMIT_SECONDS);

    assertThat(connect.exitCode()).as("connect off the machine: %s", connect).isEqualTo(1);
    assertThat(connect.stderr()).contains("Network is unreachable");
  }

  /**
   * Opens a TCP connection from the probe pod with bash's /dev/tcp: exit 0 when it connected, 1
   * with the system's error when it failed, 124 when it hung past {@code limitSeconds}.
   */
  private CommandResult connectFromProbe(String address, int port, int limitSeconds) {
    return cluster.kubectl(
        "exec",
        "-n",
        NS,
        PROBE,
        "--",
        "timeout",
        String.valueOf(limitSeconds),
        "bash",
        "-c",
        "exec 3<>/dev/tcp/" + address + "/" + port);
  }
}
