package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** deploy/ applies to a real API server and the operator's pod runs as its service account. */
@ExtendWith(ControlPlaneExtension.class)
class DeployManifestsIT {

  @Test
  void theOperatorDeploymentIsAcceptedAndRunsAsItsServiceAccount(TestControlPlane plane)
      throws Exception {
    KubernetesClient client = plane.client();
    for (String file : new String[] {"operator-rbac.yaml", "operator.yaml"}) {
      try (InputStream in = Files.newInputStream(RepoFiles.repoDir().resolve("deploy/" + file))) {
        client.load(in).serverSideApply();
      }
    }

    Deployment operator =
        client
            .apps()
            .deployments()
            .inNamespace("streamgauge")
            .withName("streamgauge-operator")
            .get();
    assertThat(operator.getSpec().getTemplate().getSpec().getServiceAccountName())
        .isEqualTo("streamgauge-operator");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                client
                    .pods()
                    .inNamespace("streamgauge")
                    .withLabel("app.kubernetes.io/name", "streamgauge-operator")
                    .list()
                    .getItems()
                    .stream()
                    .map(Pod::getStatus)
                    .anyMatch(s -> s != null && "Running".equals(s.getPhase())));
  }
}
