package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicy;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBinding;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.testing.InvalidSpecs;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
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

  /**
   * The aggregated roles: a namespace's `edit` users may create runs there, `view` users may read
   * but not create them — with no binding beyond the built-in roles.
   */
  @Test
  void namespaceEditorsMayCreateRunsAndViewersOnlyReadThem(TestControlPlane plane)
      throws Exception {
    KubernetesClient admin = plane.client();
    try (InputStream in =
        Files.newInputStream(RepoFiles.repoDir().resolve("deploy/operator-rbac.yaml"))) {
      admin.load(in).serverSideApply();
    }
    String ns = "team-a";
    admin
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .serverSideApply();
    bind(admin, ns, "alice", "edit");
    bind(admin, ns, "bob", "view");
    BenchmarkRun run =
        admin
            .getKubernetesSerialization()
            .unmarshal(
                """
                apiVersion: streamgauge.io/v1alpha1
                kind: BenchmarkRun
                metadata: {name: by-alice}
                spec:
                """
                    + InvalidSpecs.VALID.indent(2),
                BenchmarkRun.class);

    try (KubernetesClient alice = as(admin, "alice");
        KubernetesClient bob = as(admin, "bob")) {
      // The aggregation controller adds the rules to `edit` and `view` shortly after they exist.
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptions()
          .until(
              () ->
                  alice.resources(BenchmarkRun.class).inNamespace(ns).resource(run).create()
                      != null);
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptions()
          .until(
              () ->
                  bob.resources(BenchmarkRun.class).inNamespace(ns).withName("by-alice").get()
                      != null);
      run.getMetadata().setName("by-bob");
      assertThatThrownBy(
              () -> bob.resources(BenchmarkRun.class).inNamespace(ns).resource(run).create())
          .isInstanceOfSatisfying(
              KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
    }
  }

  /**
   * deploy/admission-policy.yaml: the operator reads the Secrets a run names, so a user who may
   * create runs but not read Secrets cannot name one — in a run or a suite's template; a user who
   * may read it can, and a run naming none needs no such right.
   */
  @Test
  void aRunOrSuiteNamingASecretItsAuthorMayNotGetIsRefused(TestControlPlane plane)
      throws Exception {
    KubernetesClient admin = plane.client();
    for (String file : new String[] {"operator-rbac.yaml", "admission-policy.yaml"}) {
      try (InputStream in = Files.newInputStream(RepoFiles.repoDir().resolve("deploy/" + file))) {
        admin.load(in).serverSideApply();
      }
    }
    String ns = "team-b";
    admin
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .serverSideApply();
    bind(admin, ns, "carol", "streamgauge-benchmarkruns-edit");
    bind(admin, ns, "dave", "edit");
    String kafka =
        """
        kafka:
          external:
            bootstrapServers: kafka.example.invalid:9093
            authentication:
              type: scram-sha-512
              username: perf-user
              passwordSecret: {secretName: perf-user, password: password}
        """;
    try (KubernetesClient carol = as(admin, "carol");
        KubernetesClient dave = as(admin, "dave")) {
      // The policy is enforced a moment after it exists: until then carol's run is accepted.
      try {
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> refused(carol, admin, ns, run(admin, "by-carol", kafka)));
      } catch (ConditionTimeoutException e) {
        throw new AssertionError(
            "carol's run was never refused; the policy's type checking: " + typeChecking(admin), e);
      }

      assertThat(dave.resource(run(admin, "by-dave", kafka)).inNamespace(ns).create())
          .as("dave may get the Secret")
          .isNotNull();
      assertThat(carol.resource(run(admin, "plain-by-carol", "")).inNamespace(ns).create())
          .as("a run naming no Secret")
          .isNotNull();
      BenchmarkSuite suite =
          admin
              .getKubernetesSerialization()
              .unmarshal(
                  """
                  apiVersion: streamgauge.io/v1alpha1
                  kind: BenchmarkSuite
                  metadata: {name: suite-by-carol}
                  spec:
                    template:
                  %s
                    matrix:
                      variants: [{name: a}, {name: b}]
                  """
                      .formatted((InvalidSpecs.VALID + kafka).indent(4)),
                  BenchmarkSuite.class);
      assertThatThrownBy(() -> carol.resource(suite).inNamespace(ns).create())
          .isInstanceOfSatisfying(
              KubernetesClientException.class,
              e ->
                  assertThat(e.getMessage())
                      .contains(
                          "you may not get every Secret this BenchmarkSuite names for its Kafka"
                              + " (perf-user) in namespace team-b"));
    } finally {
      admin
          .resources(ValidatingAdmissionPolicyBinding.class)
          .withName("streamgauge-secret-access")
          .delete();
      admin
          .resources(ValidatingAdmissionPolicy.class)
          .withName("streamgauge-secret-access")
          .delete();
    }
  }

  /**
   * Creates {@code run} as {@code user}: true when refused as naming a Secret it may not get; when
   * accepted, deletes it and answers false.
   */
  private static boolean refused(
      KubernetesClient user, KubernetesClient admin, String ns, BenchmarkRun run) {
    try {
      user.resource(run).inNamespace(ns).create();
      admin.resource(run).inNamespace(ns).delete();
      return false;
    } catch (KubernetesClientException e) {
      assertThat(e.getCode()).as(e.getMessage()).isEqualTo(403);
      assertThat(e.getMessage())
          .contains(
              "you may not get every Secret this BenchmarkRun names for its Kafka (perf-user) in"
                  + " namespace team-b");
      return true;
    }
  }

  /** What the API server's type checking of the policy says (its warnings), as text. */
  private static String typeChecking(KubernetesClient admin) {
    ValidatingAdmissionPolicy policy =
        admin
            .resources(ValidatingAdmissionPolicy.class)
            .withName("streamgauge-secret-access")
            .get();
    return policy == null || policy.getStatus() == null
        ? "none yet"
        : String.valueOf(policy.getStatus().getTypeChecking());
  }

  private static BenchmarkRun run(KubernetesClient admin, String name, String extraSpec) {
    return admin
        .getKubernetesSerialization()
        .unmarshal(
            """
            apiVersion: streamgauge.io/v1alpha1
            kind: BenchmarkRun
            metadata: {name: %s}
            spec:
            %s"""
                .formatted(name, (InvalidSpecs.VALID + extraSpec).indent(2)),
            BenchmarkRun.class);
  }

  private static void bind(KubernetesClient admin, String ns, String user, String clusterRole) {
    admin
        .resource(
            new RoleBindingBuilder()
                .withNewMetadata()
                .withName(user + "-" + clusterRole)
                .withNamespace(ns)
                .endMetadata()
                .withNewRoleRef()
                .withApiGroup("rbac.authorization.k8s.io")
                .withKind("ClusterRole")
                .withName(clusterRole)
                .endRoleRef()
                .addNewSubject()
                .withApiGroup("rbac.authorization.k8s.io")
                .withKind("User")
                .withName(user)
                .endSubject()
                .build())
        .serverSideApply();
  }

  private static KubernetesClient as(KubernetesClient admin, String user) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder(admin.getConfiguration())
                .withImpersonateUsername(user)
                .withImpersonateGroups("system:authenticated")
                .build())
        .build();
  }
}
