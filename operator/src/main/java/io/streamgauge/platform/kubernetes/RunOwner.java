package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.platform.NameConflictException;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
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

  /** The owner of a run's objects, from the phase machine's view of the run. */
  public static RunOwner of(RunContext run) {
    return new RunOwner(run.namespace(), run.name(), run.uid());
  }

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

  /** True when this run is the object's controller owner (matched by uid, never by name). */
  public boolean controls(HasMetadata object) {
    return object.getMetadata().getOwnerReferences().stream()
        .anyMatch(r -> Boolean.TRUE.equals(r.getController()) && uid.equals(r.getUid()));
  }

  /**
   * Checks an object found under a name this run uses: returns it when the run controls it. One
   * that belongs to an earlier run of the same name, or is being deleted, is waited for
   * (transient); anything else is refused ({@link NameConflictException}) — the run never adopts,
   * and so never deletes, an object it did not create.
   */
  public <T extends HasMetadata> T requireControlled(T existing) {
    if (controls(existing)) {
      return existing;
    }
    String what =
        existing.getKind()
            + " "
            + existing.getMetadata().getNamespace()
            + "/"
            + existing.getMetadata().getName();
    boolean earlierRun =
        existing.getMetadata().getOwnerReferences().stream()
            .anyMatch(r -> "BenchmarkRun".equals(r.getKind()) && name.equals(r.getName()));
    if (existing.getMetadata().getDeletionTimestamp() != null || earlierRun) {
      throw new PlatformException(
          what + " of an earlier run named " + name + " is still being deleted", false, null);
    }
    throw new NameConflictException(
        what
            + " already exists and is not this run's (controller uid "
            + uid
            + "): rename the run, or delete that object if it is not needed");
  }

  /** The name of the run's resource called {@code suffix}, e.g. {@code wc-eos-results}. */
  public String nameOf(String suffix) {
    return name + "-" + suffix;
  }
}
