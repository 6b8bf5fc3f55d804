package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.streamgauge.platform.ComponentStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What keeps a pod from ever running, in the cluster's own words: a pod the scheduler cannot place,
 * an image that cannot be pulled, a container that cannot be created. A permanent problem fails at
 * once; one that may pass (a registry hiccup, an autoscaler adding a node, a ConfigMap still to
 * come) fails once it has lasted its grace, so a run stops with the real reason instead of waiting
 * out its phase timeout.
 */
final class PodProblems {

  /**
   * How long image pulls may fail before the run does: the kubelet has retried at least twice by
   * then (its back-off starts at 10 s).
   */
  static final Duration IMAGE_PULL_GRACE = Duration.ofSeconds(30);

  /** Waiting reasons no retry can mend. */
  private static final Set<String> PERMANENT = Set.of("ErrImageNeverPull", "InvalidImageName");

  /** Waiting reasons that may pass: failed once they last {@link #IMAGE_PULL_GRACE}. */
  private static final Set<String> TRANSIENT =
      Set.of(
          "ErrImagePull",
          "ImagePullBackOff",
          "CreateContainerConfigError",
          "CreateContainerError",
          "RunContainerError");

  private PodProblems() {}

  /**
   * The pod's failure, if it has one.
   *
   * @param now the current time
   * @param schedulingGrace how long the pod may stay unschedulable
   */
  static Optional<ComponentStatus.Failed> of(Pod pod, Instant now, Duration schedulingGrace) {
    if (pod.getStatus() == null) {
      return Optional.empty();
    }
    String name = "Pod " + pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
    PodCondition scheduled = condition(pod, "PodScheduled");
    if (scheduled != null
        && "False".equals(scheduled.getStatus())
        && "Unschedulable".equals(scheduled.getReason())) {
      Duration pending = since(scheduled, now);
      return pending.compareTo(schedulingGrace) >= 0
          ? Optional.of(
              new ComponentStatus.Failed(
                  name,
                  "unschedulable for " + pending.toSeconds() + "s: " + scheduled.getMessage()))
          : Optional.empty();
    }
    Duration running = scheduled == null ? Duration.ZERO : since(scheduled, now);
    List<ContainerStatus> containers = new ArrayList<>(pod.getStatus().getInitContainerStatuses());
    containers.addAll(pod.getStatus().getContainerStatuses());
    for (ContainerStatus c : containers) {
      if (c.getState() == null || c.getState().getWaiting() == null) {
        continue;
      }
      String reason = c.getState().getWaiting().getReason();
      boolean permanent = PERMANENT.contains(reason);
      if (permanent || (TRANSIENT.contains(reason) && running.compareTo(IMAGE_PULL_GRACE) >= 0)) {
        String message = c.getState().getWaiting().getMessage();
        return Optional.of(
            new ComponentStatus.Failed(
                name,
                "container "
                    + c.getName()
                    + " (image "
                    + c.getImage()
                    + ") "
                    + reason
                    + (permanent ? "" : " for " + running.toSeconds() + "s")
                    + (message == null || message.isBlank() ? "" : ": " + message)));
      }
    }
    return Optional.empty();
  }

  private static PodCondition condition(Pod pod, String type) {
    return pod.getStatus().getConditions().stream()
        .filter(c -> type.equals(c.getType()))
        .findFirst()
        .orElse(null);
  }

  /** Time since the condition last changed; zero when it does not say. */
  private static Duration since(PodCondition condition, Instant now) {
    try {
      String time = condition.getLastTransitionTime();
      return time == null ? Duration.ZERO : Duration.between(Instant.parse(time), now);
    } catch (DateTimeParseException e) {
      return Duration.ZERO;
    }
  }
}
