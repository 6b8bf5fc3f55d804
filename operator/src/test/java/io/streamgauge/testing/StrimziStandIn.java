package io.streamgauge.testing;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.StrimziV1;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;

/**
 * Does to one namespace's Strimzi resources what Strimzi 0.50 does to them, for the phase logic's
 * tests on the kwok control plane, where no broker pod can run: a {@code Kafka} gets a Ready status
 * whose {@code plain} listener is a real broker's address; a {@code KafkaTopic} of a Kafka that has
 * an entity topic operator becomes a topic on that broker (one replica: the broker is one node; an
 * existing topic is adopted, as the topic operator does) and then Ready; a KafkaTopic of a Kafka
 * without one is left without any status, as Strimzi leaves it. Node pools are not acted on. Polls
 * every 300 ms on its own thread until closed.
 *
 * <p>What it leaves out of what real Strimzi does (WordcountOnRealNodeClusterIT runs the real one,
 * 0.50.1, on the real node): the broker and entity operator pods; the Kafka's Warning conditions (a
 * one-node ephemeral Kafka gets two, KafkaStorage); the listener address, which real Strimzi
 * publishes as {@code <cluster>-kafka-bootstrap.<namespace>.svc:9092}; and the topic operator's
 * KafkaTopic finalizer, which the run's Kafka turns off.
 */
public final class StrimziStandIn implements AutoCloseable {

  private final KubernetesClient client;
  private final String namespace;
  private final KafkaBroker broker;
  private final Set<String> neverReady = ConcurrentHashMap.newKeySet();
  private final Thread thread;

  private StrimziStandIn(KubernetesClient client, String namespace, KafkaBroker broker) {
    this.client = client;
    this.namespace = namespace;
    this.broker = broker;
    this.thread = new Thread(this::loop, "strimzi-stand-in");
    thread.setDaemon(true);
  }

  /** Starts acting on {@code namespace}, with {@code broker} as every Kafka's nodes. */
  public static StrimziStandIn start(
      KubernetesClient client, String namespace, KafkaBroker broker) {
    StrimziStandIn standIn = new StrimziStandIn(client, namespace, broker);
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
        Thread.sleep(300);
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        // a resource changed under us or went away; the next round sees it as it is now
      }
    }
  }

  private void reconcileKafkas() {
    var kafkas = client.genericKubernetesResources(StrimziV1.KAFKA);
    for (GenericKubernetesResource kafka : kafkas.inNamespace(namespace).list().getItems()) {
      if (kafka.getAdditionalProperties().get("status") == null
          && !neverReady.contains(kafka.getMetadata().getName())) {
        kafka.setAdditionalProperty(
            "status",
            Map.of(
                "conditions",
                List.of(Map.of("type", "Ready", "status", "True")),
                "listeners",
                List.of(Map.of("name", "plain", "bootstrapServers", broker.bootstrapServers()))));
        kafkas.inNamespace(namespace).resource(kafka).updateStatus();
      }
    }
  }

  private void reconcileTopics() {
    var topics = client.genericKubernetesResources(StrimziV1.TOPIC);
    var kafkas = client.genericKubernetesResources(StrimziV1.KAFKA);
    for (GenericKubernetesResource topic : topics.inNamespace(namespace).list().getItems()) {
      if (topic.getAdditionalProperties().get("status") != null) {
        continue;
      }
      String cluster = topic.getMetadata().getLabels().get(KafkaClusterResources.CLUSTER_LABEL);
      GenericKubernetesResource kafka =
          cluster == null ? null : kafkas.inNamespace(namespace).withName(cluster).get();
      if (kafka == null || !hasTopicOperator(kafka)) {
        continue;
      }
      Map<String, Object> spec = map(topic.getAdditionalProperties().get("spec"));
      String name = (String) spec.getOrDefault("topicName", topic.getMetadata().getName());
      if (!existingTopics().contains(name)) {
        broker.createTopic(name, ((Number) spec.getOrDefault("partitions", 1)).intValue());
      }
      topic.setAdditionalProperty(
          "status",
          Map.of(
              "conditions", List.of(Map.of("type", "Ready", "status", "True")), "topicName", name));
      topics.inNamespace(namespace).resource(topic).updateStatus();
    }
  }

  private Set<String> existingTopics() {
    try (Admin admin = broker.admin()) {
      return admin.listTopics().names().get(20, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("cannot list the broker's topics", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static boolean hasTopicOperator(GenericKubernetesResource kafka) {
    Map<String, Object> spec = map(kafka.getAdditionalProperties().get("spec"));
    return map(spec.get("entityOperator")).get("topicOperator") != null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }
}
