package io.streamgauge.platform.kubernetes;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.platform.RunTopics;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.topic.KafkaTopicBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The run's input and output topics as Strimzi {@code KafkaTopic}s of its cluster, each with the
 * scenario's partitions (outputs take the first input's) and as many replicas as the cluster has
 * brokers, up to 3. Kafka Streams creates its own repartition and changelog topics.
 */
public final class KafkaTopics {

  private KafkaTopics() {}

  /** One KafkaTopic per input and output topic. */
  public static List<KafkaTopic> build(RunOwner owner, BenchmarkRunSpec spec) {
    Map<String, Integer> partitions = RunTopics.of(spec);
    int replicas = Math.min(3, spec.getKafka().getProvision().getReplicas());
    Map<String, String> labels = new LinkedHashMap<>(Labels.forRun(owner.name()));
    labels.put(
        KafkaClusterResources.CLUSTER_LABEL, KafkaClusterResources.clusterName(owner.name()));
    List<KafkaTopic> topics = new ArrayList<>();
    partitions.forEach(
        (topic, count) ->
            topics.add(
                new KafkaTopicBuilder()
                    .withNewMetadata()
                    .withName(resourceName(owner, topic))
                    .withNamespace(owner.namespace())
                    .withLabels(labels)
                    .endMetadata()
                    .withNewSpec()
                    .withTopicName(topic)
                    .withPartitions(count)
                    .withReplicas(replicas)
                    .endSpec()
                    .build()));
    return topics;
  }

  /** A Kubernetes name for {@code topic} of the run (topic names allow {@code _} and {@code .}). */
  static String resourceName(RunOwner owner, String topic) {
    String name =
        (owner.name() + "-" + topic).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-");
    return name.length() > 63 ? name.substring(0, 63).replaceAll("-+$", "") : name;
  }
}
