package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;

/**
 * A run's objects in the API server: created when absent and never changed afterwards (a started
 * run's spec is immutable), an existing one accepted only if the run controls it, and deleted only
 * if the run controls it, so a same-named object of others is never taken or removed.
 */
final class OwnedObjects {

  private final KubernetesClient client;

  OwnedObjects(KubernetesClient client) {
    this.client = client;
  }

  /** The run's object: created when absent, else the existing one if the run controls it. */
  <T extends HasMetadata> T createIfAbsent(RunOwner owner, T resource) {
    T existing = client.resource(resource).get();
    return existing != null
        ? owner.requireControlled(existing)
        : client.resource(resource).create();
  }

  /** The same for a resource of another project's CRD (Strimzi's, prometheus-operator's). */
  void createIfAbsent(
      RunOwner owner, ResourceDefinitionContext context, GenericKubernetesResource resource) {
    var op =
        client
            .genericKubernetesResources(context)
            .inNamespace(resource.getMetadata().getNamespace())
            .withName(resource.getMetadata().getName());
    GenericKubernetesResource existing = op.get();
    if (existing != null) {
      owner.requireControlled(existing);
      return;
    }
    client
        .genericKubernetesResources(context)
        .inNamespace(resource.getMetadata().getNamespace())
        .resource(resource)
        .create();
  }

  /** Deletes the object only if the run controls it: a same-named object of others stays. */
  static <T extends HasMetadata> void deleteIfControlled(RunOwner owner, Resource<T> object) {
    T existing = object.get();
    if (existing != null && owner.controls(existing)) {
      object.delete();
    }
  }

  /** {@code resource}, owned by the run. */
  static GenericKubernetesResource owned(GenericKubernetesResource resource, RunOwner owner) {
    resource.getMetadata().setOwnerReferences(List.of(owner.reference()));
    return resource;
  }
}
