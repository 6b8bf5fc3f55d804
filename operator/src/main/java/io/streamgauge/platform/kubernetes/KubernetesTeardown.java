package io.streamgauge.platform.kubernetes;

import static io.streamgauge.platform.kubernetes.OwnedObjects.deleteIfControlled;
import static io.streamgauge.platform.kubernetes.StrimziV1.KAFKA;
import static io.streamgauge.platform.kubernetes.StrimziV1.NODE_POOL;
import static io.streamgauge.platform.kubernetes.StrimziV1.TOPIC;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.SharedKafkaRelease;
import io.streamgauge.platform.Teardown;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deletes a run's workloads and Strimzi resources, each only if the run controls it (never its
 * results), and what it made on a shared Kafka.
 */
final class KubernetesTeardown implements Teardown {

  private final KubernetesClient client;
  private final PlatformSettings settings;
  private final RunApiTokens tokens;
  private final KafkaSecrets secrets;

  KubernetesTeardown(
      KubernetesClient client,
      PlatformSettings settings,
      RunApiTokens tokens,
      KafkaSecrets secrets) {
    this.client = client;
    this.settings = settings;
    this.tokens = tokens;
    this.secrets = secrets;
  }

  @Override
  public SharedKafkaRelease.Outcome releaseSharedKafka(RunContext run) {
    Map<String, String> secretSettings;
    try {
      secretSettings = secrets.settings(run);
    } catch (KafkaSecurity.SecretValueException | KubernetesClientException e) {
      return new SharedKafkaRelease.Outcome(Set.of(), "its credentials: " + e.getMessage());
    }
    return SharedKafkaRelease.of(run, secretSettings, false);
  }

  @Override
  public void cleanup(RunContext run) {
    tokens.forget(run);
    RunOwner owner = RunOwner.of(run);
    String ns = run.namespace();
    deleteIfControlled(
        owner, client.batch().v1().jobs().inNamespace(ns).withName(LoadGeneratorJob.name(owner)));
    for (String app : AppDeployment.names(owner, AppEnvironment.replicas(run.spec()))) {
      deleteIfControlled(owner, client.apps().deployments().inNamespace(ns).withName(app));
    }
    String latency = LatencyConsumerResources.name(owner);
    deleteIfControlled(owner, client.apps().deployments().inNamespace(ns).withName(latency));
    deleteIfControlled(owner, client.services().inNamespace(ns).withName(latency));
    String registry = SchemaRegistryResources.name(owner);
    deleteIfControlled(owner, client.apps().deployments().inNamespace(ns).withName(registry));
    deleteIfControlled(owner, client.services().inNamespace(ns).withName(registry));
    deleteIfControlled(
        owner, client.network().v1().networkPolicies().inNamespace(ns).withName(registry));
    if (settings.latencyApiPolicy() != null) {
      deleteIfControlled(
          owner, client.network().v1().networkPolicies().inNamespace(ns).withName(latency));
    }
    if (run.spec().getKafka().getExternal() == null) {
      Map<String, String> runLabel = Map.of(Labels.RUN, run.name());
      for (ResourceDefinitionContext type : List.of(TOPIC, NODE_POOL, KAFKA)) {
        client
            .genericKubernetesResources(type)
            .inNamespace(ns)
            .withLabels(runLabel)
            .list()
            .getItems()
            .stream()
            .filter(owner::controls)
            .forEach(o -> client.genericKubernetesResources(type).resource(o).delete());
      }
    }
  }
}
