package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;

/**
 * A pod a fault acts on, as recorded in {@code status.faults[].targets}: {@code name/uid}. The uid
 * tells the pod apart from the one that replaces it under the same name (a StatefulSet's or a
 * StrimziPodSet's).
 */
final class FaultTarget {

  private FaultTarget() {}

  /** {@code pod} as a target. */
  static String of(Pod pod) {
    return pod.getMetadata().getName() + "/" + pod.getMetadata().getUid();
  }

  /** The pod name of {@code target}. */
  static String name(String target) {
    int slash = target.indexOf('/');
    return slash < 0 ? target : target.substring(0, slash);
  }
}
