package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.streamgauge.platform.AppStartup;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The app's startup from its pods' own timestamps: created ({@code metadata.creationTimestamp}),
 * container started ({@code state.running.startedAt}) and ready (the Ready condition's {@code
 * lastTransitionTime} while it is True). The API server keeps them to the second. With several
 * pods, the app is ready when its last pod is: that pod's spans are reported.
 */
final class PodStartup {

  private PodStartup() {}

  /**
   * @param container the app's container in each pod
   * @param readinessPath the path its readiness probe asks
   * @return the startup of the last pod to turn ready, or empty while any pod is not ready
   */
  static Optional<AppStartup> of(List<Pod> pods, String container, String readinessPath) {
    if (pods.isEmpty()) {
      return Optional.empty();
    }
    List<Optional<AppStartup>> each =
        pods.stream().map(p -> of(p, container, readinessPath)).toList();
    if (each.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    return each.stream().map(Optional::get).max(Comparator.comparing(AppStartup::readyAt));
  }

  private static Optional<AppStartup> of(Pod pod, String container, String readinessPath) {
    if (pod.getStatus() == null || pod.getMetadata().getCreationTimestamp() == null) {
      return Optional.empty();
    }
    Optional<String> started =
        pod.getStatus().getContainerStatuses().stream()
            .filter(c -> container.equals(c.getName()))
            .map(ContainerStatus::getState)
            .filter(s -> s != null && s.getRunning() != null)
            .map(s -> s.getRunning().getStartedAt())
            .findFirst();
    Optional<String> ready =
        pod.getStatus().getConditions().stream()
            .filter(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()))
            .map(PodCondition::getLastTransitionTime)
            .findFirst();
    if (started.isEmpty() || started.get() == null || ready.isEmpty() || ready.get() == null) {
      return Optional.empty();
    }
    return Optional.of(
        new AppStartup(
            Instant.parse(pod.getMetadata().getCreationTimestamp()),
            Instant.parse(started.get()),
            Instant.parse(ready.get()),
            readinessPath));
  }
}
