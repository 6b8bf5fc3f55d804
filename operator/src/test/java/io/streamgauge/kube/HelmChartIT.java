package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicy;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBinding;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.platform.kubernetes.ClientImages;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Helm chart: lint, what it renders with default and other values, values its schema refuses, a
 * server-side dry run of the rendered manifests on a real API server, and a real install whose
 * operator Deployment comes up (kwok runs its pod).
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HelmChartIT {

  private static final String CHART = RepoFiles.repoDir().resolve("charts/streamgauge").toString();
  private static final String KUBE_VERSION = "--kube-version=1.33.4";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Values a real installation would change. */
  private static final String CUSTOM_VALUES =
      """
      image: {registry: registry.example:5000/streamgauge, tag: "0.1.0-rc1"}
      clientImages:
        loadGenerator: {repository: load-generator, tag: "0.1.0-rc1"}
        latencyConsumer: {repository: latency-consumer, tag: "0.1.0-rc1"}
      referenceApps:
        kafka-streams: {repository: streams-app, tag: "0.1.0-rc1"}
        stoatflow: {repository: stoatflow-app}
      watchNamespaces: [team-a, team-b]
      resources:
        requests: {cpu: 200m, memory: 384Mi}
        limits: {cpu: "2", memory: 768Mi}
      metrics:
        serviceMonitor: {enabled: true, interval: 15s, labels: {release: prometheus}}
      cadvisor:
        serviceMonitor: {enabled: true, labels: {release: prometheus}, namespaces: [team-a, team-b]}
      runs:
        podMonitorLabels: {release: prometheus}
        networkPolicy: {enabled: true, prometheusNamespaces: [monitoring, observability]}
      dashboards:
        enabled: true
        annotations: {grafana_folder: Streamgauge}
      """;

  @TempDir static Path dir;
  private TestControlPlane plane;
  private KubernetesClient client;
  private Path customValues;

  @BeforeAll
  void setUp(TestControlPlane plane) throws IOException {
    this.plane = plane;
    this.client = plane.client();
    customValues = Files.writeString(dir.resolve("values.yaml"), CUSTOM_VALUES);
    for (String ns : List.of("team-a", "team-b")) {
      client
          .namespaces()
          .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .serverSideApply();
    }
  }

  @Test
  void lintPassesWithDefaultAndCustomValues() {
    CommandResult defaults = plane.helm("lint", "--strict", CHART, KUBE_VERSION);
    CommandResult custom =
        plane.helm("lint", "--strict", CHART, KUBE_VERSION, "-f", customValues.toString());

    assertThat(defaults.succeeded()).as(defaults.stdout() + defaults.stderr()).isTrue();
    assertThat(custom.succeeded()).as(custom.stdout() + custom.stderr()).isTrue();
  }

  @Test
  void defaultsRenderAHardenedOperatorWatchingEveryNamespace() throws IOException {
    List<HasMetadata> objects = render();

    assertThat(objects)
        .extracting(HasMetadata::getKind)
        .containsExactlyInAnyOrder(
            "ServiceAccount",
            "ClusterRole",
            "ClusterRole",
            "ClusterRole",
            "ClusterRoleBinding",
            "Role",
            "RoleBinding",
            "Service",
            "Deployment",
            "ValidatingAdmissionPolicy",
            "ValidatingAdmissionPolicyBinding");
    Deployment deployment = only(objects, Deployment.class);
    PodSpec pod = deployment.getSpec().getTemplate().getSpec();
    var container = pod.getContainers().get(0);
    assertThat(container.getImage()).isEqualTo("ghcr.io/streamgauge/operator:0.1.0");
    assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
    assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
    assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
    assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
    assertThat(container.getVolumeMounts())
        .extracting(m -> m.getMountPath())
        .containsExactly("/tmp");
    assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/health");
    assertThat(container.getLivenessProbe().getHttpGet().getPath())
        .as("liveness does not depend on the API server")
        .isEqualTo("/livez");
    assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/health");
    assertThat(container.getResources().getLimits()).containsKeys("cpu", "memory");
    assertThat(env(deployment))
        .containsEntry("STREAMGAUGE_WATCH_NAMESPACES", "")
        .containsEntry("STREAMGAUGE_POD_MONITOR_LABELS", "")
        .containsEntry("STREAMGAUGE_OPERATOR_PORT", "8080")
        .containsEntry("STREAMGAUGE_SCHEDULING_GRACE", "1m")
        .containsEntry("STREAMGAUGE_FIRST_SCRAPE_WAIT", "5m")
        .containsEntry("STREAMGAUGE_PROMETHEUS_URLS", "")
        .containsEntry("STREAMGAUGE_LATENCY_NETWORK_POLICY", "true")
        .containsEntry("STREAMGAUGE_LEADER_ELECTION", "true")
        .containsEntry(
            "STREAMGAUGE_LOAD_GENERATOR_IMAGE", "ghcr.io/streamgauge/load-generator:0.1.0");
    ClusterRoleBinding binding = only(objects, ClusterRoleBinding.class);
    assertThat(binding.getSubjects().get(0).getName()).isEqualTo(pod.getServiceAccountName());
    assertThat(binding.getSubjects().get(0).getNamespace()).isEqualTo("sg-system");
    Role election = only(objects, Role.class);
    assertThat(election.getMetadata().getNamespace())
        .as("the Lease lives in the release's namespace")
        .isEqualTo("sg-system");
    assertThat(election.getRules())
        .singleElement()
        .satisfies(r -> assertThat(r.getResources()).containsExactly("leases"));
  }

  @Test
  void theChartGrantsExactlyTheRulesOfDeployOperatorRbac() throws IOException {
    Map<String, ClusterRole> chart = byNameSuffix(render(), "streamgauge");
    Map<String, ClusterRole> deploy;
    try (InputStream in =
        Files.newInputStream(RepoFiles.repoDir().resolve("deploy/operator-rbac.yaml"))) {
      deploy = byNameSuffix(client.load(in).items(), "streamgauge");
    }

    assertThat(chart.keySet())
        .containsExactlyInAnyOrder("-operator", "-benchmarkruns-edit", "-benchmarkruns-view");
    assertThat(deploy.keySet()).isEqualTo(chart.keySet());
    chart.forEach(
        (suffix, role) -> {
          assertThat(role.getRules()).as(suffix).isEqualTo(deploy.get(suffix).getRules());
          assertThat(role.getMetadata().getLabels())
              .as(suffix)
              .containsAllEntriesOf(
                  deploy.get(suffix).getMetadata().getLabels() == null
                      ? Map.of()
                      : deploy.get(suffix).getMetadata().getLabels());
        });
  }

  /** The chart's admission policy is deploy/admission-policy.yaml's, bound to deny. */
  @Test
  void theChartRefusesRunsNamingUnreadableSecretsWithThePolicyOfDeploy() throws IOException {
    List<HasMetadata> objects = render();
    ValidatingAdmissionPolicy chart = only(objects, ValidatingAdmissionPolicy.class);
    ValidatingAdmissionPolicy deploy;
    try (InputStream in =
        Files.newInputStream(RepoFiles.repoDir().resolve("deploy/admission-policy.yaml"))) {
      deploy = only(client.load(in).items(), ValidatingAdmissionPolicy.class);
    }

    assertThat(chart.getSpec()).isEqualTo(deploy.getSpec());
    ValidatingAdmissionPolicyBinding binding =
        only(objects, ValidatingAdmissionPolicyBinding.class);
    assertThat(binding.getSpec().getPolicyName()).isEqualTo(chart.getMetadata().getName());
    assertThat(binding.getSpec().getValidationActions()).containsExactly("Deny");
    assertThat(render("--set", "admissionPolicy.enabled=false"))
        .noneMatch(o -> o instanceof ValidatingAdmissionPolicy);
  }

  /**
   * The chart says Kubernetes 1.28+ and ValidatingAdmissionPolicy v1 is GA in 1.30: on 1.28-1.29
   * (or a cluster whose API server does not serve it) the chart renders none, and installs there;
   * on 1.30 it does. A live install asks the API server (see the install test).
   */
  @Test
  void theAdmissionPolicyIsRenderedOnlyWhereTheClusterHasIt() throws IOException {
    for (String old : List.of("1.28.0", "1.29.9")) {
      assertThat(render("--kube-version=" + old))
          .as("Kubernetes " + old)
          .noneMatch(o -> o instanceof ValidatingAdmissionPolicy)
          .noneMatch(o -> o instanceof ValidatingAdmissionPolicyBinding)
          .anyMatch(o -> o.getKind().equals("Deployment"));
    }
    assertThat(
            render(
                "--kube-version=1.29.9",
                "--api-versions=admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy"))
        .as("an API server that serves it")
        .anyMatch(o -> o instanceof ValidatingAdmissionPolicy);
    assertThat(render("--kube-version=1.30.0"))
        .anyMatch(o -> o instanceof ValidatingAdmissionPolicy)
        .anyMatch(o -> o instanceof ValidatingAdmissionPolicyBinding);
  }

  /**
   * Where the chart renders no admission policy (Kubernetes 1.28 and 1.29), its notes say so and
   * what protects the Secrets a run names instead; where it renders one, they say nothing of it.
   */
  @Test
  void theNotesWarnOnlyWhereNoAdmissionPolicyGuardsTheSecretsARunNames() throws IOException {
    Path chart = Path.of(CHART);
    for (String old : List.of("1.28.0", "1.29.9")) {
      assertThat(ChartNotes.render(plane, chart, "sg", dir, "--kube-version=" + old))
          .as("Kubernetes " + old)
          .contains(
              "NO ADMISSION POLICY: this cluster (Kubernetes v" + old + ")",
              "give that right to no one else",
              "No image is published yet");
    }
    for (String[] covered :
        List.of(
            new String[] {"--kube-version=1.30.0"},
            new String[] {
              "--kube-version=1.29.9",
              "--api-versions=admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy"
            })) {
      assertThat(ChartNotes.render(plane, chart, "sg", dir, covered))
          .as(String.join(" ", covered))
          .contains("kubectl wait -n bench --for=condition=Ended")
          .doesNotContain("NO ADMISSION POLICY");
    }
    assertThat(
            ChartNotes.render(
                plane,
                chart,
                "sg",
                dir,
                "--kube-version=1.29.9",
                "--set",
                "admissionPolicy.enabled=false"))
        .as("a policy switched off on purpose needs no warning")
        .doesNotContain("NO ADMISSION POLICY");
  }

  /**
   * The ClusterRoles by what follows {@code prefix} in their names ({@code -operator} for the one
   * without a suffix of its own: the chart's is named after the release).
   */
  private static Map<String, ClusterRole> byNameSuffix(List<HasMetadata> objects, String prefix) {
    Map<String, ClusterRole> roles = new java.util.TreeMap<>();
    for (HasMetadata o : objects) {
      if (o instanceof ClusterRole role) {
        String name = role.getMetadata().getName();
        String suffix = name.substring(name.indexOf(prefix) + prefix.length());
        roles.put(suffix.isEmpty() || suffix.equals("-operator") ? "-operator" : suffix, role);
      }
    }
    return roles;
  }

  @Test
  void customValuesChangeWhatTheySay() throws IOException {
    List<HasMetadata> objects = render("-f", customValues.toString());

    Deployment deployment = only(objects, Deployment.class);
    assertThat(deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("registry.example:5000/streamgauge/operator:0.1.0-rc1");
    assertThat(env(deployment))
        .containsEntry("STREAMGAUGE_WATCH_NAMESPACES", "team-a,team-b")
        .containsEntry("STREAMGAUGE_POD_MONITOR_LABELS", "release=prometheus")
        .containsEntry("STREAMGAUGE_LATENCY_NETWORK_POLICY", "true")
        .containsEntry("STREAMGAUGE_PROMETHEUS_NAMESPACES", "monitoring,observability")
        .containsEntry(
            "STREAMGAUGE_LATENCY_CONSUMER_IMAGE",
            "registry.example:5000/streamgauge/latency-consumer:0.1.0-rc1")
        .containsEntry(
            "STREAMGAUGE_SCHEMA_REGISTRY_IMAGE",
            "registry.example:5000/streamgauge/schema-registry:" + ClientImages.VERSION)
        .containsEntry(
            "STREAMGAUGE_REFERENCE_APP_IMAGES",
            "flink=registry.example:5000/streamgauge/flink-app:"
                + ClientImages.VERSION
                + ",kafka-clients=registry.example:5000/streamgauge/clients-app:"
                + ClientImages.VERSION
                + ",kafka-streams=registry.example:5000/streamgauge/streams-app:0.1.0-rc1,"
                + "stoatflow=registry.example:5000/streamgauge/stoatflow-app:"
                + ClientImages.VERSION);
    assertThat(
            deployment
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getResources()
                .getLimits()
                .get("memory")
                .toString())
        .isEqualTo("768Mi");
    assertThat(objects)
        .filteredOn(o -> o instanceof ClusterRoleBinding)
        .as("the only cluster-wide right of a namespace-scoped install: reading nodes")
        .singleElement()
        .satisfies(
            b ->
                assertThat(((ClusterRoleBinding) b).getRoleRef().getName())
                    .isEqualTo("sg-streamgauge-nodes"));
    assertThat(
            objects.stream()
                .filter(o -> o.getMetadata().getName().equals("sg-streamgauge-nodes"))
                .filter(ClusterRole.class::isInstance)
                .map(ClusterRole.class::cast)
                .flatMap(r -> r.getRules().stream()))
        .singleElement()
        .satisfies(r -> assertThat(r.getResources()).containsExactly("nodes"));
    assertThat(render("-f", customValues.toString(), "--set", "rbac.readNodes=false"))
        .noneMatch(o -> o instanceof ClusterRoleBinding);
    assertThat(
            objects.stream()
                .filter(RoleBinding.class::isInstance)
                .filter(o -> !o.getMetadata().getName().endsWith("-leader-election"))
                .map(o -> o.getMetadata().getNamespace()))
        .containsExactlyInAnyOrder("team-a", "team-b");
    GenericKubernetesResource monitor = serviceMonitor(objects, "sg-streamgauge");
    assertThat(monitor.getMetadata().getLabels()).containsEntry("release", "prometheus");
    GenericKubernetesResource cadvisor = serviceMonitor(objects, "sg-streamgauge-cadvisor");
    assertThat(cadvisor.getMetadata().getLabels()).containsEntry("release", "prometheus");
    assertThat(JSON.valueToTree(cadvisor.getAdditionalProperties().get("spec")).toString())
        .as("the kubelets' cAdvisor endpoint, only the dropped series, only the runs' namespaces")
        .contains("\"matchNames\":[\"kube-system\"]")
        .contains("\"path\":\"/metrics/cadvisor\"")
        .contains(
            "{\"sourceLabels\":[\"__name__\"],\"action\":\"keep\","
                + "\"regex\":\"container_cpu_cfs_throttled_seconds_total\"}")
        .contains(
            "{\"sourceLabels\":[\"namespace\"],\"action\":\"keep\",\"regex\":\"team-a|team-b\"}");
    List<ConfigMap> dashboards =
        objects.stream().filter(ConfigMap.class::isInstance).map(ConfigMap.class::cast).toList();
    assertThat(dashboards).hasSize(2);
    for (ConfigMap dashboard : dashboards) {
      assertThat(dashboard.getMetadata().getLabels()).containsEntry("grafana_dashboard", "1");
      assertThat(dashboard.getMetadata().getAnnotations())
          .containsEntry("grafana_folder", "Streamgauge");
      String file = dashboard.getData().keySet().iterator().next();
      assertThat(dashboard.getData().get(file) + "\n")
          .as("the dashboard as in dashboards/" + file)
          .isEqualTo(Files.readString(RepoFiles.repoDir().resolve("dashboards").resolve(file)));
    }
  }

  /** Two replicas: a leader and a standby behind the Lease; never without leader election. */
  @Test
  void twoReplicasComeWithLeaderElectionOnly() throws IOException {
    Deployment two = only(render("--set", "replicas=2"), Deployment.class);
    assertThat(two.getSpec().getReplicas()).isEqualTo(2);
    assertThat(env(two)).containsEntry("STREAMGAUGE_LEADER_ELECTION", "true");

    CommandResult withoutLease =
        plane.helm(
            "template",
            "sg",
            CHART,
            KUBE_VERSION,
            "--set",
            "replicas=2",
            "--set",
            "leaderElection.enabled=false");
    CommandResult three = plane.helm("template", "sg", CHART, KUBE_VERSION, "--set", "replicas=3");

    assertThat(withoutLease.succeeded()).isFalse();
    assertThat(withoutLease.stderr())
        .contains(
            "replicas 2 needs leaderElection.enabled: without the Lease both pods would"
                + " drive every run");
    assertThat(three.succeeded()).isFalse();
    assertThat(three.stderr()).contains("replicas");
  }

  @Test
  void valuesTheSchemaRefusesFailTheInstallNamingTheField() {
    CommandResult port =
        plane.helm("template", "sg", CHART, KUBE_VERSION, "--set", "metrics.port=http");
    CommandResult typo =
        plane.helm("template", "sg", CHART, KUBE_VERSION, "--set", "watchNamespace[0]=x");
    CommandResult namespace =
        plane.helm("template", "sg", CHART, KUBE_VERSION, "--set", "watchNamespaces[0]=Team_A");
    CommandResult grace =
        plane.helm("template", "sg", CHART, KUBE_VERSION, "--set", "runs.schedulingGrace=60");
    CommandResult registry =
        plane.helm(
            "template", "sg", CHART, KUBE_VERSION, "--set", "image.registry=https://r.example/x");
    CommandResult monitorWithoutService =
        plane.helm(
            "template",
            "sg",
            CHART,
            KUBE_VERSION,
            "--set",
            "metrics.serviceMonitor.enabled=true",
            "--set",
            "metrics.service.enabled=false");

    assertThat(port.succeeded()).isFalse();
    assertThat(port.stderr()).contains("metrics", "port");
    assertThat(typo.succeeded()).isFalse();
    assertThat(typo.stderr()).contains("watchNamespace");
    assertThat(namespace.succeeded()).isFalse();
    assertThat(namespace.stderr()).contains("watchNamespaces");
    assertThat(grace.succeeded()).isFalse();
    assertThat(grace.stderr()).contains("schedulingGrace");
    assertThat(registry.succeeded()).as("a registry is host[:port]/path, no scheme").isFalse();
    assertThat(registry.stderr()).contains("image.registry");
    assertThat(monitorWithoutService.succeeded()).isFalse();
    assertThat(monitorWithoutService.stderr())
        .contains("metrics.serviceMonitor.enabled needs metrics.service.enabled");
  }

  @Test
  void theRenderedManifestsPassAServerSideDryRun() throws IOException {
    Path manifests = dir.resolve("rendered.yaml");
    Files.writeString(manifests, template("-f", customValues.toString()));
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName("sg-system").endMetadata().build())
        .serverSideApply();

    CommandResult dryRun = plane.kubectl("apply", "--dry-run=server", "-f", manifests.toString());

    assertThat(dryRun.succeeded()).as(dryRun.stderr()).isTrue();
    assertThat(dryRun.stdout())
        .contains("deployment.apps/sg-streamgauge created (server dry run)")
        .contains("servicemonitor.monitoring.coreos.com/sg-streamgauge created (server dry run)")
        .contains(
            "servicemonitor.monitoring.coreos.com/sg-streamgauge-cadvisor created (server dry run)")
        .contains("rolebinding.rbac.authorization.k8s.io/sg-streamgauge created (server dry run)");
  }

  @Test
  void theChartInstallsAndTheOperatorDeploymentBecomesAvailable() {
    CommandResult install =
        plane.helm(
            "install",
            "live",
            CHART,
            "--namespace",
            "sg-live",
            "--create-namespace",
            "--set",
            "metrics.serviceMonitor.enabled=true",
            "--wait",
            "--timeout",
            "120s");

    assertThat(install.succeeded()).as(install.stdout() + install.stderr()).isTrue();
    assertThat(install.stdout())
        .contains("STATUS: deployed", "kubectl wait -n bench --for=condition=Ended")
        .as("until images are published, the notes say they must be the user's own")
        .contains("No image is published yet")
        .as("Kubernetes 1.33 serves ValidatingAdmissionPolicy: no warning about its absence")
        .doesNotContain("NO ADMISSION POLICY");
    assertThat(
            client
                .admissionRegistration()
                .v1()
                .validatingAdmissionPolicies()
                .withName("live-streamgauge-secret-access")
                .get())
        .as("the policy, rendered as helm asked the API server")
        .isNotNull();
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () ->
                assertThat(
                        client
                            .apps()
                            .deployments()
                            .inNamespace("sg-live")
                            .withName("live-streamgauge")
                            .get()
                            .getStatus()
                            .getAvailableReplicas())
                    .isEqualTo(1));
    CommandResult uninstall = plane.helm("uninstall", "live", "--namespace", "sg-live", "--wait");
    assertThat(uninstall.succeeded()).as(uninstall.stderr()).isTrue();
    assertThat(
            client.apps().deployments().inNamespace("sg-live").withName("live-streamgauge").get())
        .isNull();
  }

  private List<HasMetadata> render(String... args) throws IOException {
    String yaml = template(args);
    try (InputStream in = new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))) {
      return client.load(in).items();
    }
  }

  private String template(String... args) {
    List<String> command =
        new ArrayList<>(List.of("template", "sg", CHART, KUBE_VERSION, "-n", "sg-system"));
    command.addAll(List.of(args));
    CommandResult result = plane.helm(command.toArray(String[]::new));
    assertThat(result.succeeded()).as(result.stderr()).isTrue();
    return result.stdout();
  }

  private static GenericKubernetesResource serviceMonitor(List<HasMetadata> objects, String name) {
    return objects.stream()
        .filter(o -> o.getKind().equals("ServiceMonitor"))
        .filter(o -> o.getMetadata().getName().equals(name))
        .map(GenericKubernetesResource.class::cast)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no ServiceMonitor " + name));
  }

  private static <T> T only(List<HasMetadata> objects, Class<T> type) {
    List<T> matching = objects.stream().filter(type::isInstance).map(type::cast).toList();
    assertThat(matching).as(type.getSimpleName()).hasSize(1);
    return matching.get(0);
  }

  private static Map<String, String> env(Deployment deployment) {
    return deployment.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
        .collect(Collectors.toMap(EnvVar::getName, e -> e.getValue() == null ? "" : e.getValue()));
  }
}
