package io.streamgauge.testing.realnode;

import static io.streamgauge.platform.kubernetes.StrimziV1.KAFKA;
import static io.streamgauge.platform.kubernetes.StrimziV1.NODE_POOL;
import static io.streamgauge.platform.kubernetes.StrimziV1.TOPIC;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.Labels;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;

/**
 * What Strimzi's reconciler (on the real node, the tests' {@code StrimziStandIn}) made of a run's
 * Kafka, read while the run measures (the run's cleanup deletes it after): the broker pod, the
 * bootstrap address published in the Kafka's status, the run's KafkaTopics, and the topics as the
 * broker itself describes them.
 *
 * @param broker a broker pod of the Kafka; null when it had none
 * @param publishedBootstrap the {@code plain} listener's bootstrap address; null when unpublished
 * @param topics the run's KafkaTopics by resource name
 * @param described the broker's topics by topic name
 */
public record StrimziKafka(
    Pod broker,
    String publishedBootstrap,
    Map<String, GenericKubernetesResource> topics,
    Map<String, DescribedTopic> described) {

  /** The StrimziPodSets Strimzi runs a node pool's pods with. */
  public static final ResourceDefinitionContext POD_SET =
      new ResourceDefinitionContext.Builder()
          .withGroup("core.strimzi.io")
          .withVersion("v1")
          .withKind("StrimziPodSet")
          .withPlural("strimzipodsets")
          .withNamespaced(true)
          .build();

  /** A topic as the broker describes it; configs those set on the topic, by name. */
  public record DescribedTopic(
      int partitions, int replicationFactor, Map<String, String> configs) {}

  /** Reads Kafka {@code kafka} of run {@code run} in {@code namespace} as it is now. */
  public static StrimziKafka observe(
      RealCluster cluster, String namespace, String kafka, String run) {
    KubernetesClient client = cluster.client();
    List<Pod> brokers =
        client
            .pods()
            .inNamespace(namespace)
            .withLabel(KafkaClusterResources.CLUSTER_LABEL, kafka)
            .withLabel(KafkaClusterResources.BROKER_ROLE_LABEL, "true")
            .list()
            .getItems();
    Pod broker = brokers.isEmpty() ? null : brokers.get(0);
    Map<String, GenericKubernetesResource> topics = new LinkedHashMap<>();
    client
        .genericKubernetesResources(TOPIC)
        .inNamespace(namespace)
        .withLabel(Labels.RUN, run)
        .list()
        .getItems()
        .forEach(t -> topics.put(t.getMetadata().getName(), t));
    return new StrimziKafka(
        broker,
        plainBootstrap(
            client.genericKubernetesResources(KAFKA).inNamespace(namespace).withName(kafka).get()),
        topics,
        broker == null ? Map.of() : describe(broker));
  }

  /**
   * The Strimzi resources and the pods not yet terminating left in {@code namespace}, by kind;
   * empty once everything a Kafka made is gone or on its way out. A terminating pod is the
   * kubelet's to end: the entity operator's took its whole 30 s grace period to stop on this node
   * (its broker went at the same moment; measured 2026-11-28), which says nothing of the run.
   */
  public static Map<String, Integer> leftIn(KubernetesClient client, String namespace) {
    Map<String, Integer> left = new LinkedHashMap<>();
    for (ResourceDefinitionContext kind : List.of(KAFKA, NODE_POOL, TOPIC, POD_SET)) {
      count(
          left,
          kind.getKind(),
          client.genericKubernetesResources(kind).inNamespace(namespace).list().getItems());
    }
    count(
        left,
        "Pod (not terminating)",
        client.pods().inNamespace(namespace).list().getItems().stream()
            .filter(p -> p.getMetadata().getDeletionTimestamp() == null)
            .toList());
    return left;
  }

  /** The {@code spec} of a Strimzi resource; empty when it has none. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> spec(GenericKubernetesResource resource) {
    Object spec = resource.getAdditionalProperties().get("spec");
    return spec instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  private static void count(Map<String, Integer> left, String kind, List<?> items) {
    if (!items.isEmpty()) {
      left.put(kind, items.size());
    }
  }

  private static String plainBootstrap(GenericKubernetesResource kafka) {
    if (kafka != null
        && kafka.getAdditionalProperties().get("status") instanceof Map<?, ?> status
        && status.get("listeners") instanceof List<?> listeners) {
      for (Object listener : listeners) {
        if (listener instanceof Map<?, ?> l && "plain".equals(l.get("name"))) {
          return (String) l.get("bootstrapServers");
        }
      }
    }
    return null;
  }

  /**
   * The broker's topics, as an admin client on the node reads them from the broker pod's address:
   * partitions, replication factor, and the configs set on the topic itself.
   */
  private static Map<String, DescribedTopic> describe(Pod broker) {
    Map<String, DescribedTopic> described = new LinkedHashMap<>();
    try (Admin admin =
        Admin.create(
            Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.getStatus().getPodIP() + ":" + KafkaClusterResources.PLAIN_PORT,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                30_000))) {
      Set<String> names = admin.listTopics().names().get(30, TimeUnit.SECONDS);
      Map<String, TopicDescription> topics =
          admin.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
      Map<ConfigResource, Config> configs =
          admin
              .describeConfigs(
                  names.stream()
                      .map(n -> new ConfigResource(ConfigResource.Type.TOPIC, n))
                      .toList())
              .all()
              .get(30, TimeUnit.SECONDS);
      topics.forEach(
          (name, topic) -> {
            Map<String, String> set = new TreeMap<>();
            configs.get(new ConfigResource(ConfigResource.Type.TOPIC, name)).entries().stream()
                .filter(e -> e.source() == ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG)
                .forEach(e -> set.put(e.name(), e.value()));
            described.put(
                name,
                new DescribedTopic(
                    topic.partitions().size(), topic.partitions().get(0).replicas().size(), set));
          });
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException(
          "cannot describe the topics of broker pod " + broker.getMetadata().getName(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return described;
  }
}
