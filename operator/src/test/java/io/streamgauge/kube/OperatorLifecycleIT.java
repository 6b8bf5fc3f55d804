package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.FaultStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.summary.FaultSummary;
import io.streamgauge.chart.ArgoCdHealth;
import io.streamgauge.chart.FluxHealth;
import io.streamgauge.metrics.Component;
import io.streamgauge.operator.LeaderElection;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.platform.kubernetes.PodMonitors;
import io.streamgauge.platform.kubernetes.StrimziV1;
import io.streamgauge.run.Recheck;
import io.streamgauge.testing.KwokRunHarness;
import io.streamgauge.testing.OversizedAnswerPrometheus;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.TestRuns;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.prometheus.PrometheusServer;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A wordcount EOS run from Pending to Succeeded through the real operator on the real control
 * plane, and how runs fail there: {@link KwokRunHarness} runs the pods with kwok, plays Strimzi on
 * a real local broker, and gives each run a real latency consumer, the app's metrics and Prometheus
 * as local processes labelled as the run's pods, with a local producer standing in for the app.
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorLifecycleIT {

  private static final String NS = "lifecycle-it";
  private static final String RUN = "wc";

  /** The finalizer of a run on a shared Kafka. */
  private static final String SHARED_KAFKA_FINALIZER = "streamgauge.io/shared-kafka";

  private static final ObjectMapper JSON = new ObjectMapper();

  private KwokRunHarness harness;
  private KubernetesClient client;
  private KafkaBroker broker;
  private PrometheusServer prometheus;
  private TestControlPlane plane;

  @BeforeAll
  void start(TestControlPlane plane) throws Exception {
    this.plane = plane;
    harness = KwokRunHarness.start(plane, NS, RUN);
    client = harness.client();
    broker = harness.broker();
    prometheus = harness.prometheus();
  }

  @AfterAll
  void stop() throws Exception {
    if (harness != null) {
      harness.close();
    }
  }

  @Test
  void aWordcountRunGoesFromPendingToSucceededWithItsSummaryAndResults() throws Exception {
    apply(RUN, "10s");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(RUN).getPhase() == Phase.Measuring);
    String runUid =
        client
            .resources(BenchmarkRun.class)
            .inNamespace(NS)
            .withName(RUN)
            .get()
            .getMetadata()
            .getUid();
    Deployment app = client.apps().deployments().inNamespace(NS).withName(RUN + "-app").get();
    Deployment latencyConsumer =
        client.apps().deployments().inNamespace(NS).withName(RUN + "-latency").get();
    Job load = client.batch().v1().jobs().inNamespace(NS).withName(RUN + "-load").get();
    Secret token = client.secrets().inNamespace(NS).withName(RUN + "-api-token").get();
    assertThat(token.getData()).as("the run's latency API token").containsKey("token");
    for (var created : List.of(app, latencyConsumer, load, token)) {
      assertThat(created.getMetadata().getOwnerReferences())
          .singleElement()
          .satisfies(ref -> assertThat(ref.getUid()).isEqualTo(runUid));
    }
    for (var template :
        List.of(
            app.getSpec().getTemplate(),
            latencyConsumer.getSpec().getTemplate(),
            load.getSpec().getTemplate())) {
      assertThat(
              Objects.requireNonNullElse(
                  template.getMetadata().getAnnotations(), Map.<String, String>of()))
          .as("PodMonitors scrape the pods here; annotations as well would be scraped twice")
          .doesNotContainKey("prometheus.io/scrape");
    }
    var appContainer = app.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(appContainer.getResources().getLimits()).containsEntry("cpu", new Quantity("1"));
    assertThat(appContainer.getResources().getRequests())
        .isEqualTo(appContainer.getResources().getLimits());
    assertThat(appContainer.getEnv())
        .anyMatch(
            e ->
                e.getName().equals("STREAMGAUGE_APP_BOOTSTRAP_SERVERS")
                    && e.getValue().equals(broker.bootstrapServers()));
    assertThat(load.getSpec().getTemplate().getSpec().getAffinity().getPodAffinity()).isNotNull();
    assertThat(load.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("lg:test");

    // A pod of someone else's carrying the run's labels: its log is not the run's.
    client
        .pods()
        .inNamespace(NS)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(RUN + "-intruder")
                .withLabels(Map.of("streamgauge.io/run", RUN))
                .endMetadata()
                .withNewSpec()
                .withNodeName(TestControlPlane.NODE_NAME)
                .addNewContainer()
                .withName("app")
                .withImage("example.invalid/intruder:1")
                .endContainer()
                .addNewToleration()
                .withOperator("Exists")
                .endToleration()
                .endSpec()
                .build())
        .create();

    Awaitility.await()
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> isTerminal(status(RUN)));
    BenchmarkRunStatus status = status(RUN);

    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    assertThat(status.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsExactly(
            Phase.Pending,
            Phase.ProvisioningKafka,
            Phase.DeployingApp,
            Phase.StartingLoad,
            Phase.WarmingUp,
            Phase.Measuring,
            Phase.Collecting,
            Phase.Succeeded);
    Instant warmup = Instant.parse(status.getWarmupStartedAt());
    Instant start = Instant.parse(status.getMeasurementStartedAt());
    Instant end = Instant.parse(status.getMeasurementEndedAt());
    assertThat(Duration.between(warmup, start)).isEqualTo(Duration.ofSeconds(5));
    assertThat(Duration.between(start, end)).isEqualTo(Duration.ofSeconds(10));
    assertThat(status.getKafkaBootstrapServers()).isEqualTo(broker.bootstrapServers());

    var summary = status.getSummary();
    assertThat(summary.getLatency().getSamples()).isPositive();
    assertThat(summary.getLatency().getP50Ms())
        .isLessThanOrEqualTo(summary.getLatency().getP99Ms());
    // The burner's busy thread keeps its share by its own CPU time; GC every 2 s and the metrics
    // server add a little (0.272 cores read for a 0.25 share, 2026-11-27 23:10 UTC).
    assertThat(summary.getCpuCores())
        .isCloseTo(KwokRunHarness.APP_BUSY_PERCENT / 100.0, within(0.15));
    assertThat(summary.getHeapMiB()).isGreaterThan(100);
    assertThat(summary.getThroughput().getConsumedPerSec()).isPositive();
    assertThat(summary.getStartup().getTimeToReadySeconds())
        .as("from the kwok pod's timestamps, created to Ready")
        .isBetween(0.0, 60.0);
    assertThat(summary.getStartup().getReadinessPath()).isEqualTo("/metrics");
    assertThat(summary.getMissing())
        .anyMatch(m -> m.startsWith("load-generator.producedPerSec: no data"));
    assertThat(summary.getChecks())
        .as("no load generator runs on kwok: its rate has no verdict")
        .anySatisfy(
            c -> {
              assertThat(c.getName()).isEqualTo("producedRate");
              assertThat(c.getPassed()).isNull();
            });
    Condition valid =
        status.getConditions().stream()
            .filter(c -> c.getType().equals("Valid"))
            .findFirst()
            .orElseThrow();
    assertThat(valid.getStatus()).isEqualTo("False");
    assertThat(valid.getReason()).isEqualTo("ChecksFailed");
    assertThat(condition(status, "Ended").getStatus()).isEqualTo("True");
    assertThat(condition(status, "Ended").getReason()).isEqualTo("Succeeded");
    assertThat(argoCdHealth(RUN))
        .as("a pipeline gated on Argo CD's health does not ship on invalid numbers")
        .isEqualTo(
            new ArgoCdHealth.Health(
                "Degraded", "Succeeded, but not valid: ChecksFailed: " + valid.getMessage()));
    assertThat(FluxHealth.of(runDocument(RUN))).isEqualTo("Failed");
    assertThat(valid.getMessage()).startsWith("latencySamples ");
    assertThat(summary.getWarnings()).isEqualTo("latencySamples");

    ConfigMap results = client.configMaps().inNamespace(NS).withName(RUN + "-results").get();
    assertThat(status.getResultRef().getConfigMap()).isEqualTo(RUN + "-results");
    JsonNode doc = JSON.readTree(results.getData().get("result.json"));
    assertThat(doc.at("/window/measurementStart").asText()).isEqualTo(start.toString());
    assertThat(doc.at("/summary/cpuCores").asDouble()).isEqualTo(summary.getCpuCores());
    assertThat(results.getMetadata().getOwnerReferences().get(0).getName()).isEqualTo(RUN);
    assertThat(results.getMetadata().getOwnerReferences().get(0).getUid()).isEqualTo(runUid);
    assertThat(results.getMetadata().getOwnerReferences().get(0).getApiVersion())
        .isEqualTo("streamgauge.io/v1alpha1");

    assertThat(
            client
                .genericKubernetesResources(PodMonitors.CONTEXT)
                .inNamespace(NS)
                .list()
                .getItems())
        .allSatisfy(
            m ->
                assertThat(m.getMetadata().getLabels())
                    .as("the operator's podMonitorLabels, for a Prometheus podMonitorSelector")
                    .containsEntry("release", "prometheus"))
        .extracting(m -> m.getMetadata().getName())
        .contains(RUN + "-app", RUN + "-latency-consumer", RUN + "-load-generator");

    List<Event> events =
        client.v1().events().inNamespace(NS).list().getItems().stream()
            .filter(e -> e.getInvolvedObject().getName().equals(RUN))
            .toList();
    assertThat(events).extracting(Event::getReason).contains("Measuring", "Succeeded");
    for (String phase : List.of("ProvisioningKafka", "Measuring", "Collecting", "Succeeded")) {
      assertThat(events)
          .as("each phase is told once, however often its reconcile was done again")
          .filteredOn(e -> e.getReason().equals(phase))
          .hasSize(1);
    }
    assertThat(events)
        .anySatisfy(
            e -> {
              assertThat(e.getType()).isEqualTo("Warning");
              assertThat(e.getReason()).isEqualTo("ChecksFailed");
              assertThat(e.getMessage()).contains(valid.getMessage());
            });

    // cleanup (Always by default), in the reconcile after the end was stored: the workloads'
    // logs are kept, then the workloads and the Kafka are gone, the results stay.
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> status(RUN).getCleanedUpAt() != null);
    assertThat(status(RUN).getLogsConfigMap()).isEqualTo(RUN + "-logs");
    assertThat(run(RUN).getMetadata().getFinalizers())
        .as("on a Kafka of its own nothing outside the cluster is the run's: no finalizer")
        .isEmpty();
    Map<String, String> logs =
        client.configMaps().inNamespace(NS).withName(RUN + "-logs").get().getData();
    assertThat(logs.keySet())
        .as("a log of each component's pod, read through pods/log as deploy/'s service account")
        .anyMatch(key -> key.startsWith(RUN + "-app-") && key.endsWith(".app.log"))
        .anyMatch(key -> key.startsWith(RUN + "-latency-"))
        .anyMatch(key -> key.startsWith(RUN + "-load-"));
    assertThat(logs.values()).allMatch(log -> log.equals(TestControlPlane.CONTAINER_LOG + "\n"));
    assertThat(logs.keySet())
        .as("only the pods the run owns: not a pod that merely carries its labels")
        .noneMatch(key -> key.startsWith(RUN + "-intruder"));
    client.pods().inNamespace(NS).withName(RUN + "-intruder").delete();
    assertThat(client.apps().deployments().inNamespace(NS).withName(RUN + "-app").get()).isNull();
    assertThat(client.batch().v1().jobs().inNamespace(NS).withName(RUN + "-load").get()).isNull();
    assertThat(
            client
                .genericKubernetesResources(StrimziV1.KAFKA)
                .inNamespace(NS)
                .withName(RUN + "-kafka")
                .get())
        .isNull();
    assertThat(client.configMaps().inNamespace(NS).withName(RUN + "-results").get()).isNotNull();
    assertThat(Instant.parse(status(RUN).getCleanedUpAt()))
        .as("cleaned up after the end was stored")
        .isAfterOrEqualTo(
            Instant.parse(
                status(RUN)
                    .getPhaseHistory()
                    .get(status(RUN).getPhaseHistory().size() - 1)
                    .getStartedAt()));
  }

  /**
   * state-restoration through the operator: topics created, a prepopulating Job, then the app whose
   * readiness is its restoration, and no latency consumer. kwok completes the Job and readies the
   * pod at once, so the window may be shorter than two scrapes (then the run is invalid, its time
   * kept); both endings are checked for what a restoration records.
   */
  @Test
  void aStateRestorationPrepopulatesThenWaitsForTheColdAppToReportItsStoresRestored()
      throws Exception {
    String name = "restore";
    TestRuns.create(
        client,
        NS,
        name,
        """
        scenario: state-restoration
        processingGuarantee: exactly_once_v2
        kafka: {external: {bootstrapServers: "%s"}}
        app:
          resources: {limits: {cpu: 500m, memory: 1Gi}}
        schedule: {measurement: 2m, timeout: 3m}
        prometheus: {url: "%s", scrapeInterval: 1s, cadvisorScrapeInterval: 1s, resolution: 1s}
        cleanup: {policy: Never}
        """
            .formatted(broker.bootstrapServers(), prometheus.url()));
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Prepopulating);
    Pod loadPod =
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> loadPodOf(name), Optional::isPresent)
            .orElseThrow();
    assertThat(client.apps().deployments().inNamespace(NS).withName(name + "-app").get())
        .as("the app starts only once the changelogs are written")
        .isNull();
    loadPod.getStatus().setPhase("Succeeded");
    client.pods().inNamespace(NS).resource(loadPod).updateStatus();

    Awaitility.await()
        .atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> isTerminal(status(name)));
    BenchmarkRunStatus status = status(name);

    assertThat(status.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .startsWith(
            Phase.Pending,
            Phase.ProvisioningKafka,
            Phase.Prepopulating,
            Phase.Restoring,
            Phase.Collecting);
    assertThat(
            status.getPhase() == Phase.Succeeded
                || ready(status).getReason().equals("InvalidMeasurement"))
        .as(ready(status).getMessage())
        .isTrue();
    assertThat(status.getSummary().getRestoration().getSeconds()).isPositive();
    assertThat(status.getSummary().getRestoration().getPrepopulatedRecords())
        .isEqualTo(155_800_000L);

    JsonNode workload = workloadOf(name);
    assertThat(workload.path("mode").asText()).isEqualTo("prepopulate");
    assertThat(workload.has("windowsUrl")).as("no latency consumer to ask").isFalse();
    assertThat(workload.at("/topics/0/prepopulateRecords").asLong()).isEqualTo(9_737_500L);
    var appContainer = appContainerOf(name);
    assertThat(appContainer.getImage())
        .as("no spec.app.image: the operator's reference app of the run's runtime")
        .isEqualTo("ref.test/streams-app:1");
    assertThat(status.getResolvedSpec().at("/app/image").asText())
        .as("the spec the run runs, kept in its status")
        .isEqualTo("ref.test/streams-app:1");
    assertThat(status.getResolvedSpec().at("/schedule/timeout").asText()).isNotEmpty();
    var probe = appContainer.getReadinessProbe();
    assertThat(probe.getHttpGet().getPath()).isEqualTo("/restored");
    assertThat(probe.getPeriodSeconds()).isEqualTo(1);
    assertThat(client.apps().deployments().inNamespace(NS).withName(name + "-latency").get())
        .as("no live load, no latency consumer")
        .isNull();
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
      String changelog = "store-00-changelog" + status.getTopicSuffix();
      assertThat(
              admin
                  .describeTopics(List.of(changelog))
                  .allTopicNames()
                  .get(10, TimeUnit.SECONDS)
                  .get(changelog)
                  .partitions())
          .hasSize(6);
    }
  }

  @Test
  void aStatefulJoinsRunGetsASchemaRegistryOfItsOwnThatItsClientsAreGivenAndThatGoesWithIt()
      throws Exception {
    String name = "joins";
    TestRuns.create(
        client,
        NS,
        name,
        """
        scenario: stateful-joins
        processingGuarantee: exactly_once_v2
        kafka: {external: {bootstrapServers: "%s"}}
        app:
          resources: {limits: {cpu: 500m, memory: 1Gi}}
        schedule: {warmup: 5s, measurement: 5s, timeout: 3m}
        prometheus: {url: "%s", scrapeInterval: 1s, cadvisorScrapeInterval: 1s, resolution: 1s}
        """
            .formatted(broker.bootstrapServers(), prometheus.url()));
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                client.batch().v1().jobs().inNamespace(NS).withName(name + "-load").get() != null);
    String url = "http://joins-schema-registry." + NS + ".svc:8081";
    assertThat(status(name).getSchemaRegistryUrl()).isEqualTo(url);
    Deployment registry =
        client.apps().deployments().inNamespace(NS).withName(name + "-schema-registry").get();
    var container = registry.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(container.getImage()).isEqualTo("ghcr.io/streamgauge/schema-registry:0.1.0");
    assertThat(container.getEnv())
        .extracting(e -> e.getName() + "=" + e.getValue())
        .contains("SCHEMA_REGISTRY_STORAGE_TYPE=memory", "SCHEMA_REGISTRY_PORT=8081");
    assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/health/ready");
    assertThat(client.services().inNamespace(NS).withName(name + "-schema-registry").get())
        .isNotNull();
    NetworkPolicy guard =
        client
            .network()
            .v1()
            .networkPolicies()
            .inNamespace(NS)
            .withName(name + "-schema-registry")
            .get();
    assertThat(guard).as("the registry's NetworkPolicy, stored by the API server").isNotNull();
    assertThat(guard.getSpec().getPodSelector().getMatchLabels())
        .as("it guards the registry's pods")
        .isEqualTo(registry.getSpec().getSelector().getMatchLabels());
    assertThat(guard.getSpec().getIngress())
        .singleElement()
        .satisfies(
            in -> {
              assertThat(in.getFrom())
                  .as("the run's own pods only")
                  .singleElement()
                  .satisfies(
                      from -> {
                        assertThat(from.getPodSelector().getMatchLabels())
                            .isEqualTo(
                                Map.of(
                                    "streamgauge.io/run",
                                    name,
                                    "app.kubernetes.io/managed-by",
                                    "streamgauge"));
                        assertThat(from.getNamespaceSelector()).isNull();
                      });
              assertThat(in.getPorts())
                  .singleElement()
                  .satisfies(port -> assertThat(port.getPort().getIntVal()).isEqualTo(8081));
            });
    var app = appContainerOf(name);
    assertThat(app.getEnv())
        .extracting(e -> e.getName() + "=" + e.getValue())
        .contains("STREAMGAUGE_APP_SCHEMA_REGISTRY_URL=" + url);
    JsonNode workload = workloadOf(name);
    assertThat(workload.path("schemaRegistryUrl").asText()).isEqualTo(url);
    assertThat(workload.at("/topics/2/record/entity").asText()).isEqualTo("order");

    Awaitility.await()
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> isTerminal(status(name)));
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              assertThat(
                      client
                          .apps()
                          .deployments()
                          .inNamespace(NS)
                          .withName(name + "-schema-registry")
                          .get())
                  .as("the run's cleanup removes its registry")
                  .isNull();
              assertThat(
                      client.services().inNamespace(NS).withName(name + "-schema-registry").get())
                  .isNull();
              assertThat(
                      client
                          .network()
                          .v1()
                          .networkPolicies()
                          .inNamespace(NS)
                          .withName(name + "-schema-registry")
                          .get())
                  .isNull();
            });
  }

  @Test
  void anAppPodFailingWhileMeasuringFailsTheRunAtOnceWithAppFailedAndAWarningEvent() {
    String name = "failing";
    apply(name, "2m");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Measuring);
    Pod pod =
        client.pods().inNamespace(NS).withLabel(Labels.COMPONENT, "app").list().getItems().stream()
            .filter(p -> p.getMetadata().getName().startsWith(name + "-app-"))
            .findFirst()
            .orElseThrow();
    // Right after a reconcile, the next recheck is 10 s away: only a watch on the pod sees the
    // failure sooner.
    String progress = status(name).getProgress();
    Awaitility.await()
        .atMost(Duration.ofSeconds(15))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> !progress.equals(status(name).getProgress()));
    Instant reconciled = Instant.now();
    pod.getStatus().setPhase("Failed");
    pod.getStatus().setReason("OOMKilled");
    client.pods().inNamespace(NS).resource(pod).updateStatus();

    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> isTerminal(status(name)));

    BenchmarkRunStatus status = status(name);
    Instant failed = Instant.parse(entered(status, Phase.Failed));
    assertThat(failed)
        .as(
            "failed by the pod's watch, before the periodic recheck (%s after the reconcile seen"
                + " at %s) could come",
            Recheck.IN_WINDOW, reconciled)
        .isBefore(reconciled.plus(Recheck.IN_WINDOW));
    CommandResult ended =
        plane.kubectl(
            "wait", "--for=condition=Ended", "benchmarkrun/" + name, "-n", NS, "--timeout=10s");
    assertThat(status.getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready(status).getReason()).isEqualTo("AppFailed");
    assertThat(ended.succeeded())
        .as("a pipeline's kubectl wait returns on a failure too: " + ended.stderr())
        .isTrue();
    assertThat(condition(status, "Ended").getReason()).isEqualTo("AppFailed");
    assertThat(argoCdHealth(name).status()).isEqualTo("Degraded");
    assertThat(ready(status).getMessage())
        .isEqualTo("Pod " + NS + "/" + pod.getMetadata().getName() + ": OOMKilled");
    assertThat(status.getMeasurementStartedAt()).isNotNull();
    assertThat(client.v1().events().inNamespace(NS).list().getItems())
        .anyMatch(
            e ->
                e.getInvolvedObject().getName().equals(name)
                    && e.getType().equals("Warning")
                    && e.getReason().equals("AppFailed"));
  }

  @Test
  void aLoadGeneratorThatCompletesInsideTheMeasurementFailsTheRunWithLoadEndedEarly() {
    String name = "early";
    apply(name, "2m");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Measuring);
    Pod pod = loadPodOf(name).orElseThrow();
    pod.getStatus().setPhase("Succeeded");
    client.pods().inNamespace(NS).resource(pod).updateStatus();

    Awaitility.await().atMost(Duration.ofSeconds(15)).until(() -> isTerminal(status(name)));
    assertThat(ready(status(name)).getReason()).isEqualTo("LoadEndedEarly");
    assertThat(ready(status(name)).getMessage())
        .startsWith("Job " + NS + "/" + name + "-load ended before the measurement window did: ");
  }

  /**
   * An evicted or deleted app pod is replaced by its ReplicaSet with a restart count of 0: only its
   * uid tells that a cold app now runs inside the window.
   */
  @Test
  void anAppPodReplacedWhileMeasuringFailsTheRunWithAppRestarted() {
    String name = "replaced";
    apply(name, "2m");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Measuring);
    Pod pod =
        client.pods().inNamespace(NS).withLabel(Labels.COMPONENT, "app").list().getItems().stream()
            .filter(p -> p.getMetadata().getName().startsWith(name + "-app-"))
            .findFirst()
            .orElseThrow();
    assertThat(status(name).getWarmupInstances().get("app"))
        .containsExactly(pod.getMetadata().getUid());

    client.pods().inNamespace(NS).resource(pod).withGracePeriod(0).delete();

    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> isTerminal(status(name)));
    Condition ready = ready(status(name));
    assertThat(ready.getReason()).isEqualTo("AppRestarted");
    assertThat(ready.getMessage())
        .matches(
            "(Pod "
                + NS
                + "/"
                + name
                + "-app-.+, created at .+, replaced the app the warmup started with \\("
                + pod.getMetadata().getUid()
                + "\\)|the app the warmup started with \\("
                + pod.getMetadata().getUid()
                + "\\) is gone)");
  }

  /**
   * A KillApp fault: the operator deletes the app's pod when it falls due (as the service account
   * of deploy/operator-rbac.yaml), the ReplicaSet's replacement does not fail the run, and the
   * summary reports the fault with its latency before and during it.
   */
  @Test
  void aKillAppFaultDeletesTheAppPodWhenDueAndTheRunReportsIt() {
    String name = "killed";
    apply(name, "12s", "faults: [{type: KillApp, at: 4s}]");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Measuring);
    String original = appPodUids(name).get(0);
    Awaitility.await("the ReplicaSet replaced the deleted pod")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              List<String> uids = appPodUids(name);
              return !uids.isEmpty() && !uids.contains(original);
            });

    Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> isTerminal(status(name)));
    BenchmarkRunStatus status = status(name);

    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    FaultStatus fault = status.getFaults().get(0);
    Instant due = Instant.parse(status.getMeasurementStartedAt()).plusSeconds(4);
    assertThat(fault.getDueAt()).isEqualTo(due.toString());
    assertInjectedWhenDue(fault, due);
    assertThat(fault.getDetail())
        .startsWith("deleted Pod " + NS + "/" + name + "-app-")
        .endsWith("(grace 0)");
    FaultSummary summary = status.getSummary().getFaults().get(0);
    assertThat(summary.getType()).isEqualTo(FaultType.KillApp);
    assertThat(summary.getInjectedAt()).isEqualTo(fault.getInjectedAt());
    assertThat(summary.getBefore().getSamples()).isPositive();
    assertThat(summary.getDuring().getSamples()).isPositive();
    assertThat(status.getSummary().getChecks())
        .filteredOn(c -> c.getName().equals("lagGrowth"))
        .singleElement()
        .satisfies(c -> assertThat(c.getPassed()).isNull());
  }

  /**
   * schedule.catchUp on Kubernetes: the operator asks the run's latency consumer for the app's
   * input lag ({@code GET /app-lag}) and keeps the windows unfixed while the app is behind — here
   * it never commits (kwok runs no app), so the warmup starts when the catch-up's bound has passed,
   * saying why, and the backlogAtStart check has no lag to judge.
   */
  @Test
  void aRunWithCatchUpWaitsForTheAppsLagBeforeItsWarmupAndSaysWhyItStarted() {
    String name = "catching-up";
    applyWithSchedule(name, "{catchUp: 6s, warmup: 2s, measurement: 4s, timeout: 3m}", "");
    Awaitility.await("catching up")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              BenchmarkRunStatus s = status(name);
              return s.getProgress() != null && s.getProgress().startsWith("Catching up ");
            });
    assertThat(status(name).getProgress()).endsWith("/6s: the app's group has not committed yet");
    assertThat(status(name).getWarmupStartedAt()).isNull();

    Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> isTerminal(status(name)));
    BenchmarkRunStatus status = status(name);

    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    // How late past its 6 s the warmup may start is the control plane's: one catch-up recheck
    // (Recheck.CATCHING_UP, 2 s) plus how long this operator took, in this run, from the
    // resource's creation to its first phase (creationTimestamp has whole seconds: +1 s).
    BenchmarkRun run = client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).get();
    Duration reaction =
        Duration.between(
                Instant.parse(run.getMetadata().getCreationTimestamp()),
                Instant.parse(status.getPhaseHistory().get(0).getStartedAt()))
            .plusSeconds(1);
    assertThat(
            Duration.between(
                Instant.parse(status.getLoadStartedAt()),
                Instant.parse(status.getWarmupStartedAt())))
        .as("catchUp 6s, then one recheck and this run's reaction time %s", reaction)
        .isBetween(Duration.ofSeconds(6), Duration.ofSeconds(8).plus(reaction.multipliedBy(2)));
    assertThat(status.getPhaseHistory())
        .filteredOn(t -> t.getPhase() == Phase.WarmingUp)
        .singleElement()
        .satisfies(
            t ->
                assertThat(t.getMessage())
                    .startsWith(
                        "load running; did not catch up within 6s: the app's group has not"
                            + " committed yet; warmup 2s until "));
    assertThat(status.getSummary().getChecks())
        .filteredOn(c -> c.getName().equals("backlogAtStart"))
        .singleElement()
        .satisfies(c -> assertThat(c.getPassed()).isNull());
  }

  /**
   * A RollBroker fault: the operator deletes the first broker pod of the run's cluster (found by
   * Strimzi's labels; here a pod made to look like one, since the stand-in has no pods) with its
   * grace when the fault falls due, and the run goes on.
   */
  @Test
  void aRollBrokerFaultDeletesTheFirstBrokerPodWhenDue() {
    String name = "rolled";
    String cluster = KafkaClusterResources.clusterName(name);
    for (String pod : List.of(cluster + "-pool-1", cluster + "-pool-0")) {
      client
          .resource(
              new PodBuilder()
                  .withNewMetadata()
                  .withName(pod)
                  .withNamespace(NS)
                  .addToLabels(KafkaClusterResources.CLUSTER_LABEL, cluster)
                  .addToLabels(KafkaClusterResources.BROKER_ROLE_LABEL, "true")
                  .endMetadata()
                  .withNewSpec()
                  .addNewContainer()
                  .withName("kafka")
                  .withImage("example.invalid/kafka:1")
                  .endContainer()
                  .endSpec()
                  .build())
          .create();
    }
    apply(name, "12s", "faults: [{type: RollBroker, at: 4s}]");

    Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> isTerminal(status(name)));
    BenchmarkRunStatus status = status(name);

    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    FaultStatus fault = status.getFaults().get(0);
    Instant due = Instant.parse(status.getMeasurementStartedAt()).plusSeconds(4);
    assertInjectedWhenDue(fault, due);
    assertThat(fault.getDetail()).startsWith("deleted Pod " + NS + "/" + cluster + "-pool-0 (");
    Pod first = client.pods().inNamespace(NS).withName(cluster + "-pool-0").get();
    assertThat(first == null || first.getMetadata().getDeletionTimestamp() != null)
        .as("the first broker pod was deleted")
        .isTrue();
    assertThat(
            client
                .pods()
                .inNamespace(NS)
                .withName(cluster + "-pool-1")
                .get()
                .getMetadata()
                .getDeletionTimestamp())
        .as("only one broker is rolled")
        .isNull();
    assertThat(status.getSummary().getFaults().get(0).getType()).isEqualTo(FaultType.RollBroker);
  }

  private List<String> appPodUids(String run) {
    return podsOf(run, Component.APP).stream().map(p -> p.getMetadata().getUid()).toList();
  }

  @Test
  void anAppDeploymentDeletedDuringTheRunFailsItInsteadOfStartingColdAgain() {
    String name = "deleted";
    apply(name, "2m");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.WarmingUp);

    client.apps().deployments().inNamespace(NS).withName(name + "-app").delete();

    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> isTerminal(status(name)));
    assertThat(ready(status(name)).getReason()).isEqualTo("AppFailed");
    assertThat(ready(status(name)).getMessage())
        .isEqualTo(
            "Deployment "
                + NS
                + "/"
                + name
                + "-app: deleted during the run (a re-created one would start cold inside the"
                + " windows)");
    assertThat(client.apps().deployments().inNamespace(NS).withName(name + "-app").get()).isNull();
  }

  @Test
  void aRunTheApiServerRefusesFailsWithPlatformErrorInsteadOfWaitingSilently() {
    String ns = "lifecycle-quota";
    namespaceWithQuota(ns, "no-deployments", "count/deployments.apps", "0");
    createOnSharedKafka(ns, "refused", "10s", "");

    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> isTerminal(statusIn(ns, "refused")));

    Condition ready = ready(statusIn(ns, "refused"));
    assertThat(ready.getReason()).isEqualTo("PlatformError");
    assertThat(ready.getMessage()).startsWith("the app: ").contains("exceeded quota");
  }

  /**
   * A Deployment named like the run's app but created by someone else is neither adopted nor, with
   * cleanup Always, deleted: the run fails with NameConflict and leaves it as it was.
   */
  @Test
  void anObjectTheRunDidNotCreateIsNeverAdoptedNorDeleted() {
    client
        .resource(
            new DeploymentBuilder()
                .withNewMetadata()
                .withName("clash-app")
                .withNamespace(NS)
                .endMetadata()
                .withNewSpec()
                .withReplicas(0)
                .withNewSelector()
                .addToMatchLabels("app", "someone-else")
                .endSelector()
                .withNewTemplate()
                .withNewMetadata()
                .addToLabels("app", "someone-else")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("main")
                .withImage("example.invalid/theirs:1")
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build())
        .create();
    createOnSharedKafka(NS, "clash", "10s", "cleanup: {policy: Always}");

    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> isTerminal(status("clash")));

    Condition ready = ready(status("clash"));
    assertThat(ready.getReason()).isEqualTo("NameConflict");
    assertThat(ready.getMessage())
        .startsWith("Deployment " + NS + "/clash-app already exists and is not this run's");
    Deployment theirs = client.apps().deployments().inNamespace(NS).withName("clash-app").get();
    assertThat(theirs).as("left in place by cleanup: Always").isNotNull();
    assertThat(theirs.getMetadata().getOwnerReferences()).isEmpty();
    assertThat(theirs.getSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("example.invalid/theirs:1");
  }

  /**
   * A namespace that enforces the restricted Pod Security Standard admits every pod of a run: the
   * run gets past StartingLoad only once its app, latency consumer and load pods all run.
   */
  @Test
  void aNamespaceEnforcingTheRestrictedPodSecurityStandardAcceptsTheWholeRun() {
    String ns = "lifecycle-restricted";
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(ns)
                .addToLabels("pod-security.kubernetes.io/enforce", "restricted")
                .endMetadata()
                .build())
        .serverSideApply();
    createOnSharedKafka(ns, "restricted", "1m", "");
    try {

      Awaitility.await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () -> {
                BenchmarkRunStatus status = statusIn(ns, "restricted");
                return status.getPhase() == Phase.WarmingUp
                    || status.getPhase() == Phase.Measuring
                    || isTerminal(status);
              });
      assertThat(statusIn(ns, "restricted").getPhase()).isIn(Phase.WarmingUp, Phase.Measuring);
      assertThat(client.pods().inNamespace(ns).list().getItems())
          .extracting(p -> p.getMetadata().getLabels().get(Labels.COMPONENT))
          .containsExactlyInAnyOrder("app", "latency-consumer", "load-generator");
    } finally {
      client.resources(BenchmarkRun.class).inNamespace(ns).withName("restricted").delete();
    }
  }

  /**
   * Pods that the API server refuses (here a quota of no pods) leave the Deployment without
   * replicas: the run fails at once quoting the refusal instead of waiting out its timeout.
   */
  @Test
  void podsRefusedByTheApiServerFailTheRunQuotingTheRefusal() {
    String ns = "lifecycle-nopods";
    namespaceWithQuota(ns, "no-pods", "pods", "0");
    createOnSharedKafka(ns, "nopods", "10s", "");

    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> isTerminal(statusIn(ns, "nopods")));

    Condition ready = ready(statusIn(ns, "nopods"));
    assertThat(ready.getReason()).isEqualTo("AppFailed");
    assertThat(ready.getMessage())
        .startsWith("Deployment " + ns + "/nopods-app: pods refused: ")
        .contains("exceeded quota");
  }

  /**
   * Two runs at once on one shared Kafka: each gets topics and an application.id of its own, so
   * neither reads the other's records, and each starts on fresh topics.
   */
  @Test
  void twoRunsOnOneSharedKafkaGetTopicsOfTheirOwn() throws Exception {
    for (String name : List.of("twin-a", "twin-b")) {
      createOnSharedKafka(NS, name, "1m", "");
    }
    try {
      assertBothRunsHaveTopicsOfTheirOwn();
    } finally {
      for (String name : List.of("twin-a", "twin-b")) {
        client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).delete();
      }
    }
  }

  /**
   * A run on a shared Kafka holds the finalizer streamgauge.io/shared-kafka (one on a Kafka of its
   * own holds none: the first test): deleted, it goes only once its topics, its app's internal
   * topics and its app's consumer group are deleted from the Kafka — the group once its last member
   * left. Another run's topics stay.
   */
  @Test
  void aDeletedRunOnASharedKafkaTakesItsTopicsAndItsAppsGroupWithIt() throws Exception {
    String name = "leaves";
    createOnSharedKafka(NS, name, "1m", "");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> EnumSet.of(Phase.WarmingUp, Phase.Measuring).contains(status(name).getPhase()));
    assertThat(run(name).getMetadata().getFinalizers()).containsExactly(SHARED_KAFKA_FINALIZER);
    String suffix = status(name).getTopicSuffix();
    String appId = "streamgauge-" + name + suffix;
    String changelog = appId + "-KSTREAM-AGGREGATE-STATE-STORE-0000000003-changelog";
    broker.createTopic(changelog, 1); // as the app's Kafka Streams would
    broker.createTopic("someone-elses", 1);
    Set<String> runs = Set.of("input" + suffix, "output" + suffix, changelog);
    assertThat(topics()).containsAll(runs);

    try (KafkaConsumer<byte[], byte[]> app = groupMember(appId, "input" + suffix)) {
      client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).delete();
      Awaitility.await()
          .alias("the run's topics deleted from the shared Kafka")
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(topics()).doesNotContainAnyElementsOf(runs));
      assertThat(run(name))
          .as("held by its finalizer while its app's group has a member")
          .isNotNull()
          .satisfies(r -> assertThat(r.getMetadata().getDeletionTimestamp()).isNotNull());
    }
    Awaitility.await()
        .alias("the run gone once the group's last member left")
        .atMost(Duration.ofSeconds(30))
        .until(() -> run(name) == null);
    try (Admin admin = admin()) {
      assertThat(admin.listGroups().all().get(10, TimeUnit.SECONDS))
          .noneMatch(g -> g.groupId().equals(appId));
    }
    assertThat(topics()).contains("someone-elses");
  }

  private BenchmarkRun run(String name) {
    return client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).get();
  }

  private Admin admin() {
    return Admin.create(
        Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
  }

  private Set<String> topics() throws Exception {
    try (Admin admin = admin()) {
      return admin.listTopics().names().get(10, TimeUnit.SECONDS);
    }
  }

  /** A consumer in {@code group}, polled until it holds partitions of {@code topic}. */
  private KafkaConsumer<byte[], byte[]> groupMember(String group, String topic) {
    KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                group,
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                ByteArrayDeserializer.class));
    consumer.subscribe(List.of(topic));
    Awaitility.await()
        .alias("a member of " + group + " with its partitions")
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              consumer.poll(Duration.ofMillis(200));
              return !consumer.assignment().isEmpty();
            });
    return consumer;
  }

  private void assertBothRunsHaveTopicsOfTheirOwn() throws Exception {
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                List.of("twin-a", "twin-b").stream()
                    .map(this::status)
                    .allMatch(
                        s -> s.getPhase() == Phase.WarmingUp || s.getPhase() == Phase.Measuring));

    Map<String, String> suffixes = new java.util.HashMap<>();
    for (String name : List.of("twin-a", "twin-b")) {
      String suffix = status(name).getTopicSuffix();
      assertThat(suffix).matches("-[0-9a-f]{8}");
      suffixes.put(name, suffix);
      Map<String, String> env =
          appContainerOf(name).getEnv().stream()
              .collect(java.util.stream.Collectors.toMap(e -> e.getName(), e -> e.getValue()));
      assertThat(env)
          .containsEntry("STREAMGAUGE_APP_TOPIC_INPUT", "input" + suffix)
          .containsEntry("STREAMGAUGE_APP_TOPIC_OUTPUT", "output" + suffix)
          .containsEntry("STREAMGAUGE_APP_APPLICATION_ID", "streamgauge-" + name + suffix);
      assertThat(
              client
                  .batch()
                  .v1()
                  .jobs()
                  .inNamespace(NS)
                  .withName(name + "-load")
                  .get()
                  .getSpec()
                  .getTemplate()
                  .getSpec()
                  .getContainers()
                  .get(0)
                  .getEnv()
                  .get(0)
                  .getValue())
          .contains("\"name\":\"input" + suffix + "\"");
    }
    assertThat(suffixes.get("twin-a")).isNotEqualTo(suffixes.get("twin-b"));
    var policy =
        client.network().v1().networkPolicies().inNamespace(NS).withName("twin-a-latency").get();
    assertThat(policy).as("the operator runs with a latency API policy here").isNotNull();
    assertThat(policy.getSpec().getIngress().get(0).getFrom()).hasSize(3);
    try (Admin admin =
        Admin.create(
            Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
      assertThat(admin.listTopics().names().get())
          .contains(
              "input" + suffixes.get("twin-a"),
              "output" + suffixes.get("twin-a"),
              "input" + suffixes.get("twin-b"),
              "output" + suffixes.get("twin-b"));
    }
  }

  /**
   * A quota of two pods admits the app and the latency consumer but refuses the load generator: its
   * Job says so only in an Event, which the run's failure quotes.
   */
  @Test
  void loadPodsRefusedByTheApiServerFailTheRunQuotingTheRefusal() {
    String ns = "lifecycle-twopods";
    namespaceWithQuota(ns, "two-pods", "pods", "2");
    createOnSharedKafka(ns, "twopods", "10s", "");

    Awaitility.await()
        .atMost(Duration.ofSeconds(40))
        .until(() -> isTerminal(statusIn(ns, "twopods")));

    Condition ready = ready(statusIn(ns, "twopods"));
    assertThat(ready.getReason()).isEqualTo("LoadGeneratorFailed");
    assertThat(ready.getMessage())
        .startsWith("Job " + ns + "/twopods-load: pods refused: ")
        .contains("exceeded quota");
  }

  /**
   * A shared Kafka that takes only TLS with SASL: the run waits, saying so, until the Secrets it
   * names exist; then the operator (with the chart's RBAC) reads them for its own topic creation,
   * and the pods get them by reference only.
   */
  @Test
  void aSharedKafkaWithTlsAndSaslIsReachedWithTheNamedSecrets() throws Exception {
    String name = "secured";
    try (KafkaBroker secured = KafkaBroker.startSecured(Map.of("alice", "alice-secret"))) {
      createOnKafka(
          NS,
          name,
          "{bootstrapServers: \"%s\", tls: {trustedCertificates: [{secretName: kafka-ca,"
                  .formatted(secured.bootstrapServers())
              + " certificate: ca.crt}]}, authentication: {type: plain, username: alice,"
              + " passwordSecret: {secretName: alice, password: password}}}",
          "10s",
          "");
      try {
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    String.valueOf(status(name).getProgress())
                        .equals(
                            "Waiting for Kafka: no key ca.crt of Secret kafka-ca"
                                + " (spec.kafka.external.tls.trustedCertificates[0]) yet"));

        secret("kafka-ca", "ca.crt", secured.securedListener().certificatePem());
        secret("alice", "password", "alice-secret");

        Awaitility.await()
            .atMost(Duration.ofSeconds(60))
            .until(
                () ->
                    !List.of(Phase.Pending, Phase.ProvisioningKafka)
                        .contains(status(name).getPhase()));
        assertThat(status(name).getPhase())
            .as(status(name).getProgress())
            .isNotEqualTo(Phase.Failed);
        String suffix = status(name).getTopicSuffix();
        try (Admin admin = secured.admin()) {
          // A topic just created reaches every listener's metadata a moment later.
          Awaitility.await("the operator created the topics through TLS + SASL")
              .atMost(Duration.ofSeconds(10))
              .untilAsserted(
                  () ->
                      assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
                          .contains("input" + suffix, "output" + suffix));
        }
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    client.apps().deployments().inNamespace(NS).withName(name + "-app").get()
                        != null);
        var app = client.apps().deployments().inNamespace(NS).withName(name + "-app").get();
        assertThat(app.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
            .as("the password by reference")
            .filteredOn(e -> e.getValueFrom() != null)
            .anySatisfy(
                e -> {
                  assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("alice");
                  assertThat(e.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("password");
                });
        assertThat(client.getKubernetesSerialization().asJson(app))
            .as("never by value")
            .doesNotContain("alice-secret");
      } finally {
        client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).delete();
      }
    }
  }

  private void secret(String name, String key, String value) {
    client
        .secrets()
        .inNamespace(NS)
        .resource(
            new io.fabric8.kubernetes.api.model.SecretBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .addToStringData(key, value)
                .build())
        .create();
  }

  /**
   * The operator sends PromQL to spec.prometheus.url: a run naming neither a Service of the cluster
   * nor a URL the installer allowed is refused before anything is created.
   */
  @Test
  void aRunNamingAPrometheusOutsideTheClusterIsRefusedBeforeAnythingIsCreated() {
    for (String url :
        List.of("http://metrics.elsewhere.example:9090", "http://prometheus.nowhere")) {
      String name = url.contains("nowhere") ? "promnoservice" : "promoutside";
      createQueryingPrometheusAt(name, url, "");

      Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> isTerminal(status(name)));

      Condition ready = ready(status(name));
      assertThat(ready.getReason()).isEqualTo("ValidationFailed");
      assertThat(ready.getMessage())
          .startsWith("spec.prometheus.url: the operator queries only Services of this cluster")
          .contains(
              url.contains("nowhere")
                  ? "no Service prometheus in namespace nowhere"
                  : "metrics.elsewhere.example is not a Service's name");
      assertThat(client.apps().deployments().inNamespace(NS).withName(name + "-app").get())
          .as("nothing is created for a refused run")
          .isNull();
    }
  }

  /**
   * An ExternalName Service, which the run's author may make in their namespace, names a host
   * outside the cluster (their own stand-in for Prometheus): refused like a URL outside it.
   */
  @Test
  void aRunNamingAnExternalNameServiceAsItsPrometheusIsRefused() {
    client
        .services()
        .inNamespace(NS)
        .resource(
            new io.fabric8.kubernetes.api.model.ServiceBuilder()
                .withNewMetadata()
                .withName("prom-external")
                .endMetadata()
                .withNewSpec()
                .withType("ExternalName")
                .withExternalName("metrics.elsewhere.example")
                .endSpec()
                .build())
        .create();
    createQueryingPrometheusAt("promexternal", "http://prom-external:9090", "");

    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> isTerminal(status("promexternal")));

    Condition ready = ready(status("promexternal"));
    assertThat(ready.getReason()).isEqualTo("ValidationFailed");
    assertThat(ready.getMessage())
        .isEqualTo(
            "spec.prometheus.url: Service prom-external in namespace "
                + NS
                + " is an ExternalName Service, which names a host outside the cluster; its"
                + " installer can allow the URL (chart value runs.prometheusUrls)");
  }

  /**
   * A run author's own Prometheus (allowed by the installer) answers one of their queries with
   * series without end: that figure alone is missing, saying why; the run still ends with its other
   * figures, and a run measured beside it is untouched.
   */
  @Test
  void aQueryAnsweredWithoutEndLosesThatFigureAloneAndLeavesARunBesideItUntouched() {
    String author = "endless";
    String beside = "beside";
    String schedule = "{warmup: 5s, measurement: 10s, timeout: 3m}";
    harness.createWordcountRun(
        NS,
        author,
        schedule,
        "",
        "{image: example.invalid/streams-app:1, resources: {limits: {cpu: \"1\", memory: 1Gi}},"
            + " metrics: {queries: {threads: \"max("
            + OversizedAnswerPrometheus.ENDLESS_METRIC
            + "{$selector})\"}}}",
        harness.oversizedAnswers().url());
    harness.createWordcountRun(NS, beside, schedule, "");

    Awaitility.await()
        .atMost(Duration.ofSeconds(150))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> isTerminal(status(author)) && isTerminal(status(beside)));

    BenchmarkRunStatus authors = status(author);
    assertThat(authors.getPhase())
        .as(authors.getConditions().toString())
        .isEqualTo(Phase.Succeeded);
    assertThat(authors.getSummary().getMissing())
        .anySatisfy(
            m ->
                assertThat(m)
                    .startsWith(
                        "app.threads: Prometheus at "
                            + harness.oversizedAnswers().url()
                            + "/ answered more than one query may bring (the answer is longer"
                            + " than 2097152 bytes; not read further;")
                    .endsWith("aggregate the query to fewer series"));
    assertThat(authors.getSummary().getLatency().getSamples())
        .as("its latency, from its own latency consumer, is there")
        .isPositive();
    assertThat(harness.oversizedAnswers().endlessAnswers())
        .as("an answer past the bound is not asked for again")
        .isEqualTo(1);
    assertThat(harness.oversizedAnswers().endlessBytesSent())
        .as("sent until the operator stopped reading: the bound and what buffers held, not more")
        .isBetween(2L * 1024 * 1024 - 20_000, 64L * 1024 * 1024);

    BenchmarkRunStatus besides = status(beside);
    assertThat(besides.getPhase())
        .as(besides.getConditions().toString())
        .isEqualTo(Phase.Succeeded);
    assertThat(besides.getSummary().getLatency().getSamples()).isPositive();
    assertThat(besides.getSummary().getMissing()).noneMatch(m -> m.contains("one query may bring"));
    assertThat(harness.health().get().ok()).as("the operator's /health").isTrue();
  }

  /**
   * An app of two instances: a one-replica Deployment per instance, each told its index and the
   * count, each selecting only its own pods; a KillApp fault on instance 1 deletes that instance's
   * pod only, and its Deployment starts the replacement with the same index.
   */
  @Test
  void anAppOfTwoInstancesRunsADeploymentPerInstanceAndAKillHitsTheInstanceNamed() {
    String name = "instances";
    apply(
        name,
        "12s",
        "faults: [{type: KillApp, at: 4s, instance: 1}]",
        "{image: example.invalid/streams-app:1, replicas: 2, resources: {limits: {cpu: 500m, memory: 1Gi}}}");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Measuring);
    assertThat(client.apps().deployments().inNamespace(NS).withName(name + "-app").get())
        .as("an app of several has no unnumbered Deployment")
        .isNull();
    for (int i = 0; i < 2; i++) {
      Deployment app =
          client.apps().deployments().inNamespace(NS).withName(name + "-app-" + i).get();
      assertThat(app).as("instance %d's Deployment", i).isNotNull();
      assertThat(app.getSpec().getSelector().getMatchLabels())
          .containsEntry(Labels.INSTANCE, String.valueOf(i));
      assertThat(app.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
          .extracting(EnvVar::getName, EnvVar::getValue)
          .contains(
              tuple("STREAMGAUGE_APP_INSTANCE_INDEX", String.valueOf(i)),
              tuple("STREAMGAUGE_APP_INSTANCE_COUNT", "2"));
    }
    String survivor = instancePodUid(name, 0);
    String killed = instancePodUid(name, 1);
    Awaitility.await("instance 1's Deployment replaced its deleted pod")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> !killed.equals(instancePodUid(name, 1)));

    Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> isTerminal(status(name)));
    BenchmarkRunStatus status = status(name);
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    assertThat(instancePodUid(name, 0)).as("instance 0 was not touched").isEqualTo(survivor);
    FaultStatus fault = status.getFaults().get(0);
    assertThat(fault.getInstance()).isEqualTo(1);
    assertThat(fault.getDetail())
        .startsWith("deleted Pod " + NS + "/" + name + "-app-1-")
        .endsWith("(grace 0)");
  }

  /** The uid of the pod of run {@code run}'s app instance {@code instance}, or "" when none. */
  private String instancePodUid(String run, int instance) {
    return podsOf(run, Component.APP).stream()
        .filter(
            p -> String.valueOf(instance).equals(p.getMetadata().getLabels().get(Labels.INSTANCE)))
        .map(p -> p.getMetadata().getUid())
        .findFirst()
        .orElse("");
  }

  /**
   * spec.cleanup.ttlAfterFinished: an ended run is deleted that long after it ended, not sooner.
   */
  @Test
  void anEndedRunWithATimeToLiveIsDeletedWhenItExpires() {
    String name = "expires";
    createQueryingPrometheusAt(
        name, "http://metrics.elsewhere.example:9090", "cleanup: {ttlAfterFinished: 5s}");
    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> isTerminal(status(name)));
    BenchmarkRunStatus ended = status(name);
    Instant endedAt =
        Instant.parse(
            ended.getPhaseHistory().get(ended.getPhaseHistory().size() - 1).getStartedAt());

    Awaitility.await()
        .alias("the ended run's gauges on the operator's /metrics")
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(runSeries(name)).contains("sg_run_phase"));

    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).get() == null);

    assertThat(ended.getPhase()).isEqualTo(Phase.Failed);
    assertThat(Duration.between(endedAt, Instant.now()))
        .as("not deleted before its time to live")
        .isGreaterThanOrEqualTo(Duration.ofSeconds(5));
    Awaitility.await()
        .alias("the deleted run's gauges dropped from the operator's /metrics")
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(runSeries(name)).isEmpty());
  }

  /** The series the operator exports about run {@code name} of {@link #NS}, as metric names. */
  private List<String> runSeries(String name) {
    List<String> series = new ArrayList<>();
    for (MetricSnapshot metric : harness.operatorMetrics().scrape()) {
      for (DataPointSnapshot point : metric.getDataPoints()) {
        if (name.equals(point.getLabels().get("run"))
            && NS.equals(point.getLabels().get("run_namespace"))) {
          series.add(metric.getMetadata().getName());
        }
      }
    }
    return series;
  }

  @Test
  void aKafkaThatNeverBecomesReadyFailsTheRunWithKafkaNotReady() {
    String name = "nokafka";
    harness.strimzi().neverReady(name + "-kafka");
    apply(name, "10s");

    Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> isTerminal(status(name)));

    BenchmarkRunStatus status = status(name);
    assertThat(ready(status).getReason()).isEqualTo("KafkaNotReady");
    assertThat(ready(status).getMessage())
        .isEqualTo(
            "Kafka not ready after 10s: Kafka "
                + NS
                + "/"
                + name
                + "-kafka has no status yet (Strimzi's cluster operator writes it: is one"
                + " installed and watching namespace "
                + NS
                + "?)");
    assertThat(client.apps().deployments().inNamespace(NS).withName(name + "-app").get())
        .as("nothing after Kafka is created")
        .isNull();
  }

  @Test
  void anOperatorRestartedWhileMeasuringCompletesTheRunWithItsOriginalWindow() throws Exception {
    String name = "restart";
    apply(name, "15s");
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> status(name).getPhase() == Phase.Measuring);
    String measurementStart = status(name).getMeasurementStartedAt();

    harness.stopOperator();
    Thread.sleep(3000);
    harness.startOperator();

    Awaitility.await().atMost(Duration.ofSeconds(90)).until(() -> isTerminal(status(name)));
    BenchmarkRunStatus status = status(name);
    assertThat(status.getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(status.getMeasurementStartedAt()).isEqualTo(measurementStart);
    assertThat(status.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsOnlyOnce(Phase.Measuring, Phase.WarmingUp);
  }

  /**
   * Two operator processes at once — a rolling update's old and new pod, a second install: only the
   * one holding the Lease reconciles, so the run enters each phase once and says so once; when that
   * one stops, the other takes the Lease over and ends the run.
   */
  @Test
  void twoOperatorsAtOnceDriveARunOnceAndTheOtherTakesOverWhenTheLeaderStops() {
    harness.stopOperator();
    Operator first = harness.startElectedOperator("operator-a");
    Operator second = null;
    try {
      Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> "operator-a".equals(leader()));
      second = harness.startElectedOperator("operator-b");
      String name = "elected";
      apply(name, "15s");
      Awaitility.await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> status(name).getPhase() == Phase.Measuring);
      assertThat(leader()).isEqualTo("operator-a");

      harness.stopElected(first, "operator-a");
      // Given up as it stopped, the Lease is taken by the standby's next try (every 5 s), not
      // after the 90 s an unrenewed Lease holds; 30 s leaves a slow machine room.
      Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> "operator-b".equals(leader()));
      Awaitility.await().atMost(Duration.ofSeconds(120)).until(() -> isTerminal(status(name)));

      assertThat(leader()).isEqualTo("operator-b");
      BenchmarkRunStatus status = status(name);
      assertThat(status.getPhase()).isEqualTo(Phase.Succeeded);
      assertThat(status.getPhaseHistory())
          .extracting(PhaseTransition::getPhase)
          .doesNotHaveDuplicates();
      assertThat(
              client.v1().events().inNamespace(NS).list().getItems().stream()
                  .filter(e -> name.equals(e.getInvolvedObject().getName()))
                  .filter(e -> "Measuring".equals(e.getReason())))
          .as("one Measuring Event: one operator drove the run into Measuring")
          .hasSize(1);
    } finally {
      first.stop();
      if (second != null) {
        second.stop();
      }
      harness.startOperator();
    }
  }

  /**
   * Creates a stateless-simple run {@code name} on the shared Kafka whose spec.prometheus.url is
   * {@code url}, with {@code extraSpec} (one line of its spec, or empty).
   */
  private void createQueryingPrometheusAt(String name, String url, String extraSpec) {
    TestRuns.create(
        client,
        NS,
        name,
        """
        scenario: stateless-simple
        processingGuarantee: at_least_once
        kafka: {external: {bootstrapServers: "%s"}}
        app: {image: example.invalid/streams-app:1}
        prometheus: {url: "%s"}
        %s
        """
            .formatted(broker.bootstrapServers(), url, extraSpec));
  }

  /**
   * Two installs of the operator (two operator namespaces, each without the other's Lease) both
   * watching the run's namespace: the first to reconcile the run claims it in status.operator, and
   * only it drives the run — each phase is entered, and told, once.
   */
  @Test
  void twoInstallsWatchingOneNamespaceDriveARunOnceTheOneThatClaimedIt() {
    Operator other = harness.startOtherInstall("other-streamgauge");
    try {
      String name = "twoinstalls";
      apply(name, "10s");

      Awaitility.await().atMost(Duration.ofSeconds(120)).until(() -> isTerminal(status(name)));

      BenchmarkRunStatus status = status(name);
      assertThat(status.getPhase())
          .as(status.getConditions().toString())
          .isEqualTo(Phase.Succeeded);
      assertThat(status.getOperator()).isIn("streamgauge", "other-streamgauge");
      assertThat(status.getPhaseHistory())
          .extracting(PhaseTransition::getPhase)
          .doesNotHaveDuplicates();
      List<Event> events =
          client.v1().events().inNamespace(NS).list().getItems().stream()
              .filter(e -> name.equals(e.getInvolvedObject().getName()))
              .toList();
      for (String phase : List.of("ProvisioningKafka", "Measuring", "Succeeded")) {
        assertThat(events)
            .as("one install drove the run: %s told once", phase)
            .filteredOn(e -> phase.equals(e.getReason()))
            .hasSize(1);
      }
    } finally {
      other.stop();
    }
  }

  /**
   * A namespace-scoped install (the chart with watchNamespaces, rbac.readNodes false): its service
   * account holds the operator's rules only in the watched namespace, through a RoleBinding. A run
   * there succeeds, its result says the nodes could not be read instead of failing, and a run in a
   * namespace it does not watch is left alone.
   */
  @Test
  void aNamespaceScopedInstallDrivesARunInItsNamespaceWithoutClusterWideRights() throws Exception {
    String unwatched = "lifecycle-unwatched";
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(unwatched).endMetadata().build())
        .serverSideApply();
    for (HasMetadata rbac : namespaceScopedRbac()) {
      client.resource(rbac).serverSideApply();
    }
    String account = "system:serviceaccount:streamgauge:scoped-streamgauge";
    for (List<String> rule :
        List.of(
            List.of("get", "secrets"),
            List.of("patch", "configmaps"),
            List.of("delete", "pods"),
            List.of("get", "pods", "--subresource=log"))) {
      for (String namespace : List.of(NS, unwatched)) {
        List<String> args = new ArrayList<>(List.of("auth", "can-i"));
        args.addAll(rule);
        args.addAll(List.of("-n", namespace, "--as", account));
        CommandResult can = plane.kubectl(args.toArray(String[]::new));
        assertThat(can.stdout().strip())
            .as("%s in %s: granted in the watched namespace only", rule, namespace)
            .isEqualTo(namespace.equals(NS) ? "yes" : "no");
      }
    }
    harness.stopOperator();
    Operator scoped = harness.startNamespacedOperator("streamgauge:scoped-streamgauge", Set.of(NS));
    try {
      String name = "scoped";
      apply(name, "10s");
      createOnSharedKafka(unwatched, "unwatched", "10s", "");

      Awaitility.await().atMost(Duration.ofSeconds(120)).until(() -> isTerminal(status(name)));

      assertThat(status(name).getPhase()).isEqualTo(Phase.Succeeded);
      JsonNode doc =
          JSON.readTree(
              client
                  .configMaps()
                  .inNamespace(NS)
                  .withName(name + "-results")
                  .get()
                  .getData()
                  .get("result.json"));
      assertThat(doc.at("/environment/nodes/0/missing").asText())
          .as("no rights on nodes: said in the result, not an error")
          .startsWith("cannot read the node: ")
          .contains("forbidden");
      assertThat(statusIn(unwatched, "unwatched").getPhase())
          .as("a run in a namespace the install does not watch")
          .isNull();
    } finally {
      scoped.stop();
      client.resources(BenchmarkRun.class).inNamespace(unwatched).withName("unwatched").delete();
      harness.startOperator();
    }
  }

  /**
   * The RBAC the chart renders for an install named {@code scoped} watching only {@link #NS}: its
   * service account, its ClusterRole and the RoleBinding granting it in that namespace.
   */
  private List<HasMetadata> namespaceScopedRbac() throws Exception {
    CommandResult rendered =
        plane.helm(
            "template",
            "scoped",
            RepoFiles.repoDir().resolve("charts/streamgauge").toString(),
            "--kube-version=1.33.4",
            "-n",
            "streamgauge",
            "--set",
            "watchNamespaces={" + NS + "}",
            "--set",
            "leaderElection.enabled=false",
            "--set",
            "rbac.aggregateToDefaultRoles=false",
            "--set",
            "rbac.readNodes=false");
    assertThat(rendered.succeeded()).as(rendered.stderr()).isTrue();
    try (InputStream in =
        new ByteArrayInputStream(rendered.stdout().getBytes(StandardCharsets.UTF_8))) {
      List<HasMetadata> rbac =
          client.load(in).items().stream()
              .filter(
                  o ->
                      o instanceof ServiceAccount
                          || o instanceof ClusterRole
                          || o instanceof RoleBinding
                          || o instanceof ClusterRoleBinding)
              .toList();
      assertThat(rbac)
          .as("rights in the watched namespace only")
          .noneMatch(ClusterRoleBinding.class::isInstance)
          .anyMatch(o -> o instanceof RoleBinding && NS.equals(o.getMetadata().getNamespace()));
      return rbac;
    }
  }

  private String leader() {
    Lease lease =
        client
            .resources(Lease.class)
            .inNamespace("streamgauge")
            .withName(LeaderElection.LEASE)
            .get();
    return lease == null ? null : lease.getSpec().getHolderIdentity();
  }

  /** Creates namespace {@code ns} with a ResourceQuota holding {@code resource} to {@code hard}. */
  private void namespaceWithQuota(String ns, String quota, String resource, String hard) {
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
        .serverSideApply();
    client
        .resource(
            new ResourceQuotaBuilder()
                .withNewMetadata()
                .withName(quota)
                .withNamespace(ns)
                .endMetadata()
                .withNewSpec()
                .addToHard(resource, new Quantity(hard))
                .endSpec()
                .build())
        .create();
  }

  /**
   * Creates a wordcount run in {@code ns} on the test's broker as a shared Kafka (no Strimzi), its
   * app small enough for several runs at once on the 8-CPU node, with {@code extraSpec} (a YAML
   * line or empty) added to its spec.
   */
  private void createOnSharedKafka(String ns, String name, String measurement, String extraSpec) {
    createOnKafka(
        ns,
        name,
        "{bootstrapServers: \"" + broker.bootstrapServers() + "\"}",
        measurement,
        extraSpec);
  }

  /** As {@link #createOnSharedKafka}, with {@code external} as its {@code spec.kafka.external}. */
  private void createOnKafka(
      String ns, String name, String external, String measurement, String extraSpec) {
    TestRuns.create(
        client,
        ns,
        name,
        """
        scenario: wordcount
        processingGuarantee: exactly_once_v2
        kafka: {external: %s}
        app:
          image: example.invalid/streams-app:1
          resources: {limits: {cpu: 500m, memory: 1Gi}}
        schedule: {warmup: 5s, measurement: %s, timeout: 3m}
        prometheus: {url: "%s", scrapeInterval: 1s, cadvisorScrapeInterval: 1s, resolution: 1s}
        %s
        """
            .formatted(external, measurement, prometheus.url(), extraSpec));
  }

  /**
   * Creates a wordcount run whose latencySamples threshold is out of reach, so a run that succeeds
   * also takes the path of a failed check (Valid False, a Warning Event).
   */
  private void apply(String name, String measurement) {
    apply(name, measurement, "");
  }

  /** As above, with {@code extraSpec} (one line of YAML) added to the spec. */
  private void apply(String name, String measurement, String extraSpec) {
    applyWithSchedule(
        name, "{warmup: 5s, measurement: %s, timeout: 3m}".formatted(measurement), extraSpec);
  }

  /** As above, with {@code app} (a YAML flow mapping) as its {@code spec.app}. */
  private void apply(String name, String measurement, String extraSpec, String app) {
    harness.createWordcountRun(
        NS,
        name,
        "{warmup: 5s, measurement: %s, timeout: 3m}".formatted(measurement),
        extraSpec,
        app);
  }

  /** A wordcount run with {@code schedule} (a YAML flow mapping) and {@code extraSpec}. */
  private void applyWithSchedule(String name, String schedule, String extraSpec) {
    harness.createWordcountRun(NS, name, schedule, extraSpec);
  }

  /** The first container of run {@code name}'s app Deployment, as the operator wrote it. */
  private Container appContainerOf(String name) {
    return client
        .apps()
        .deployments()
        .inNamespace(NS)
        .withName(name + "-app")
        .get()
        .getSpec()
        .getTemplate()
        .getSpec()
        .getContainers()
        .get(0);
  }

  /** The workload document of run {@code name}'s load-generator Job. */
  private JsonNode workloadOf(String name) throws Exception {
    Job load = client.batch().v1().jobs().inNamespace(NS).withName(name + "-load").get();
    return JSON.readTree(
        load.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream()
            .filter(e -> e.getName().equals("STREAMGAUGE_WORKLOAD"))
            .findFirst()
            .orElseThrow()
            .getValue());
  }

  /** The load-generator pod of run {@code name}, once it exists. */
  private Optional<Pod> loadPodOf(String name) {
    return podsOf(name, Component.LOAD_GENERATOR).stream().findFirst();
  }

  /** The pods of run {@code run}'s {@code component}, by its label and workload name. */
  private List<Pod> podsOf(String run, Component component) {
    return client
        .pods()
        .inNamespace(NS)
        .withLabel(Labels.COMPONENT, component.label())
        .list()
        .getItems()
        .stream()
        .filter(p -> p.getMetadata().getName().startsWith(component.workloadName(run) + "-"))
        .toList();
  }

  /** What the chart's Argo CD health check says of the run as the API server returns it. */
  private ArgoCdHealth.Health argoCdHealth(String name) {
    return ArgoCdHealth.of(ArgoCdHealth.RUN, runDocument(name));
  }

  /** The run as the API server returns it. */
  private JsonNode runDocument(String name) {
    BenchmarkRun run = client.resources(BenchmarkRun.class).inNamespace(NS).withName(name).get();
    return client.getKubernetesSerialization().convertValue(run, JsonNode.class);
  }

  private static Condition ready(BenchmarkRunStatus status) {
    return condition(status, "Ready");
  }

  private static Condition condition(BenchmarkRunStatus status, String type) {
    return status.getConditions().stream()
        .filter(c -> c.getType().equals(type))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + type + " condition"));
  }

  private BenchmarkRunStatus status(String name) {
    return statusIn(NS, name);
  }

  private BenchmarkRunStatus statusIn(String namespace, String name) {
    BenchmarkRun run =
        client.resources(BenchmarkRun.class).inNamespace(namespace).withName(name).get();
    return run == null || run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
  }

  private static boolean isTerminal(BenchmarkRunStatus status) {
    return status.getPhase() == Phase.Succeeded || status.getPhase() == Phase.Failed;
  }

  /**
   * The fault was injected when it fell due, not before, by the reconcile its due time scheduled:
   * before the periodic recheck inside the window ({@link Recheck#IN_WINDOW}) would have come.
   */
  private static void assertInjectedWhenDue(FaultStatus fault, Instant due) {
    assertThat(Instant.parse(fault.getInjectedAt()))
        .as("injected when due (at %s), before the next periodic recheck", due)
        .isAfterOrEqualTo(due)
        .isBefore(due.plus(Recheck.IN_WINDOW));
  }

  /** When the run entered {@code phase}, from its phase history. */
  private static String entered(BenchmarkRunStatus status, Phase phase) {
    return status.getPhaseHistory().stream()
        .filter(t -> t.getPhase() == phase)
        .map(PhaseTransition::getStartedAt)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + phase + " in " + status.getPhaseHistory()));
  }
}
