package io.streamgauge.testing.strimzi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.StrimziV1;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.strimzi.StandInBrokers.BrokerState;
import io.streamgauge.testing.strimzi.StandInBrokers.Refused;
import io.streamgauge.testing.strimzi.StandInBrokers.Running;
import io.streamgauge.testing.strimzi.StandInBrokers.Starting;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;

/**
 * Our own reconciler of one namespace's Strimzi resources, in place of Strimzi's cluster and topic
 * operators, for the tests on the kwok control plane and on the real node. Real Strimzi was last
 * run here in the operator's real-node tier up to 2026-12-04 (0.50.1, built from its source: its
 * Kafka was ready 46–67 s after creation); nothing here builds it any more, and users run the real
 * one on their clusters. Polls on its own thread until closed.
 *
 * <p>What it reproduces of Strimzi 0.50.1, as the product relies on it:
 *
 * <ul>
 *   <li>A {@code Kafka} gets a broker from its {@link StandInBrokers} (a broker pod from our own
 *       Kafka image on the real node, {@link BrokerPods}; one shared local broker on kwok, {@link
 *       SharedBroker}) and, while it starts, a {@code NotReady} condition with reason {@code
 *       Creating}; once it accepts clients, {@code Ready} True and the {@code plain} listener's
 *       address (on the real node {@code <cluster>-kafka-bootstrap.<namespace>.svc:9092}, as
 *       Strimzi publishes it), {@code observedGeneration}, {@code kafkaVersion} and {@code
 *       kafkaNodePools}.
 *   <li>The Warning conditions Strimzi's spec checker writes beside Ready ({@link
 *       StrimziWarnings}): a one-node ephemeral Kafka gets two, both {@code KafkaStorage}.
 *   <li>A {@code KafkaTopic} labelled with a Kafka that has an entity topic operator becomes a
 *       topic with its partitions and configs (an existing topic is adopted), then {@code Ready}
 *       with its {@code topicName} and {@code topicId}; one whose Kafka has no topic operator gets
 *       no status at all, as with Strimzi; a failure is {@code NotReady} with reason {@code
 *       KafkaError}.
 *   <li>The topic operator's finalizer {@value #TOPIC_FINALIZER}: put on each KafkaTopic unless the
 *       topic operator's container sets {@code STRIMZI_USE_FINALIZERS=false} (the run's Kafka
 *       does); a KafkaTopic being deleted has its topic deleted and the finalizer taken off while
 *       its Kafka runs, and stays Terminating once its Kafka is gone, as it did with Strimzi.
 * </ul>
 *
 * <p>What it leaves out: the entity operator's pod (the topic operator's work is done here), the
 * user operator, StrimziPodSets, TLS listeners and certificates, rolling updates, persistent volume
 * claims (storage is an {@code emptyDir} on the real node), Kafkas of more than one node on the
 * real node (refused with a {@code NotReady} condition), and a KafkaTopic asking more replicas than
 * the broker has nodes, which Strimzi fails and this makes with as many as it has.
 */
public final class StrimziStandIn implements AutoCloseable {

  /** The finalizer Strimzi's topic operator puts on the KafkaTopics it manages. */
  public static final String TOPIC_FINALIZER = "strimzi.io/topic-operator";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final KubernetesClient client;
  private final String namespace;
  private final StandInBrokers brokers;
  private final Duration interval;
  private final Set<String> neverReady = ConcurrentHashMap.newKeySet();
  private final Map<String, Running> running = new HashMap<>();
  private final Thread thread;

  private StrimziStandIn(
      KubernetesClient client, String namespace, StandInBrokers brokers, Duration interval) {
    this.client = client;
    this.namespace = namespace;
    this.brokers = brokers;
    this.interval = interval;
    this.thread = new Thread(this::loop, "strimzi-stand-in-" + namespace);
    thread.setDaemon(true);
  }

  /** Starts acting on {@code namespace} of the kwok control plane, {@code broker} every Kafka's. */
  public static StrimziStandIn start(
      KubernetesClient client, String namespace, KafkaBroker broker) {
    return start(client, namespace, new SharedBroker(broker), Duration.ofMillis(300));
  }

  /** Starts acting on {@code namespace}, each round {@code interval} after the last. */
  public static StrimziStandIn start(
      KubernetesClient client, String namespace, StandInBrokers brokers, Duration interval) {
    StrimziStandIn standIn = new StrimziStandIn(client, namespace, brokers, interval);
    standIn.thread.start();
    return standIn;
  }

  /** The Kafka named {@code name} never gets a status, as when Strimzi does not watch it. */
  public void neverReady(String name) {
    neverReady.add(name);
  }

  @Override
  public void close() throws InterruptedException {
    thread.interrupt();
    thread.join(5000);
  }

