package io.streamgauge.platform.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.KafkaProvisionSpec;
import io.streamgauge.api.spec.KafkaSpec;
import io.streamgauge.api.spec.KafkaStorageSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import io.strimzi.api.kafka.model.kafka.EphemeralStorage;
import io.strimzi.api.kafka.model.kafka.JbodStorage;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.kafka.PersistentClaimStorage;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.nodepool.ProcessRoles;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClusterResourcesTest {

  /**
   * Every name derived from the longest run name the CRD accepts is a valid DNS label, Strimzi's
   * broker pods ({@code <cluster>-<pool>-<id>}) and Services included; two runs get two pools.
   */
  @Test
  void theLongestAcceptedRunNameGivesValidNamesEverywhere() {
    String run = "r" + "x".repeat(BenchmarkRun.MAX_NAME_LENGTH - 1);
    RunOwner owner = new RunOwner("bench", run, "uid");
    String cluster = KafkaClusterResources.clusterName(run);
    List<String> labels =
        List.of(
            cluster + "-" + KafkaClusterResources.nodePoolName(run) + "-999",
            cluster + "-kafka-bootstrap",
            cluster + "-kafka-brokers",
            cluster + "-entity-operator",
            LatencyConsumerResources.name(owner),
            LoadGeneratorJob.name(owner) + "-999",
            AppDeployment.name(owner),
            ResultsConfigMap.name(owner, true),
            Labels.forRun(run).get(Labels.RUN));
    assertThat(labels)
        .allSatisfy(
            name ->
                assertThat(name)
                    .hasSizeLessThanOrEqualTo(63)
                    .matches("[a-z]([-a-z0-9]*[a-z0-9])?"));
    assertThat(KafkaClusterResources.nodePoolName(run))
        .isNotEqualTo(KafkaClusterResources.nodePoolName(run + "y"));
  }

  @Test
  void defaultClusterIsThreeCombinedKraftNodesOfThreeCpuSixGi() {
    BenchmarkRunSpec spec = defaulted(null);

    KafkaNodePool pool =
        KafkaClusterResources.nodePool(
            "ns", "wc", spec.getKafka().getProvision(), spec.getPlacement().getKafka());

    assertThat(StrimziV1.asV1(pool).getApiVersion()).isEqualTo("kafka.strimzi.io/v1");
    assertThat(pool.getMetadata().getName()).matches("pool-[0-9a-f]{6}");
    assertThat(pool.getMetadata().getLabels()).containsEntry(Labels.RUN, "wc");
    assertThat(pool.getMetadata().getLabels()).containsEntry("strimzi.io/cluster", "wc-kafka");
    assertThat(pool.getSpec().getReplicas()).isEqualTo(3);
    assertThat(pool.getSpec().getRoles())
        .containsExactlyInAnyOrder(ProcessRoles.BROKER, ProcessRoles.CONTROLLER);
    assertThat(pool.getSpec().getResources().getRequests())
        .containsEntry("cpu", new Quantity("3"))
        .containsEntry("memory", new Quantity("6Gi"));
    assertThat(pool.getSpec().getResources().getLimits())
        .isEqualTo(pool.getSpec().getResources().getRequests());
    PersistentClaimStorage volume =
        (PersistentClaimStorage) ((JbodStorage) pool.getSpec().getStorage()).getVolumes().get(0);
    assertThat(volume.getSize()).isEqualTo("100Gi");
    assertThat(volume.isDeleteClaim()).isTrue();
    assertThat(pool.getSpec().getTemplate().getPod().getAffinity()).isNull();
  }

  @Test
  void kafkaCarriesVersionPlainListenerAndReplicationConfig() {
    BenchmarkRunSpec spec = defaulted(null);

    Kafka kafka = KafkaClusterResources.kafka("ns", "wc", spec.getKafka().getProvision());

    assertThat(StrimziV1.asV1(kafka).getApiVersion()).isEqualTo("kafka.strimzi.io/v1");
    assertThat(StrimziV1.asV1(kafka).getKind()).isEqualTo("Kafka");
    assertThat(kafka.getMetadata().getName()).isEqualTo("wc-kafka");
    assertThat(kafka.getMetadata().getLabels()).containsEntry(Labels.RUN, "wc");
    assertThat(kafka.getSpec().getKafka().getVersion()).isEqualTo("4.1.1");
    assertThat(kafka.getSpec().getKafka().getListeners())
        .singleElement()
        .satisfies(l -> assertThat(l.getPort()).isEqualTo(9092))
        .satisfies(l -> assertThat(l.isTls()).isFalse())
        .satisfies(
            l ->
                assertThat(l.getNetworkPolicyPeers())
                    .as("no authentication on it: only the run's own pods may connect")
                    .singleElement()
                    .satisfies(
                        p ->
                            assertThat(p.getPodSelector().getMatchLabels())
                                .isEqualTo(Labels.forRun("wc"))));
    assertThat(kafka.getSpec().getKafka().getConfig()).containsEntry("min.insync.replicas", "2");
    assertThat(KafkaClusterResources.bootstrapServers("wc"))
        .isEqualTo("wc-kafka-kafka-bootstrap:9092");
  }

  /** The run's KafkaTopics must not wait for a topic operator that goes with the run's Kafka. */
  @Test
  void theTopicOperatorPutsNoFinalizerOnTheRunsKafkaTopics() {
    Kafka kafka =
        KafkaClusterResources.kafka("ns", "wc", defaulted(null).getKafka().getProvision());

    assertThat(kafka.getSpec().getEntityOperator().getTopicOperator()).isNotNull();
    assertThat(
            kafka.getSpec().getEntityOperator().getTemplate().getTopicOperatorContainer().getEnv())
        .singleElement()
        .satisfies(e -> assertThat(e.getName()).isEqualTo("STRIMZI_USE_FINALIZERS"))
        .satisfies(e -> assertThat(e.getValue()).isEqualTo("false"));
  }

  /** The entity operator's topic operator runs with resources, never as a BestEffort pod. */
  @Test
  void theTopicOperatorHasRequestsAndLimits() {
    Kafka kafka =
        KafkaClusterResources.kafka("ns", "wc", defaulted(null).getKafka().getProvision());

    var resources = kafka.getSpec().getEntityOperator().getTopicOperator().getResources();
    assertThat(resources.getRequests())
        .containsEntry("cpu", new Quantity("100m"))
        .containsEntry("memory", new Quantity("384Mi"));
    assertThat(resources.getLimits())
        .containsEntry("cpu", new Quantity("500m"))
        .containsEntry("memory", new Quantity("384Mi"));
  }

  @Test
  void ephemeralStorageAndNodeSelectorAreHonoured() {
    KafkaProvisionSpec provision = new KafkaProvisionSpec();
    provision.setReplicas(1);
    KafkaStorageSpec storage = new KafkaStorageSpec();
    storage.setEphemeral(true);
    storage.setSize("10Gi");
    provision.setStorage(storage);
    BenchmarkRunSpec spec = defaulted(provision);
    spec.getPlacement().getKafka().setNodeSelector(Map.of("pool", "kafka"));

    KafkaNodePool pool =
        KafkaClusterResources.nodePool(
            "ns", "wc", spec.getKafka().getProvision(), spec.getPlacement().getKafka());

    assertThat(((JbodStorage) pool.getSpec().getStorage()).getVolumes().get(0))
        .isInstanceOf(EphemeralStorage.class);
    var term =
        pool.getSpec()
            .getTemplate()
            .getPod()
            .getAffinity()
            .getNodeAffinity()
            .getRequiredDuringSchedulingIgnoredDuringExecution()
            .getNodeSelectorTerms()
            .get(0);
    assertThat(term.getMatchExpressions())
        .singleElement()
        .satisfies(r -> assertThat(r.getKey()).isEqualTo("pool"))
        .satisfies(r -> assertThat(r.getValues()).containsExactly("kafka"));
    assertThat(spec.getKafka().getProvision().getConfig())
        .containsEntry("default.replication.factor", "1");
  }

  private static BenchmarkRunSpec defaulted(KafkaProvisionSpec provision) {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    if (provision != null) {
      KafkaSpec kafka = new KafkaSpec();
      kafka.setProvision(provision);
      spec.setKafka(kafka);
    }
    return new SpecDefaulter().apply(spec);
  }
}
