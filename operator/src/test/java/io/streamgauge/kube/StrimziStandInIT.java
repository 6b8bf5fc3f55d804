package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.KafkaProvisionSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.StrimziV1;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.strimzi.StrimziStandIn;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.KafkaBuilder;
import io.strimzi.api.kafka.model.topic.KafkaTopicBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Strimzi stand-in the operator's tests provision Kafka through, checked for each behaviour of
 * Strimzi 0.50.1 it claims to reproduce, on the kwok control plane with a real broker: the
 * conditions and listener of a run's one-node ephemeral Kafka, the topics of KafkaTopics with their
 * partitions and configs, the topic operator's finalizer and the lack of any status without a topic
 * operator. The same class answers the real node's provisioned Kafka
 * (WordcountOnRealNodeClusterIT), with a broker pod instead of the shared broker.
 */
@ExtendWith(ControlPlaneExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StrimziStandInIT {

  private static final String NS = "strimzi-stand-in-it";
  private static final Duration LIMIT = Duration.ofSeconds(60);

  private KubernetesClient client;
  private KafkaBroker broker;
  private StrimziStandIn standIn;

  @BeforeAll
  void start(TestControlPlane plane) {
    client = plane.client();
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(NS).endMetadata().build())
        .serverSideApply();
    broker = KafkaBroker.start();
    standIn = StrimziStandIn.start(client, NS, broker);
  }

  @AfterAll
  void stop() throws InterruptedException {
    if (standIn != null) {
      standIn.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void aRunsOneNodeEphemeralKafkaWaitsForItsPoolThenIsReadyWithStrimzisWarnings() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    KafkaProvisionSpec provision = spec.getKafka().getProvision();
    provision.setReplicas(1);
    provision.getStorage().setEphemeral(true);
    create(StrimziV1.KAFKA, StrimziV1.asV1(KafkaClusterResources.kafka(NS, "one", provision)));
    String kafka = KafkaClusterResources.clusterName("one");

    Map<String, Object> waiting = awaitCondition(StrimziV1.KAFKA, kafka, "NotReady");
    assertThat(waiting).containsEntry("reason", "Creating");
    assertThat((String) waiting.get("message")).contains("KafkaNodePool");

    create(
        StrimziV1.NODE_POOL,
        StrimziV1.asV1(
            KafkaClusterResources.nodePool(NS, "one", provision, spec.getPlacement().getKafka())));
    awaitCondition(StrimziV1.KAFKA, kafka, "Ready");
    Map<String, Object> status = status(StrimziV1.KAFKA, kafka);
    List<Map<String, Object>> conditions = conditions(status);
    assertThat(conditions)
        .filteredOn(c -> "Warning".equals(c.get("type")))
        .extracting(c -> c.get("reason"))
        .containsExactly("KafkaStorage", "KafkaStorage");
    assertThat(conditions)
        .filteredOn(c -> "Ready".equals(c.get("type")))
        .singleElement()
        .satisfies(
            c -> assertThat(c).containsEntry("status", "True").containsKey("lastTransitionTime"));
    assertThat(conditions).noneMatch(c -> "NotReady".equals(c.get("type")));
    assertThat(status.get("listeners").toString())
        .contains("name=plain", "bootstrapServers=" + broker.bootstrapServers());
    assertThat(status).containsEntry("kafkaVersion", provision.getVersion());
    assertThat(status.get("kafkaNodePools").toString())
        .contains(KafkaClusterResources.nodePoolName("one"));
  }

  @Test
  void aKafkaTopicBecomesItsTopicWithPartitionsAndConfigsWithoutAFinalizerWhenTurnedOff()
      throws Exception {
    Kafka kafka = kafkaWithTopicOperator("no-finalizers", false);
    create(StrimziV1.KAFKA, StrimziV1.asV1(kafka));
    createPool("no-finalizers");
    createTopic("no-finalizers", "orders-a", 3, Map.of("retention.ms", "3600000"));

    awaitCondition(StrimziV1.TOPIC, "orders-a", "Ready");
    GenericKubernetesResource topic = get(StrimziV1.TOPIC, "orders-a");
    assertThat(topic.getMetadata().getFinalizers())
        .as("the run's Kafka sets STRIMZI_USE_FINALIZERS=false")
        .isEmpty();
    assertThat(status(StrimziV1.TOPIC, "orders-a"))
        .containsEntry("topicName", "orders-a")
        .containsKey("topicId");
    try (Admin admin = broker.admin()) {
      TopicDescription described =
          admin
              .describeTopics(List.of("orders-a"))
              .allTopicNames()
              .get(30, TimeUnit.SECONDS)
              .get("orders-a");
      assertThat(described.partitions()).hasSize(3);
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, "orders-a");
      Config config =
          admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
      assertThat(config.get("retention.ms").value()).isEqualTo("3600000");
    }
  }

  @Test
  void theTopicOperatorsFinalizerDeletesTheTopicBeforeTheKafkaTopicGoes() throws Exception {
    create(StrimziV1.KAFKA, StrimziV1.asV1(kafkaWithTopicOperator("finalizers", true)));
    createPool("finalizers");
    createTopic("finalizers", "orders-b", 1, Map.of());
    awaitCondition(StrimziV1.TOPIC, "orders-b", "Ready");
    assertThat(get(StrimziV1.TOPIC, "orders-b").getMetadata().getFinalizers())
        .containsExactly(StrimziStandIn.TOPIC_FINALIZER);
    assertThat(topicNames()).contains("orders-b");

    client
        .genericKubernetesResources(StrimziV1.TOPIC)
        .inNamespace(NS)
        .withName("orders-b")
        .delete();
    Awaitility.await("the KafkaTopic gone once its finalizer is off")
        .atMost(LIMIT)
        .until(() -> get(StrimziV1.TOPIC, "orders-b") == null);
    assertThat(topicNames())
        .as("the topic deleted before the finalizer came off")
        .doesNotContain("orders-b");
  }

  @Test
  void aKafkaTopicOfAKafkaWithoutATopicOperatorGetsNoStatus() throws Exception {
    Kafka kafka =
        new KafkaBuilder(kafkaWithTopicOperator("no-topic-operator", false))
            .editSpec()
            .withEntityOperator(null)
            .endSpec()
            .build();
    create(StrimziV1.KAFKA, StrimziV1.asV1(kafka));
    createPool("no-topic-operator");
    createTopic("no-topic-operator", "orders-c", 1, Map.of());
    awaitCondition(StrimziV1.KAFKA, "no-topic-operator", "Ready");
    // A witness made after it, on a Kafka with a topic operator: each round of the stand-in goes
    // through every KafkaTopic, so the round that made the witness Ready saw orders-c too.
    create(StrimziV1.KAFKA, StrimziV1.asV1(kafkaWithTopicOperator("witness", false)));
    createPool("witness");
    createTopic("witness", "witness-topic", 1, Map.of());
    awaitCondition(StrimziV1.TOPIC, "witness-topic", "Ready");
    assertThat(status(StrimziV1.TOPIC, "orders-c")).isEmpty();
    assertThat(topicNames()).doesNotContain("orders-c");
  }

  private Kafka kafkaWithTopicOperator(String name, boolean finalizers) {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    Kafka kafka = KafkaClusterResources.kafka(NS, "x", spec.getKafka().getProvision());
    kafka.getMetadata().setName(name);
    if (finalizers) {
      kafka.getSpec().getEntityOperator().setTemplate(null);
    }
    return kafka;
  }

  private void createPool(String kafka) {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    var pool =
        KafkaClusterResources.nodePool(
            NS, "x", spec.getKafka().getProvision(), spec.getPlacement().getKafka());
    pool.getMetadata().setName(kafka + "-pool");
    pool.getMetadata().getLabels().put(KafkaClusterResources.CLUSTER_LABEL, kafka);
    create(StrimziV1.NODE_POOL, StrimziV1.asV1(pool));
  }

  private void createTopic(String kafka, String name, int partitions, Map<String, Object> config) {
    create(
        StrimziV1.TOPIC,
        StrimziV1.asV1(
            new KafkaTopicBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace(NS)
                .withLabels(Map.of(KafkaClusterResources.CLUSTER_LABEL, kafka))
                .endMetadata()
                .withNewSpec()
                .withPartitions(partitions)
                .withReplicas(1)
                .withConfig(config)
                .endSpec()
                .build()));
  }

  private Set<String> topicNames() throws Exception {
    try (Admin admin = broker.admin()) {
      return admin.listTopics().names().get(30, TimeUnit.SECONDS);
    }
  }

  private void create(ResourceDefinitionContext kind, GenericKubernetesResource resource) {
    client.genericKubernetesResources(kind).inNamespace(NS).resource(resource).create();
  }

  private GenericKubernetesResource get(ResourceDefinitionContext kind, String name) {
    return client.genericKubernetesResources(kind).inNamespace(NS).withName(name).get();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> status(ResourceDefinitionContext kind, String name) {
    Object status = get(kind, name).getAdditionalProperties().get("status");
    return status instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> conditions(Map<String, Object> status) {
    return status.get("conditions") instanceof List<?> l
        ? (List<Map<String, Object>>) l
        : List.of();
  }

  /** Waits for a condition of {@code type} with status True on the resource, and returns it. */
  private Map<String, Object> awaitCondition(
      ResourceDefinitionContext kind, String name, String type) {
    return Awaitility.await(kind.getKind() + " " + name + " " + type)
        .atMost(LIMIT)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () ->
                conditions(status(kind, name)).stream()
                    .filter(c -> type.equals(c.get("type")) && "True".equals(c.get("status")))
                    .findFirst()
                    .orElse(null),
            c -> c != null);
  }
}
