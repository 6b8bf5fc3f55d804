package io.streamgauge.platform.kubernetes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSystemInfo;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What a run ran on, for its result document: each node its components ran on (capacity and
 * allocatable CPU and memory, kernel, OS, container runtime, kubelet) and the app's image as the
 * node pulled it (the pod's {@code imageID}: the digest, which a tag does not pin). What cannot be
 * read (no RBAC for nodes, a pod already gone) is said instead of failing the run.
 */
final class RunEnvironment {

  private RunEnvironment() {}

  /**
   * @param appPods the app's pods
   * @param nodeNames the nodes the run's components ran on
   */
  static ObjectNode describe(
      KubernetesClient client, String image, List<Pod> appPods, Collection<String> nodeNames) {
    ObjectNode environment = JsonNodeFactory.instance.objectNode().put("platform", "kubernetes");
    ObjectNode app = environment.putObject("app").put("image", image);
    appPods.stream()
        .flatMap(p -> p.getStatus() == null ? null : p.getStatus().getContainerStatuses().stream())
        .filter(c -> "app".equals(c.getName()))
        .map(ContainerStatus::getImageID)
        .filter(id -> id != null && !id.isEmpty())
        .findFirst()
        .ifPresentOrElse(
            id -> app.put("imageID", id),
            () -> app.put("imageID", "unknown: no app container status"));
    ArrayNode nodes = environment.putArray("nodes");
    for (String name : nodeNames) {
      ObjectNode node = nodes.addObject().put("name", name);
      try {
        Node found = client.nodes().withName(name).get();
        if (found == null) {
          node.put("missing", "the node is gone");
          continue;
        }
        quantities(node.putObject("capacity"), found.getStatus().getCapacity());
        quantities(node.putObject("allocatable"), found.getStatus().getAllocatable());
        NodeSystemInfo info = found.getStatus().getNodeInfo();
        if (info != null) {
          node.put("kernelVersion", info.getKernelVersion())
              .put("osImage", info.getOsImage())
              .put("architecture", info.getArchitecture())
              .put("containerRuntimeVersion", info.getContainerRuntimeVersion())
              .put("kubeletVersion", info.getKubeletVersion());
        }
      } catch (KubernetesClientException e) {
        node.put("missing", "cannot read the node: " + e.getMessage());
      }
    }
    return environment;
  }

  private static void quantities(ObjectNode into, Map<String, Quantity> values) {
    if (values == null) {
      return;
    }
    for (String resource : List.of("cpu", "memory")) {
      Quantity q = values.get(resource);
      if (q != null) {
        into.put(resource, q.toString());
      }
    }
  }
}
