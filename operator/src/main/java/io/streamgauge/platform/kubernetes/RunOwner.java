package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.streamgauge.api.BenchmarkRun;
import java.util.Map;

/**
 * The run that owns a resource: its namespace and name, and the owner reference that makes the API
 * server delete the resource with the run.
 *
 * @param namespace the run's namespace
 * @param name the run's name
 * @param uid the run's uid
 */
public record RunOwner(String namespace, String name, String uid) {

  /** The owner of everything {@code run} creates. */
  public static RunOwner of(BenchmarkRun run) {
    return new RunOwner(
        run.getMetadata().getNamespace(), run.getMetadata().getName(), run.getMetadata().getUid());
  }

  /** A controller owner reference to the run, blocking its deletion until dependents are gone. */
  public OwnerReference reference() {
    return new OwnerReferenceBuilder()
        .withApiVersion(BenchmarkRun.GROUP + "/" + BenchmarkRun.VERSION)
        .withKind("BenchmarkRun")
        .withName(name)
        .withUid(uid)
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  /** Metadata of a resource the run owns: its name, the run's namespace, labels, owner. */
  public ObjectMeta metadata(String resourceName, Map<String, String> labels) {
    return new ObjectMetaBuilder()
        .withName(resourceName)
        .withNamespace(namespace)
        .withLabels(labels)
        .withOwnerReferences(reference())
        .build();
  }

  /** The name of the run's resource called {@code suffix}, e.g. {@code wc-eos-results}. */
  public String nameOf(String suffix) {
    return name + "-" + suffix;
  }
}
