package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The test control plane behaves like a cluster: a Ready node that runs workloads. */
@ExtendWith(ControlPlaneExtension.class)
class ControlPlaneIT {

  private static final String NAMESPACE = "default";

  @Test
  void theApiServerReportsItsKubernetesVersionAsARealClusterDoes(TestControlPlane plane) {
    var version = plane.client().getKubernetesVersion();

    assertThat(version.getGitVersion()).as("stamped by make tools").isEqualTo("v1.33.4");
    assertThat(version.getMajor() + "." + version.getMinor()).isEqualTo("1.33");
  }

  @Test
  void kwokNodeIsReadyAndSizedLikeTheAppNode(TestControlPlane plane) {
    var node = plane.client().nodes().withName(TestControlPlane.NODE_NAME).get();

    assertThat(plane.isNodeReady(TestControlPlane.NODE_NAME)).isTrue();
    assertThat(node.getStatus().getAllocatable().get("cpu").toString()).isEqualTo("8");
    assertThat(node.getStatus().getAllocatable().get("memory").toString()).isEqualTo("32Gi");
  }

  @Test
  void deploymentPodIsScheduledOnTheKwokNodeAndRuns(TestControlPlane plane) {
    KubernetesClient client = plane.client();
    Deployment deployment =
        new DeploymentBuilder()
            .withNewMetadata()
            .withName("hello")
            .endMetadata()
            .withNewSpec()
            .withReplicas(1)
            .withNewSelector()
            .addToMatchLabels("app", "hello")
            .endSelector()
            .withNewTemplate()
            .withNewMetadata()
            .addToLabels("app", "hello")
            .endMetadata()
            .withNewSpec()
            .addNewContainer()
            .withName("hello")
            .withImage("example.invalid/hello:1")
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    client.apps().deployments().inNamespace(NAMESPACE).resource(deployment).create();

    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              List<Pod> pods =
                  client.pods().inNamespace(NAMESPACE).withLabel("app", "hello").list().getItems();
              assertThat(pods).hasSize(1);
              assertThat(pods.get(0).getSpec().getNodeName()).isEqualTo(TestControlPlane.NODE_NAME);
              assertThat(pods.get(0).getStatus().getPhase()).isEqualTo("Running");
            });
    String pod =
        client
            .pods()
            .inNamespace(NAMESPACE)
            .withLabel("app", "hello")
            .list()
            .getItems()
            .get(0)
            .getMetadata()
            .getName();
    assertThat(client.pods().inNamespace(NAMESPACE).withName(pod).inContainer("hello").getLog())
        .as("its log, served by kwok's kubelet API on loopback (the node's only address)")
        .isEqualTo(TestControlPlane.CONTAINER_LOG + "\n");
  }

  /**
   * kwok's pod-complete stage is left out (bin/kwok-pod-stages.yaml): a Job's pod keeps running as
   * a load generator's does, and the Job completes only once its pod does.
   */
  @Test
  void jobPodKeepsRunningUntilItCompletesAndThenTheJobSucceeds(TestControlPlane plane)
      throws Exception {
    KubernetesClient client = plane.client();
    Job job =
        new JobBuilder()
            .withNewMetadata()
            .withName("once")
            .endMetadata()
            .withNewSpec()
            .withBackoffLimit(0)
            .withNewTemplate()
            .withNewSpec()
            .withRestartPolicy("Never")
            .addNewContainer()
            .withName("once")
            .withImage("example.invalid/once:1")
            .endContainer()
            .endSpec()
            .endTemplate()
            .endSpec()
            .build();
    client.batch().v1().jobs().inNamespace(NAMESPACE).resource(job).create();
    Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> runningPod(client).isPresent());
    Thread.sleep(3000);
    Pod pod = runningPod(client).orElseThrow();
    assertThat(
            client
                .batch()
                .v1()
                .jobs()
                .inNamespace(NAMESPACE)
                .withName("once")
                .get()
                .getStatus()
                .getSucceeded())
        .as("still running 3 s later")
        .isNull();

    pod.getStatus().setPhase("Succeeded");
    client.pods().inNamespace(NAMESPACE).resource(pod).updateStatus();

    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              Job current =
                  client.batch().v1().jobs().inNamespace(NAMESPACE).withName("once").get();
              assertThat(current.getStatus().getSucceeded()).isEqualTo(1);
            });
  }

  private static java.util.Optional<Pod> runningPod(KubernetesClient client) {
    return client
        .pods()
        .inNamespace(NAMESPACE)
        .withLabel("job-name", "once")
        .list()
        .getItems()
        .stream()
        .filter(p -> p.getStatus() != null && "Running".equals(p.getStatus().getPhase()))
        .findFirst();
  }
}
