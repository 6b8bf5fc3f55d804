package io.streamgauge.realnode;

import static io.streamgauge.platform.kubernetes.StrimziV1.KAFKA;
import static io.streamgauge.platform.kubernetes.StrimziV1.NODE_POOL;
import static io.streamgauge.platform.kubernetes.StrimziV1.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.api.BenchmarkRunStatus;
import io.streamgauge.api.Phase;
import io.streamgauge.api.PhaseTransition;
import io.streamgauge.api.RunSummary;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.testing.RepoFiles;
import io.streamgauge.testing.controlplane.CommandResult;
import io.streamgauge.testing.realnode.RealCluster;
import io.streamgauge.testing.realnode.RealClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline path on real pods: {@code examples/run-wordcount-eos-small-strimzi.yaml} provisions
 * its Kafka through the real Strimzi cluster operator (0.50.1, built from source by {@code make
 * strimzi-images} and installed by {@code cluster/strimzi/install.sh}, restricted pod security
 * provider), in a namespace that enforces the restricted Pod Security Standard. Strimzi makes the
 * broker pod from the run's Kafka and KafkaNodePool and its topic operator the run's topics from
 * its KafkaTopics; the clients reach the bootstrap address Strimzi publishes; the summary says how
 * long Kafka took to be ready; and once the run has cleaned up, nothing of the Kafka is left.
 *
 * <p>Tagged {@code strimzi}: {@code make test-strimzi} and {@code make test-full} run it on a
 * cluster with Strimzi installed ({@code STRIMZI=1}); it is in neither {@code make test} nor a
 * slice of the full tier yet (docs/testing.md).
 */
