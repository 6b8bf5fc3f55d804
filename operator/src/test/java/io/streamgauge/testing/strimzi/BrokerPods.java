package io.streamgauge.testing.strimzi;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * A Kafka's broker as a pod of its own, from Streamgauge's Kafka image (Kafka's jars from Maven
 * Central, our own start script: images/kafka), on the real node: what Strimzi's cluster operator
 * makes of a one-node KRaft Kafka, reduced to what a run uses.
 *
 * <ul>
 *   <li>The pod {@code <cluster>-<pool>-0} (Strimzi's node name), container {@code kafka}, with
 *       Strimzi's labels ({@code strimzi.io/cluster}, {@code strimzi.io/kind}, {@code
 *       strimzi.io/name}, {@code strimzi.io/pool-name}, the role labels) and the Kafka's own, the
 *       pool's resources, node affinity and tolerations, {@code spec.kafka.config} as broker
 *       settings, a heap of {@code spec.kafka.jvmOptions} or else half the memory limit, and the
 *       security context Strimzi's {@code restricted} provider gives, so a namespace enforcing the
 *       restricted Pod Security Standard admits it.
 *   <li>The Service {@code <cluster>-kafka-bootstrap} on port {@value
 *       KafkaClusterResources#PLAIN_PORT}, whose name the Kafka's status publishes as {@code
 *       <cluster>-kafka-bootstrap.<namespace>.svc:9092}, as Strimzi does.
 *   <li>Both owned by the Kafka, so the garbage collector removes them with it.
 * </ul>
 *
 * <p>Left out: more than one node (refused), persistent volume claims (the data directory is an
 * {@code emptyDir}, with the pool's ephemeral size limit), the brokers' headless Service, and
 * per-pod DNS names: the broker advertises its pod address, which the test JVM on the node reaches
 * too.
 */
public final class BrokerPods implements StandInBrokers {

  /** Streamgauge's Kafka image, as {@code make images} tags it and the cluster has it imported. */
  public static final String IMAGE = "ghcr.io/streamgauge/kafka:0.1.0";

  private static final String DATA_DIR = "/var/lib/kafka/data-0";

  private final KubernetesClient client;

  public BrokerPods(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public BrokerState brokerOf(
      GenericKubernetesResource kafka, List<GenericKubernetesResource> pools) {
    int nodes =
        pools.stream()
            .mapToInt(p -> ((Number) StandInMaps.spec(p).getOrDefault("replicas", 0)).intValue())
            .sum();
    if (pools.size() != 1 || nodes != 1) {
      return new Refused(
          "StandInLimit",
          "the Strimzi stand-in runs Kafkas of one node in one pool; this one has "
              + nodes
              + " in "
              + pools.size());
    }
    String namespace = kafka.getMetadata().getNamespace();
    String cluster = kafka.getMetadata().getName();
    GenericKubernetesResource pool = pools.get(0);
    String podName = cluster + "-" + pool.getMetadata().getName() + "-0";
    Pod pod = client.pods().inNamespace(namespace).withName(podName).get();
    if (pod == null) {
      client.services().inNamespace(namespace).resource(bootstrapService(kafka)).serverSideApply();
      client.pods().inNamespace(namespace).resource(brokerPod(kafka, pool, podName)).create();
      return new Starting("broker pod " + podName + " created");
    }
    if (!ready(pod)) {
      return new Starting("broker pod " + podName + " is not ready yet");
    }
    String reachable = pod.getStatus().getPodIP() + ":" + KafkaClusterResources.PLAIN_PORT;
    return new Running(
        cluster + "-kafka-bootstrap." + namespace + ".svc:" + KafkaClusterResources.PLAIN_PORT,
        () ->
            Admin.create(
                Map.of(
                    AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, reachable,
                    AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                    AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000)));
  }

  private static boolean ready(Pod pod) {
    return pod.getStatus() != null
        && pod.getStatus().getPodIP() != null
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static Map<String, String> selector(String cluster) {
    return Map.of(
        KafkaClusterResources.CLUSTER_LABEL,
        cluster,
        "strimzi.io/kind",
        "Kafka",
        KafkaClusterResources.BROKER_ROLE_LABEL,
        "true");
  }

  private static Service bootstrapService(GenericKubernetesResource kafka) {
    String cluster = kafka.getMetadata().getName();
    return new ServiceBuilder()
        .withNewMetadata()
        .withName(cluster + "-kafka-bootstrap")
        .withNamespace(kafka.getMetadata().getNamespace())
        .withLabels(labels(kafka, Map.of("strimzi.io/name", cluster + "-kafka")))
        .withOwnerReferences(ownedBy(kafka))
        .endMetadata()
        .withNewSpec()
        .withSelector(selector(cluster))
        .addNewPort()
        .withName("tcp-clients")
        .withPort(KafkaClusterResources.PLAIN_PORT)
        .withNewTargetPort(KafkaClusterResources.PLAIN_PORT)
        .endPort()
        .endSpec()
        .build();
  }

  private static Pod brokerPod(
      GenericKubernetesResource kafka, GenericKubernetesResource pool, String name) {
    String cluster = kafka.getMetadata().getName();
    Map<String, Object> kafkaSpec = StandInMaps.map(StandInMaps.spec(kafka).get("kafka"));
    Map<String, Object> poolSpec = StandInMaps.spec(pool);
    Map<String, Object> podTemplate =
        StandInMaps.map(StandInMaps.map(poolSpec.get("template")).get("pod"));
    List<String> roles =
        StandInMaps.list(poolSpec.get("roles")).stream().map(String::valueOf).toList();
    Map<String, String> own = new LinkedHashMap<>(selector(cluster));
    own.put("strimzi.io/name", cluster + "-kafka");
    own.put("strimzi.io/pool-name", pool.getMetadata().getName());
    own.put("strimzi.io/controller-role", String.valueOf(roles.contains("controller")));
    own.put(KafkaClusterResources.BROKER_ROLE_LABEL, String.valueOf(roles.contains("broker")));
    ResourceRequirements resources =
        Serialization.unmarshal(
            Serialization.asJson(poolSpec.getOrDefault("resources", Map.of())),
            ResourceRequirements.class);
    return new PodBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(kafka.getMetadata().getNamespace())
        .withLabels(labels(kafka, own))
        .withOwnerReferences(ownedBy(kafka))
        .endMetadata()
        .withNewSpec()
        .withAffinity(convert(podTemplate.get("affinity"), Affinity.class))
        .withTolerations(
            StandInMaps.list(podTemplate.get("tolerations")).stream()
                .map(t -> convert(t, Toleration.class))
                .toList())
        .withNewSecurityContext()
        .withRunAsNonRoot(true)
        .withNewSeccompProfile()
        .withType("RuntimeDefault")
        .endSeccompProfile()
        .endSecurityContext()
        .addToContainers(
            new ContainerBuilder()
                .withName("kafka")
                .withImage(IMAGE)
                .withImagePullPolicy("IfNotPresent")
                .withEnv(environment(kafkaSpec, resources))
                .withResources(resources)
                .addNewPort()
                .withName("tcp-clients")
                .withContainerPort(KafkaClusterResources.PLAIN_PORT)
                .endPort()
                .withNewReadinessProbe()
                .withNewTcpSocket()
                .withNewPort(KafkaClusterResources.PLAIN_PORT)
                .endTcpSocket()
                .withPeriodSeconds(2)
                .endReadinessProbe()
                .addNewVolumeMount()
                .withName("data-0")
                .withMountPath(DATA_DIR)
                .endVolumeMount()
                .withNewSecurityContext()
                .withAllowPrivilegeEscalation(false)
                .withNewCapabilities()
                .withDrop("ALL")
                .endCapabilities()
                .endSecurityContext()
                .build())
        .addNewVolume()
        .withName("data-0")
        .withNewEmptyDir()
        .withSizeLimit(ephemeralSize(poolSpec))
        .endEmptyDir()
        .endVolume()
        .endSpec()
        .build();
  }

  /** The broker's settings: data directory, {@code spec.kafka.config} and the heap. */
  private static List<EnvVar> environment(
      Map<String, Object> kafkaSpec, ResourceRequirements resources) {
    String config =
        StandInMaps.map(kafkaSpec.get("config")).entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("\n"));
    Map<String, Object> jvm = StandInMaps.map(kafkaSpec.get("jvmOptions"));
    String heap =
        jvm.containsKey("-Xmx")
            ? "-Xmx" + jvm.get("-Xmx") + (jvm.containsKey("-Xms") ? " -Xms" + jvm.get("-Xms") : "")
            : resources.getLimits() != null && resources.getLimits().containsKey("memory")
                ? "-XX:MaxRAMPercentage=50"
                : "-Xmx1g";
    return List.of(
        new EnvVar("KAFKA_DATA_DIR", DATA_DIR + "/kafka-log0", null),
        new EnvVar("KAFKA_SERVER_PROPERTIES", config, null),
        new EnvVar("KAFKA_HEAP_OPTS", heap, null));
  }

  /** The size limit of the pool's ephemeral volume; none for other storage. */
  private static Quantity ephemeralSize(Map<String, Object> poolSpec) {
    Map<String, Object> storage = StandInMaps.map(poolSpec.get("storage"));
    List<?> volumes =
        "jbod".equals(storage.get("type"))
            ? StandInMaps.list(storage.get("volumes"))
            : List.of(storage);
    return volumes.stream()
        .map(StandInMaps::map)
        .filter(v -> "ephemeral".equals(v.get("type")) && v.get("sizeLimit") != null)
        .map(v -> new Quantity(String.valueOf(v.get("sizeLimit"))))
        .findFirst()
        .orElse(null);
  }

  private static Map<String, String> labels(
      GenericKubernetesResource kafka, Map<String, String> own) {
    Map<String, String> labels = new LinkedHashMap<>();
    if (kafka.getMetadata().getLabels() != null) {
      labels.putAll(kafka.getMetadata().getLabels());
    }
    labels.putAll(own);
    return labels;
  }

  private static OwnerReference ownedBy(GenericKubernetesResource kafka) {
    return new OwnerReferenceBuilder()
        .withApiVersion(kafka.getApiVersion())
        .withKind(kafka.getKind())
        .withName(kafka.getMetadata().getName())
        .withUid(kafka.getMetadata().getUid())
        .withBlockOwnerDeletion(false)
        .withController(false)
        .build();
  }

  private static <T> T convert(Object value, Class<T> type) {
    return value == null ? null : Serialization.unmarshal(Serialization.asJson(value), type);
  }
}
