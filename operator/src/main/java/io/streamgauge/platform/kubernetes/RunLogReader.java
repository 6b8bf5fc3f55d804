package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.ContainerResource;
import io.fabric8.kubernetes.client.dsl.Loggable;
import io.streamgauge.platform.kubernetes.RunLogs.ContainerLog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads the end of every container log of a run's pods through the API server ({@code pods/log}),
 * as {@code kubectl logs --tail} would, plus the previous instance of every container that
 * restarted. Never waits for a pod: a container that never started says why.
 */
final class RunLogReader {

  /** The lines asked for per log: more than any share of {@link RunLogs#BUDGET_BYTES} holds. */
  static final int TAIL_LINES = 2000;

  /** The most kept of one answer, its last bytes, whatever its lines hold. */
  static final int READ_CAP_BYTES = 1024 * 1024;

  private final KubernetesClient client;

  RunLogReader(KubernetesClient client) {
    this.client = client;
  }

  /**
   * Every container log of the pods in {@code namespace} that carry any of {@code selectors}'
   * labels (each pod once) and that the run of {@code runUid} owns ({@link RunPodOwnership}).
   */
  List<ContainerLog> read(String namespace, String runUid, List<Map<String, String>> selectors) {
    RunPodOwnership ownership = new RunPodOwnership(client, namespace, runUid);
    Map<String, Pod> pods = new TreeMap<>();
    for (Map<String, String> labels : selectors) {
      client.pods().inNamespace(namespace).withLabels(labels).list().getItems().stream()
          .filter(ownership::owns)
          .forEach(pod -> pods.putIfAbsent(pod.getMetadata().getName(), pod));
    }
    List<ContainerLog> logs = new ArrayList<>();
    for (Pod pod : pods.values()) {
      String name = pod.getMetadata().getName();
      for (var container : pod.getSpec().getContainers()) {
        ContainerResource resource =
            client
                .pods()
                .inNamespace(namespace)
                .withName(name)
                .inContainer(container.getName())
                .withReadyWaitTimeout(null);
        logs.add(read(name, container.getName(), false, resource.tailingLines(TAIL_LINES)));
        if (restarted(pod, container.getName())) {
          logs.add(
              read(
                  name, container.getName(), true, resource.terminated().tailingLines(TAIL_LINES)));
        }
      }
    }
    return logs;
  }

  private static boolean restarted(Pod pod, String container) {
    List<ContainerStatus> statuses =
        pod.getStatus() == null ? List.of() : pod.getStatus().getContainerStatuses();
    return statuses != null
        && statuses.stream()
            .anyMatch(s -> container.equals(s.getName()) && s.getRestartCount() > 0);
  }

  private static ContainerLog read(String pod, String container, boolean previous, Loggable log) {
    try (InputStream in = log.getLogInputStream()) {
      String text = new String(lastBytes(in, READ_CAP_BYTES), StandardCharsets.UTF_8);
      return ContainerLog.read(pod, container, previous, text);
    } catch (KubernetesClientException e) {
      String status = e.getStatus() != null ? e.getStatus().getMessage() : null;
      return ContainerLog.unavailable(
          pod, container, previous, status != null ? status : e.getMessage());
    } catch (IOException e) {
      return ContainerLog.unavailable(pod, container, previous, e.toString());
    }
  }

  /** The last {@code cap} bytes of {@code in}, read to its end holding at most twice that. */
  static byte[] lastBytes(InputStream in, int cap) throws IOException {
    byte[] window = new byte[2 * cap];
    byte[] chunk = new byte[Math.min(8192, cap)];
    int length = 0;
    for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
      if (length + n > window.length) {
        System.arraycopy(window, length - cap, window, 0, cap);
        length = cap;
      }
      System.arraycopy(chunk, 0, window, length, n);
      length += n;
    }
    return Arrays.copyOfRange(window, Math.max(0, length - cap), length);
  }
}