@Tag("strimzi")
@ExtendWith(RealClusterExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProvisionedKafkaOnRealNodeClusterIT {

  private static final String NS = "realnode-strimzi";
  private static final String RUN = "wordcount-eos-small-strimzi";
  private static final String CLUSTER = RUN + "-kafka";
  private static final ResourceDefinitionContext POD_SET =
      new ResourceDefinitionContext.Builder()
          .withGroup("core.strimzi.io")
          .withVersion("v1")
          .withKind("StrimziPodSet")
          .withPlural("strimzipodsets")
          .withNamespaced(true)
          .build();
  private static final Pattern DESCRIBED =
      Pattern.compile(
          "Topic: (\\S+)\\s+TopicId: \\S+\\s+PartitionCount: (\\d+)\\s+"
              + "ReplicationFactor: (\\d+)\\s+Configs: ?(\\S*)");

  @TempDir static Path dir;
  private RealCluster cluster;
  private KubernetesClient client;
  private Pod broker;
  private String publishedBootstrap;
  private Map<String, GenericKubernetesResource> topics;
  private Map<String, Described> described;

  /** A topic as {@code kafka-topics.sh --describe} in the broker pod shows it. */
  private record Described(int partitions, int replicationFactor, String configs) {}

  private BenchmarkRunStatus status;

  @BeforeAll
  void runIt(RealCluster cluster) throws Exception {
    this.cluster = cluster;
    this.client = cluster.client();
    CommandResult operator =
        cluster.kubectl(
            "get", "-n", "strimzi", "deployment/strimzi-cluster-operator", "-o", "name");
    assertThat(operator.succeeded())
        .as(
            "Strimzi's cluster operator runs in namespace strimzi (make cluster-up STRIMZI=1 installs"
                + " it): "
                + operator.stderr())
        .isTrue();
    client
        .namespaces()
        .resource(
            new NamespaceBuilder()
                .withNewMetadata()
                .withName(NS)
                .addToLabels("pod-security.kubernetes.io/enforce", "restricted")
                .endMetadata()
                .build())
        .serverSideApply();
    String yaml =
        Files.readString(RepoFiles.examplesDir().resolve("run-" + RUN + ".yaml"))
            .replace("warmup: 1m", "warmup: 20s")
            .replace("measurement: 2m", "measurement: 60s");
    cluster.apply(NS, dir.resolve("run.yaml"), yaml);

    Awaitility.await("the run measuring, on Strimzi's Kafka")
        .atMost(Duration.ofMinutes(8))
        .pollInterval(Duration.ofSeconds(2))
        .until(
            () -> {
              Phase phase = cluster.runStatus(NS, RUN).getPhase();
              return phase == Phase.Measuring || phase == Phase.Failed;
            });
    observeKafkaWhileItRuns();
    status = cluster.awaitFinished(NS, RUN, Duration.ofMinutes(4));
  }

  /** What Strimzi made, read while the run measures (cleanup removes it after). */
  private void observeKafkaWhileItRuns() {
    List<Pod> brokers =
        client
            .pods()
            .inNamespace(NS)
            .withLabel(KafkaClusterResources.CLUSTER_LABEL, CLUSTER)
            .withLabel(KafkaClusterResources.BROKER_ROLE_LABEL, "true")
            .list()
            .getItems();
    broker = brokers.isEmpty() ? null : brokers.get(0);
    GenericKubernetesResource kafka =
        client.genericKubernetesResources(KAFKA).inNamespace(NS).withName(CLUSTER).get();
    publishedBootstrap = null;
    if (kafka != null) {
      Object listeners = status(kafka).get("listeners");
      if (listeners instanceof List<?> list) {
        for (Object listener : list) {
          if (listener instanceof Map<?, ?> l && "plain".equals(l.get("name"))) {
            publishedBootstrap = (String) l.get("bootstrapServers");
          }
        }
      }
    }
    topics = new LinkedHashMap<>();
    client
        .genericKubernetesResources(TOPIC)
        .inNamespace(NS)
        .withLabel(Labels.RUN, RUN)
        .list()
        .getItems()
        .forEach(t -> topics.put(t.getMetadata().getName(), t));
    described = new LinkedHashMap<>();
    if (broker != null) {
      CommandResult describe =
          cluster.kubectl(
              "exec",
              "-n",
              NS,
              broker.getMetadata().getName(),
              "--",
              "bin/kafka-topics.sh",
              "--bootstrap-server",
              "localhost:9092",
              "--describe",
              "--exclude-internal");
      Matcher m = DESCRIBED.matcher(describe.stdout());
      while (m.find()) {
        described.put(
            m.group(1),
            new Described(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(4)));
      }
    }
  }

  @AfterAll
  void cleanUp() {
    if (cluster != null) {
      cluster.finish(NS);
    }
  }

  @Test
  void theRunSucceedsWithAWholeSummary() {
    assertThat(status.getPhase()).as(status.getConditions().toString()).isEqualTo(Phase.Succeeded);
    RunSummary summary = status.getSummary();
    assertThat(summary.getLatency().getP99Ms()).isPositive();
    assertThat(summary.getThroughput().getProducedPerSec()).isBetween(450.0, 550.0);
    assertThat(summary.getThroughput().getConsumedPerSec()).isPositive();
    assertThat(summary.getLatency().getSamples()).isPositive();
    assertThat(summary.getCpuCores()).isPositive();
    assertThat(summary.getSources())
        .containsEntry("cpuCores", "cadvisor")
        .containsEntry("memoryMiB", "cadvisor")
        .containsEntry("heapMiB", "prometheus-jvm");
  }

  @Test
  void strimziRanTheBrokerFromTheNodePoolUnderTheRestrictedStandard() {
    assertThat(broker)
        .as("a broker pod of Kafka " + CLUSTER + " while the run measured")
        .isNotNull();
    assertThat(broker.getMetadata().getName()).startsWith(CLUSTER + "-pool-");
    assertThat(broker.getSpec().getContainers().get(0).getImage())
        .isEqualTo("localhost/strimzi/kafka:0.50.1-kafka-4.1.1");
    assertThat(broker.getSpec().getContainers().get(0).getSecurityContext().getRunAsNonRoot())
        .as("admitted by a namespace enforcing restricted: Strimzi's restricted provider")
        .isTrue();
  }

  @Test
  void theTopicOperatorMadeTheRunsTopicsAsTheirKafkaTopicsAsk() {
    assertThat(topics).as("the run's KafkaTopics").isNotEmpty();
    for (GenericKubernetesResource topic : topics.values()) {
      Map<String, Object> spec = spec(topic);
      String name = (String) spec.getOrDefault("topicName", topic.getMetadata().getName());
      assertThat(described).as("kafka-topics.sh --describe in the broker pod").containsKey(name);
      Described actual = described.get(name);
      assertThat(actual.partitions()).isEqualTo(spec.get("partitions"));
      assertThat(actual.replicationFactor()).isEqualTo(spec.get("replicas"));
      if (spec.get("config") instanceof Map<?, ?> config) {
        config.forEach((key, value) -> assertThat(actual.configs()).contains(key + "=" + value));
      }
    }
  }

  @Test
  void theClientsReachedTheBootstrapAddressStrimziPublished() {
    assertThat(publishedBootstrap).as("Kafka " + CLUSTER + "'s plain listener").isNotNull();
    assertThat(status.getKafkaBootstrapServers()).isEqualTo(publishedBootstrap);
  }

  @Test
  void theSummarySaysHowLongKafkaTookToBeReady() {
    Instant provisioning = entered(Phase.ProvisioningKafka);
    Instant deploying = entered(Phase.DeployingApp);
    double seconds = Duration.between(provisioning, deploying).toMillis() / 1000.0;
    System.out.printf(
        "Kafka through Strimzi: ready with its topics %.0f s after its creation%n", seconds);
    assertThat(status.getSummary().getKafkaReadySeconds()).isEqualTo(seconds);
  }

  @Test
  void nothingOfTheKafkaIsLeftOnceTheRunCleanedUp() {
    Awaitility.await("the run's Kafka and all Strimzi made of it gone")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofSeconds(2))
        .untilAsserted(
            () -> {
              assertThat(client.genericKubernetesResources(KAFKA).inNamespace(NS).list().getItems())
                  .isEmpty();
              assertThat(
                      client
                          .genericKubernetesResources(NODE_POOL)
                          .inNamespace(NS)
                          .list()
                          .getItems())
                  .isEmpty();
              assertThat(client.genericKubernetesResources(TOPIC).inNamespace(NS).list().getItems())
                  .as("KafkaTopics (the topic operator's finalizer)")
                  .isEmpty();
              assertThat(
                      client.genericKubernetesResources(POD_SET).inNamespace(NS).list().getItems())
                  .isEmpty();
              assertThat(client.pods().inNamespace(NS).list().getItems()).isEmpty();
            });
  }

  private Instant entered(Phase phase) {
    return status.getPhaseHistory().stream()
        .filter(t -> t.getPhase() == phase)
        .map(PhaseTransition::getStartedAt)
        .map(Instant::parse)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + phase + " in " + status.getPhaseHistory()));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> status(GenericKubernetesResource resource) {
    Object status = resource.getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource resource) {
    Object spec = resource.getAdditionalProperties().get("spec");
    return spec instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }
}
