package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a pod is the run's: its owners, followed up to {@value #MOST_HOPS} steps, lead to the run
 * — a Deployment's pod through its ReplicaSet, a Job's directly, a broker through Strimzi's
 * StrimziPodSet and the run's Kafka. A label alone says nothing: any pod in the namespace can carry
 * the run's label, and its log would then be kept as the run's.
 */
final class RunPodOwnership {

  /** Pod, ReplicaSet, Deployment, run; or pod, StrimziPodSet, Kafka, run. */
  static final int MOST_HOPS = 3;

  /** The owners a run's pod can have on the way to the run, by apiVersion/kind. */
  private static final Map<String, ResourceDefinitionContext> OWNER_TYPES =
      Map.of(
          "apps/v1/ReplicaSet", context("apps", "v1", "ReplicaSet", "replicasets"),
          "apps/v1/Deployment", context("apps", "v1", "Deployment", "deployments"),
          "batch/v1/Job", context("batch", "v1", "Job", "jobs"),
          "core.strimzi.io/v1beta2/StrimziPodSet",
              context("core.strimzi.io", "v1beta2", "StrimziPodSet", "strimzipodsets"),
          "core.strimzi.io/v1/StrimziPodSet",
              context("core.strimzi.io", "v1", "StrimziPodSet", "strimzipodsets"),
          "kafka.strimzi.io/v1beta2/Kafka",
              context("kafka.strimzi.io", "v1beta2", "Kafka", "kafkas"),
          "kafka.strimzi.io/v1/Kafka", context("kafka.strimzi.io", "v1", "Kafka", "kafkas"));

  private final KubernetesClient client;
  private final String namespace;
  private final String runUid;
  private final Map<String, Optional<GenericKubernetesResource>> read = new HashMap<>();

  RunPodOwnership(KubernetesClient client, String namespace, String runUid) {
    this.client = client;
    this.namespace = namespace;
    this.runUid = runUid;
  }

  /** Whether {@code pod}'s owners lead to the run. */
  boolean owns(HasMetadata pod) {
    return leadsToRun(pod.getMetadata().getOwnerReferences(), MOST_HOPS);
  }

  private boolean leadsToRun(List<OwnerReference> owners, int hopsLeft) {
    if (owners == null || hopsLeft == 0) {
      return false;
    }
    for (OwnerReference owner : owners) {
      if (runUid.equals(owner.getUid())) {
        return true;
      }
      Optional<GenericKubernetesResource> object = owner(owner);
      if (object.isPresent()
          && object.get().getMetadata().getUid().equals(owner.getUid())
          && leadsToRun(object.get().getMetadata().getOwnerReferences(), hopsLeft - 1)) {
        return true;
      }
    }
    return false;
  }

  /** The object {@code reference} names, read once; empty when of another type or gone. */
  private Optional<GenericKubernetesResource> owner(OwnerReference reference) {
    ResourceDefinitionContext type =
        OWNER_TYPES.get(reference.getApiVersion() + "/" + reference.getKind());
    if (type == null) {
      return Optional.empty();
    }
    return read.computeIfAbsent(
        reference.getUid(),
        uid -> {
          try {
            return Optional.ofNullable(
                client
                    .genericKubernetesResources(type)
                    .inNamespace(namespace)
                    .withName(reference.getName())
                    .get());
          } catch (KubernetesClientException e) {
            return Optional.empty(); // not readable: not shown to be the run's
          }
        });
  }

  private static ResourceDefinitionContext context(
      String group, String version, String kind, String plural) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(kind)
        .withPlural(plural)
        .withNamespaced(true)
        .build();
  }
}
