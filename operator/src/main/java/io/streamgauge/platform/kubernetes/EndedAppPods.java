package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.streamgauge.common.BoundedText;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppExit;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the app's pods ended, as the pod informer saw them go: a pod being deleted whose app
 * container terminated is kept, by run, with its exit code and the kubelet's reason, so the run can
 * say whether its app stopped cleanly once the pod object is gone. Kept in memory (an operator
 * restarted while a pod stops does not see its exit) and bounded: the latest {@value #MAX_RUNS}
 * runs, {@value #MAX_PODS} pods each.
 */
final class EndedAppPods {

  static final int MAX_RUNS = 256;
  static final int MAX_PODS = 64;
  private static final int MAX_DETAIL = 300;

  private record Ended(Instant deletionStarted, AppExit exit) {}

  private final Map<String, Map<String, Ended>> byRun =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Map<String, Ended>> eldest) {
          return size() > MAX_RUNS;
        }
      };

  /** Notes {@code pod} when it is an app pod being deleted whose app container terminated. */
  synchronized void observe(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String run = labels == null ? null : labels.get(Labels.RUN);
    String deletion = pod.getMetadata().getDeletionTimestamp();
    if (run == null
        || deletion == null
        || !Component.APP.label().equals(labels.get(Labels.COMPONENT))
        || pod.getStatus() == null
        || pod.getStatus().getContainerStatuses() == null) {
      return;
    }
    Optional<ContainerStateTerminated> terminated =
        pod.getStatus().getContainerStatuses().stream()
            .filter(c -> Component.APP.containerName().equals(c.getName()))
            .map(ContainerStatus::getState)
            .filter(s -> s != null && s.getTerminated() != null)
            .map(s -> s.getTerminated())
            .filter(t -> t.getExitCode() != null)
            .findFirst();
    Instant deletionStarted;
    try {
      deletionStarted = Instant.parse(deletion);
    } catch (DateTimeParseException e) {
      return;
    }
    if (terminated.isEmpty()) {
      return;
    }
    String name = pod.getMetadata().getName();
    Map<String, Ended> pods =
        byRun.computeIfAbsent(
            pod.getMetadata().getNamespace() + "/" + run, k -> new LinkedHashMap<>());
    if (pods.size() < MAX_PODS || pods.containsKey(name)) {
      pods.put(
          name,
          new Ended(
              deletionStarted,
              new AppExit(
                  "pod " + name, terminated.get().getExitCode(), detail(terminated.get()))));
    }
  }

  /** The app pods of run {@code namespace/run} whose deletion began at {@code from} or later. */
  synchronized List<AppExit> since(String namespace, String run, Instant from) {
    Map<String, Ended> pods = byRun.getOrDefault(namespace + "/" + run, Map.of());
    return pods.values().stream()
        .filter(e -> !e.deletionStarted().isBefore(from))
        .map(Ended::exit)
        .toList();
  }

  /** The kubelet's reason and the container's termination message, when it left one. */
  private static String detail(ContainerStateTerminated t) {
    String reason = t.getReason() == null ? "" : t.getReason();
    String message = t.getMessage() == null ? "" : t.getMessage().strip();
    String both = message.isEmpty() ? reason : reason + ": " + message;
    return BoundedText.of(both, MAX_DETAIL);
  }
}
