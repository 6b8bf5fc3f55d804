package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.CustomResource;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import java.util.function.Supplier;

/**
 * How a reconciler writes its resource's status: a server-side apply of the status alone, at the
 * resource version it read (a conflict means another writer came first, and the reconcile is
 * retried), cached at once so a reconcile right after (a reschedule, a pod event) reads this status
 * rather than the informer's older copy and never repeats a transition.
 */
final class StatusPatch {

  private StatusPatch() {}

  /** Writes {@code status} as {@code resource}'s status; {@code blank} makes an empty resource. */
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
    PrimaryUpdateAndCacheUtils.ssaPatchStatusAndCacheResource(resource, statusOnly, context);
  }
}