  private void loop() {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        reconcileKafkas();
        reconcileTopics();
      } catch (RuntimeException e) {
        // a resource changed under us or went away; the next round sees it as it is now
      }
      try {
        Thread.sleep(interval.toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void reconcileKafkas() {
    Set<String> seen = new HashSet<>();
    for (GenericKubernetesResource kafka : resources(StrimziV1.KAFKA).list().getItems()) {
      String name = kafka.getMetadata().getName();
      seen.add(name);
      if (neverReady.contains(name) || kafka.getMetadata().getDeletionTimestamp() != null) {
        continue;
      }
      List<GenericKubernetesResource> pools =
          client
              .genericKubernetesResources(StrimziV1.NODE_POOL)
              .inNamespace(namespace)
              .withLabel(KafkaClusterResources.CLUSTER_LABEL, name)
              .list()
              .getItems();
      BrokerState state =
          pools.isEmpty()
              ? new Starting(
                  "no KafkaNodePool labelled "
                      + KafkaClusterResources.CLUSTER_LABEL
                      + "="
                      + name
                      + " yet")
              : brokers.brokerOf(kafka, pools);
      if (state instanceof Running r) {
        running.put(name, r);
      } else {
        running.remove(name);
      }
      writeStatus(StrimziV1.KAFKA, kafka, kafkaStatus(kafka, pools, state));
    }
    running.keySet().retainAll(seen);
  }

  private static Map<String, Object> kafkaStatus(
      GenericKubernetesResource kafka, List<GenericKubernetesResource> pools, BrokerState state) {
    Map<String, Object> status = new LinkedHashMap<>();
    List<Map<String, Object>> conditions = new ArrayList<>();
    if (state instanceof Running r) {
      StrimziWarnings.of(StandInMaps.spec(kafka), pools.stream().map(StandInMaps::spec).toList())
          .forEach(w -> conditions.add(w.condition()));
      conditions.add(Map.of("type", "Ready", "status", "True"));
      String host = r.bootstrapServers().substring(0, r.bootstrapServers().lastIndexOf(':'));
      int port =
          Integer.parseInt(
              r.bootstrapServers().substring(r.bootstrapServers().lastIndexOf(':') + 1));
      status.put(
          "listeners",
          List.of(
              Map.of(
                  "name",
                  "plain",
                  "addresses",
                  List.of(Map.of("host", host, "port", port)),
                  "bootstrapServers",
                  r.bootstrapServers())));
      Object version = StandInMaps.map(StandInMaps.spec(kafka).get("kafka")).get("version");
      if (version != null) {
        status.put("kafkaVersion", version);
      }
      status.put(
          "kafkaNodePools",
          pools.stream().map(p -> Map.of("name", p.getMetadata().getName())).toList());
    } else if (state instanceof Starting s) {
      conditions.add(notReady("Creating", s.message()));
    } else if (state instanceof Refused f) {
      conditions.add(notReady(f.reason(), f.message()));
    }
    status.put("conditions", conditions);
    status.put("observedGeneration", kafka.getMetadata().getGeneration());
    return status;
  }

  private void reconcileTopics() {
    for (GenericKubernetesResource topic : resources(StrimziV1.TOPIC).list().getItems()) {
      String cluster = topic.getMetadata().getLabels().get(KafkaClusterResources.CLUSTER_LABEL);
      GenericKubernetesResource kafka =
          cluster == null
              ? null
              : client
                  .genericKubernetesResources(StrimziV1.KAFKA)
                  .inNamespace(namespace)
                  .withName(cluster)
                  .get();
      Running broker = running.get(cluster);
      if (kafka == null || !hasTopicOperator(kafka) || broker == null) {
        continue;
      }
      String name =
          (String) StandInMaps.spec(topic).getOrDefault("topicName", topic.getMetadata().getName());
      if (topic.getMetadata().getDeletionTimestamp() != null) {
        if (topic.getMetadata().getFinalizers().contains(TOPIC_FINALIZER)) {
          deleteTopic(topic, name, broker);
        }
        continue;
      }
      Map<String, Object> status = StandInMaps.status(topic);
      if (status.get("observedGeneration") instanceof Number observed
          && observed.longValue() == topic.getMetadata().getGeneration()
          && readyIs(status, "True")) {
        continue;
      }
      if (usesFinalizers(kafka) && !topic.getMetadata().getFinalizers().contains(TOPIC_FINALIZER)) {
        topic = editFinalizers(topic, finalizers -> finalizers.add(TOPIC_FINALIZER));
      }
      writeStatus(StrimziV1.TOPIC, topic, topicStatus(topic, name, broker));
    }
  }

  private static Map<String, Object> topicStatus(
      GenericKubernetesResource topic, String name, Running broker) {
    Map<String, Object> spec = StandInMaps.spec(topic);
    Map<String, String> config =
        StandInMaps.map(spec.get("config")).entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, e -> String.valueOf(e.getValue())));
    int partitions = ((Number) spec.getOrDefault("partitions", 1)).intValue();
    int replicas = Math.min(((Number) spec.getOrDefault("replicas", 1)).intValue(), 1);
    Map<String, Object> status = new LinkedHashMap<>();
    try (Admin admin = broker.admin().get()) {
      String id = StandInTopics.ensure(admin, name, partitions, replicas, config);
      status.put("conditions", List.of(Map.of("type", "Ready", "status", "True")));
      status.put("topicName", name);
      status.put("topicId", id);
    } catch (ExecutionException | TimeoutException e) {
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      status.put("conditions", List.of(notReady("KafkaError", String.valueOf(cause.getMessage()))));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    status.put("observedGeneration", topic.getMetadata().getGeneration());
    return status;
  }

  private void deleteTopic(GenericKubernetesResource topic, String name, Running broker) {
    try (Admin admin = broker.admin().get()) {
      StandInTopics.delete(admin, name);
    } catch (ExecutionException | TimeoutException e) {
      return; // the next round tries again, as the topic operator does
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    editFinalizers(topic, finalizers -> finalizers.remove(TOPIC_FINALIZER));
  }

  /** Changes the KafkaTopic's finalizers, and returns it as the API server then has it. */
  private GenericKubernetesResource editFinalizers(
      GenericKubernetesResource topic, Consumer<List<String>> change) {
    return resources(StrimziV1.TOPIC)
        .withName(topic.getMetadata().getName())
        .edit(
            t -> {
              change.accept(t.getMetadata().getFinalizers());
              return t;
            });
  }

  private NonNamespaceOperation<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      resources(ResourceDefinitionContext kind) {
    return client.genericKubernetesResources(kind).inNamespace(namespace);
  }

  /**
   * Writes {@code status} unless the resource has it already (conditions compared without their
   * transition times); a condition keeps its transition time while its type, status and reason
   * stay.
   */
  private void writeStatus(
      ResourceDefinitionContext kind,
      GenericKubernetesResource resource,
      Map<String, Object> status) {
    Map<String, Object> current = StandInMaps.status(resource);
    List<?> currentConditions = StandInMaps.list(current.get("conditions"));
    if (asJson(withoutTimes(current)).equals(asJson(status))) {
      return;
    }
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    List<Map<String, Object>> conditions = new ArrayList<>();
    for (Object c : StandInMaps.list(status.get("conditions"))) {
      Map<String, Object> condition = new LinkedHashMap<>(StandInMaps.map(c));
      Object since =
          currentConditions.stream()
              .map(StandInMaps::map)
              .filter(old -> sameState(old, condition))
              .map(old -> old.get("lastTransitionTime"))
              .findFirst()
              .orElse(now);
      condition.put("lastTransitionTime", since);
      conditions.add(condition);
    }
    Map<String, Object> written = new LinkedHashMap<>(status);
    written.put("conditions", conditions);
    resource.setAdditionalProperty("status", written);
    resources(kind).resource(resource).updateStatus();
  }

  private static Map<String, Object> withoutTimes(Map<String, Object> status) {
    Map<String, Object> copy = new LinkedHashMap<>(status);
    copy.computeIfPresent(
        "conditions",
        (k, v) ->
            StandInMaps.list(v).stream()
                .map(
                    c -> {
                      Map<String, Object> condition = new LinkedHashMap<>(StandInMaps.map(c));
                      condition.remove("lastTransitionTime");
                      return condition;
                    })
                .toList());
    return copy;
  }

  /** {@code value} as JSON read back, so that numbers of any Java type compare by value. */
  private static JsonNode asJson(Object value) {
    try {
      return JSON.readTree(JSON.writeValueAsString(value));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean sameState(Map<String, Object> a, Map<String, Object> b) {
    return List.of("type", "status", "reason").stream()
        .allMatch(k -> Objects.equals(a.get(k), b.get(k)));
  }

  private static Map<String, Object> notReady(String reason, String message) {
    return Map.of("type", "NotReady", "status", "True", "reason", reason, "message", message);
  }

  private static boolean readyIs(Map<String, Object> status, String value) {
    return StandInMaps.list(status.get("conditions")).stream()
        .map(StandInMaps::map)
        .anyMatch(c -> "Ready".equals(c.get("type")) && value.equals(c.get("status")));
  }

  private static boolean hasTopicOperator(GenericKubernetesResource kafka) {
    return StandInMaps.map(StandInMaps.spec(kafka).get("entityOperator")).get("topicOperator")
        != null;
  }

  /** Whether the Kafka's topic operator keeps its finalizer (Strimzi's default) or is told not. */
  private static boolean usesFinalizers(GenericKubernetesResource kafka) {
    Map<String, Object> container =
        StandInMaps.map(
            StandInMaps.map(
                    StandInMaps.map(StandInMaps.spec(kafka).get("entityOperator")).get("template"))
                .get("topicOperatorContainer"));
    return StandInMaps.list(container.get("env")).stream()
        .map(StandInMaps::map)
        .noneMatch(
            env ->
                "STRIMZI_USE_FINALIZERS".equals(env.get("name"))
                    && "false".equals(env.get("value")));
  }
}
