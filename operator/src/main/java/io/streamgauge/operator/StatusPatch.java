package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.net.HttpURLConnection;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * How a reconciler writes its resource's status: a server-side apply of the status alone, at the
 * resource version it read, cached at once so a reconcile right after (a reschedule, a pod event)
 * reads this status rather than the informer's older copy and never repeats a transition. A write
 * the API server refuses because the resource changed since it was read (409) or is gone (404)
 * throws {@link NotStored}: neither is an error worth a stack trace, and neither may be written
 * again as it was — a status decided from an older resource is decided again from the newer one
 * (JOSDK's {@code PrimaryUpdateAndCacheUtils} would re-apply the same status on a conflict).
 */
final class StatusPatch {

  private StatusPatch() {}

  /** A status the API server did not store, and why. */
  static final class NotStored extends RuntimeException {

    /** Why a status was not stored. */
    enum Why {
      /** Another writer changed the resource since it was read: read it again, then decide. */
      CHANGED,
      /** The resource is gone: nothing is left to write to. */
      GONE
    }

    private final Why why;

    NotStored(Why why, KubernetesClientException cause) {
      super(why + ": " + cause.getMessage(), cause, false, false);
      this.why = why;
    }

    Why why() {
      return why;
    }

    /**
     * What the reconcile answers: a resource changed since it was read is reconciled again {@code
     * again} from now (as it is now), a gone one is not.
     */
    <R extends HasMetadata> UpdateControl<R> control(Duration again) {
      return why == Why.GONE
          ? UpdateControl.noUpdate()
          : UpdateControl.<R>noUpdate().rescheduleAfter(again);
    }
  }

  /**
   * Writes {@code status} as {@code resource}'s status; {@code blank} makes an empty resource.
   *
   * @throws NotStored when the resource changed since it was read, or is gone
   */
  static <S, R extends CustomResource<?, S>> void applyAndCache(
      R resource, S status, Supplier<R> blank, Context<R> context) {
    R statusOnly = blank.get();
    statusOnly.setMetadata(
        new ObjectMetaBuilder()
            .withName(resource.getMetadata().getName())
            .withNamespace(resource.getMetadata().getNamespace())
            .withResourceVersion(resource.getMetadata().getResourceVersion())
            .build());
    statusOnly.setStatus(status);
    R stored;
    try {
      stored =
          context
              .getClient()
              .resource(statusOnly)
              .subresource("status")
              .patch(
                  new PatchContext.Builder()
                      .withPatchType(PatchType.SERVER_SIDE_APPLY)
                      .withForce(true)
                      .withFieldManager(context.getControllerConfiguration().fieldManager())
                      .build());
    } catch (KubernetesClientException e) {
      throw switch (e.getCode()) {
        case HttpURLConnection.HTTP_CONFLICT -> new NotStored(NotStored.Why.CHANGED, e);
        case HttpURLConnection.HTTP_NOT_FOUND -> new NotStored(NotStored.Why.GONE, e);
        default -> e;
      };
    }
    context
        .eventSourceRetriever()
        .getControllerEventSource()
        .handleRecentResourceUpdate(ResourceID.fromResource(resource), stored, resource);
  }
}
