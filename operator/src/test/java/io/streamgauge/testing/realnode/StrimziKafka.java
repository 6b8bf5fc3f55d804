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
import io.streamgauge.testing.controlplane.CommandResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the real Strimzi operator made of a run's Kafka, read while the run measures (the run's
 * cleanup deletes it after): the broker pod, the bootstrap address Strimzi published in the Kafka's
 * status, the run's KafkaTopics, and the topics as {@code kafka-topics.sh --describe} in the broker
 * pod shows them.
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

  private static final Pattern DESCRIBED =
      Pattern.compile(
          "Topic: (\\S+)\\s+TopicId: \\S+\\s+PartitionCount: (\\d+)\\s+"
              + "ReplicationFactor: (\\d+)\\s+Configs: ?(\\S*)");

  /** A topic as {@code kafka-topics.sh --describe} shows it; configs as {@code k=v,k=v}. */
  public record DescribedTopic(int partitions, int replicationFactor, String configs) {}

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
        broker == null ? Map.of() : describe(cluster, broker));
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

  private static Map<String, DescribedTopic> describe(RealCluster cluster, Pod broker) {
    CommandResult describe =
        cluster.kubectl(
            "exec",
            "-n",
            broker.getMetadata().getNamespace(),
            broker.getMetadata().getName(),
            "--",
            "bin/kafka-topics.sh",
            "--bootstrap-server",
            "localhost:9092",
            "--describe",
            "--exclude-internal");
    Map<String, DescribedTopic> described = new LinkedHashMap<>();
    Matcher m = DESCRIBED.matcher(describe.stdout());
    while (m.find()) {
      described.put(
          m.group(1),
          new DescribedTopic(
              Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(4)));
    }
    return described;
  }
}
