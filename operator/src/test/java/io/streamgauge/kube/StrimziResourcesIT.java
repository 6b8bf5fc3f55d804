package io.streamgauge.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.platform.kubernetes.KafkaClusterResources;
import io.streamgauge.platform.kubernetes.StrimziV1;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import io.streamgauge.testing.controlplane.ControlPlaneExtension;
import io.streamgauge.testing.controlplane.TestControlPlane;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What the operator will write for Strimzi is accepted by Strimzi 0.50.0's real CRD schemas. */
@ExtendWith(ControlPlaneExtension.class)
class StrimziResourcesIT {

  private static final String NAMESPACE = "strimzi-it";

  @Test
  void kafkaAndNodePoolBuiltFromTheDefaultSpecAreAcceptedAsV1(TestControlPlane plane) {
    KubernetesClient client = plane.client();
    client
        .namespaces()
        .resource(
            new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
        .serverSideApply();
    BenchmarkRunSpec spec = defaultWordcount();
    Kafka kafka = KafkaClusterResources.kafka(NAMESPACE, "wc", spec.getKafka().getProvision());
    KafkaNodePool pool =
        KafkaClusterResources.nodePool(
            NAMESPACE, "wc", spec.getKafka().getProvision(), spec.getPlacement().getKafka());

    GenericKubernetesResource createdKafka = createAsV1(client, kafka, "kafkas");
    GenericKubernetesResource createdPool = createAsV1(client, pool, "kafkanodepools");

    assertThat(createdKafka.getApiVersion()).isEqualTo("kafka.strimzi.io/v1");
    assertThat(spec(createdKafka).toString()).contains("version=4.1.1", "port=9092");
    assertThat(spec(createdKafka).get("entityOperator").toString())
        .as("the topic operator turns the run's KafkaTopics into topics")
        .contains("topicOperator");
    assertThat(spec(createdKafka).get("entityOperator").toString())
        .as("its resources kept by Strimzi's schema: never a BestEffort pod")
        .contains("requests={cpu=100m, memory=384Mi}", "limits={cpu=500m, memory=384Mi}");
    assertThat(spec(createdKafka).get("kafka").toString())
        .as("the plain listener admits the run's own pods only, as Strimzi's schema keeps it")
        .contains(
            "networkPolicyPeers=[{podSelector={matchLabels={app.kubernetes.io/managed-by=streamgauge,"
                + " streamgauge.io/run=wc}}}]");
    assertThat(createdPool.getApiVersion()).isEqualTo("kafka.strimzi.io/v1");
    assertThat(spec(createdPool)).containsEntry("replicas", 3);
    assertThat(spec(createdPool).get("roles").toString()).contains("broker", "controller");
  }

  private static GenericKubernetesResource createAsV1(
      KubernetesClient client, HasMetadata resource, String plural) {
    return client
        .genericKubernetesResources(StrimziV1.context(resource.getKind(), plural))
        .inNamespace(NAMESPACE)
        .resource(StrimziV1.asV1(resource))
        .create();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource resource) {
    return (Map<String, Object>) resource.getAdditionalProperties().get("spec");
  }

  private static BenchmarkRunSpec defaultWordcount() {
    return new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
  }
}
