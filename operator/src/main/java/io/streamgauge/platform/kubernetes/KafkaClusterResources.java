package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeerBuilder;
import io.streamgauge.api.spec.KafkaProvisionSpec;
import io.streamgauge.api.spec.KafkaStorageSpec;
import io.streamgauge.api.spec.PodPlacement;
import io.strimzi.api.kafka.model.common.template.ContainerEnvVarBuilder;
import io.strimzi.api.kafka.model.common.template.PodTemplateBuilder;
import io.strimzi.api.kafka.model.kafka.EphemeralStorageBuilder;
import io.strimzi.api.kafka.model.kafka.JbodStorageBuilder;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.KafkaBuilder;
import io.strimzi.api.kafka.model.kafka.PersistentClaimStorageBuilder;
import io.strimzi.api.kafka.model.kafka.SingleVolumeStorage;
import io.strimzi.api.kafka.model.kafka.listener.GenericKafkaListenerBuilder;
import io.strimzi.api.kafka.model.kafka.listener.KafkaListenerType;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePoolBuilder;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the Strimzi {@code Kafka} and {@code KafkaNodePool} of a run from its defaulted {@code
 * spec.kafka.provision} (written as {@code kafka.strimzi.io/v1} through {@link StrimziV1}): a KRaft
 * cluster whose nodes are all both broker and controller, with a plain internal listener on {@value
 * #PLAIN_PORT}, and the entity operator's topic operator, which turns the run's {@code KafkaTopic}s
 * into topics (without it Strimzi leaves them untouched), without its deletion finalizer ({@link
 * #TOPIC_FINALIZERS_VARIABLE}).
 */
public final class KafkaClusterResources {

  /** Port of the plain (no TLS) internal listener the clients use. */
  public static final int PLAIN_PORT = 9092;

  /**
   * The topic operator's switch for the finalizer it puts on every KafkaTopic, set to {@code
   * false}: with it, a KafkaTopic being deleted waits for the topic operator, which runs in the
   * Kafka's entity operator; when the run's Kafka goes at the same moment (the run's cleanup, or
   * the run deleted and its Kafka and KafkaTopics collected together), no topic operator is left,
   * the KafkaTopics stay Terminating and their namespace cannot be deleted (seen with Strimzi
   * 0.50.1 on the real node). The topics live and die with the run's own Kafka, so nothing needs
   * the finalizer.
   */
  static final String TOPIC_FINALIZERS_VARIABLE = "STRIMZI_USE_FINALIZERS";

  static final String TOPIC_OPERATOR_CPU_REQUEST = "100m";
  static final String TOPIC_OPERATOR_CPU_LIMIT = "500m";
  static final String TOPIC_OPERATOR_MEMORY = "384Mi";

  /** Label Strimzi uses to tie a node pool to its cluster. */
  public static final String CLUSTER_LABEL = "strimzi.io/cluster";

  /** Label Strimzi puts on the pods of nodes with the broker role ({@code "true"}). */
  public static final String BROKER_ROLE_LABEL = "strimzi.io/broker-role";

  private KafkaClusterResources() {}

  /** Name of the Kafka cluster of run {@code runName}. */
  public static String clusterName(String runName) {
    return runName + "-kafka";
  }

  /**
   * Name of the node pool of run {@code runName}: {@code pool-} and 6 hex digits of the name's
   * SHA-256, unique per namespace like the run. Strimzi names the broker pods {@code
   * <cluster>-<pool>-<id>}, a DNS label of at most 63 characters: a pool named after the run would
   * put the run's name in it twice. The pool carries the run's label like everything else.
   */
  public static String nodePoolName(String runName) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(runName.getBytes(StandardCharsets.UTF_8));
      return "pool-" + HexFormat.of().formatHex(digest, 0, 3);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** Bootstrap address of the cluster, valid inside the run's namespace. */
  public static String bootstrapServers(String runName) {
    return clusterName(runName) + "-kafka-bootstrap:" + PLAIN_PORT;
  }

  /** The Kafka resource: version, listener and broker configuration. */
  public static Kafka kafka(String namespace, String runName, KafkaProvisionSpec provision) {
    Map<String, Object> config = new LinkedHashMap<>(provision.getConfig());
    return new KafkaBuilder()
        .withNewMetadata()
        .withName(clusterName(runName))
        .withNamespace(namespace)
        .withLabels(Labels.forRun(runName))
        .endMetadata()
        .withNewSpec()
        .withNewKafka()
        .withVersion(provision.getVersion())
        .withListeners(
            new GenericKafkaListenerBuilder()
                .withName("plain")
                .withPort(PLAIN_PORT)
                .withType(KafkaListenerType.INTERNAL)
                .withTls(false)
                // Strimzi's NetworkPolicy for the listener admits the run's own pods only: the
                // listener has no authentication, and another pod could write into its topics.
                .withNetworkPolicyPeers(
                    new NetworkPolicyPeerBuilder()
                        .withNewPodSelector()
                        .withMatchLabels(Labels.forRun(runName))
                        .endPodSelector()
                        .build())
                .build())
        .withConfig(config)
        .endKafka()
        .withNewEntityOperator()
        .withNewTopicOperator()
        .withResources(topicOperatorResources())
        .endTopicOperator()
        .withNewTemplate()
        .withNewTopicOperatorContainer()
        .withEnv(
            new ContainerEnvVarBuilder()
                .withName(TOPIC_FINALIZERS_VARIABLE)
                .withValue("false")
                .build())
        .endTopicOperatorContainer()
        .endTemplate()
        .endEntityOperator()
        .endSpec()
        .build();
  }

  /**
   * The topic operator's container: {@value #TOPIC_OPERATOR_CPU_REQUEST} CPU and {@value
   * #TOPIC_OPERATOR_MEMORY} of memory requested, the memory also its limit (its JVM sizes its heap
   * from it) and at most {@value #TOPIC_OPERATOR_CPU_LIMIT} CPU. A run's handful of topics needs
   * little; without resources the pod would be BestEffort, the first evicted from a busy node and
   * free to take CPU from the brokers beside it.
   */
  static ResourceRequirements topicOperatorResources() {
    return new ResourceRequirementsBuilder()
        .addToRequests("cpu", new Quantity(TOPIC_OPERATOR_CPU_REQUEST))
        .addToRequests("memory", new Quantity(TOPIC_OPERATOR_MEMORY))
        .addToLimits("cpu", new Quantity(TOPIC_OPERATOR_CPU_LIMIT))
        .addToLimits("memory", new Quantity(TOPIC_OPERATOR_MEMORY))
        .build();
  }

  /** The node pool: replicas, Guaranteed resources, storage and placement of the Kafka nodes. */
  public static KafkaNodePool nodePool(
      String namespace, String runName, KafkaProvisionSpec provision, PodPlacement placement) {
    Map<String, String> labels = new LinkedHashMap<>(Labels.forRun(runName));
    labels.put(CLUSTER_LABEL, clusterName(runName));
    return new KafkaNodePoolBuilder()
        .withNewMetadata()
        .withName(nodePoolName(runName))
        .withNamespace(namespace)
        .withLabels(labels)
        .endMetadata()
        .withNewSpec()
        .withReplicas(provision.getReplicas())
        .withRoles(ProcessRoles.CONTROLLER, ProcessRoles.BROKER)
        .withResources(provision.getResources())
        .withStorage(new JbodStorageBuilder().withVolumes(volume(provision.getStorage())).build())
        .withNewTemplate()
        .withPod(
            new PodTemplateBuilder()
                .withAffinity(nodeAffinity(placement.getNodeSelector()))
                .withTolerations(placement.getTolerations())
                .build())
        .endTemplate()
        .endSpec()
        .build();
  }

  private static SingleVolumeStorage volume(KafkaStorageSpec storage) {
    if (Boolean.TRUE.equals(storage.getEphemeral())) {
      return new EphemeralStorageBuilder().withId(0).withSizeLimit(storage.getSize()).build();
    }
    return new PersistentClaimStorageBuilder()
        .withId(0)
        .withSize(storage.getSize())
        .withStorageClass(storage.getStorageClass())
        .withDeleteClaim(true)
        .build();
  }

  /**
   * Strimzi pod templates have no nodeSelector; the same constraint as a required node affinity.
   */
  private static Affinity nodeAffinity(Map<String, String> nodeSelector) {
    if (nodeSelector.isEmpty()) {
      return null;
    }
    List<NodeSelectorRequirement> requirements =
        nodeSelector.entrySet().stream()
            .map(
                e ->
                    new NodeSelectorRequirementBuilder()
                        .withKey(e.getKey())
                        .withOperator("In")
                        .withValues(e.getValue())
                        .build())
            .toList();
    return new AffinityBuilder()
        .withNewNodeAffinity()
        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
        .addNewNodeSelectorTerm()
        .withMatchExpressions(requirements)
        .endNodeSelectorTerm()
        .endRequiredDuringSchedulingIgnoredDuringExecution()
        .endNodeAffinity()
        .build();
  }
}
