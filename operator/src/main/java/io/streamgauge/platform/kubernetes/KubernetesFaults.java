package io.streamgauge.platform.kubernetes;

import static io.streamgauge.platform.kubernetes.KubernetesErrors.guarded;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.FaultInjector;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** A run's faults on Kubernetes: pods deleted, the app's (KillApp) or a broker's (RollBroker). */
final class KubernetesFaults implements FaultInjector {

  private final KubernetesClient client;

  KubernetesFaults(KubernetesClient client) {
    this.client = client;
  }

  /**
   * KillApp only: PauseApp would need SIGSTOP to reach the app's JVM, which is its container's PID
   * 1 — the kernel drops SIGSTOP sent to a PID namespace's init from inside it (an exec or an
   * ephemeral container), and the operator has no way in from the node.
   */
  @Override
  public Optional<String> cannotInject(FaultType type) {
    return type == FaultType.PauseApp
        ? Optional.of(
            "is not possible on Kubernetes: the app's JVM is its container's PID 1, which SIGSTOP"
                + " from inside the pod cannot reach; use KillApp, or a local run")
        : Optional.empty();
  }

  /**
   * KillApp: the pods of the app's instance {@code instance} (of an app of one, its pods); its
   * Deployment starts the replacement with the same index. RollBroker: the first broker pod of the
   * run's node pool. Each as {@code name/uid}: a broker pod that Strimzi starts again keeps its
   * name, not its uid.
   */
  @Override
  public List<String> faultTargets(RunContext run, FaultAction action, int instance) {
    return guarded(
        action == FaultAction.KILL_APP ? "the app's pods" : "the Kafka broker pods",
        () -> {
          List<Pod> candidates = faultablePods(run, action);
          List<String> targets =
              action == FaultAction.KILL_APP
                  ? candidates.stream()
                      .filter(p -> isInstance(run, p, instance))
                      .map(FaultTarget::of)
                      .toList()
                  : candidates.stream()
                      .min(Comparator.comparing(p -> p.getMetadata().getName()))
                      .map(p -> List.of(FaultTarget.of(p)))
                      .orElse(List.of());
          if (targets.isEmpty()) {
            throw new PlatformException(
                action == FaultAction.KILL_APP
                    ? AppEnvironment.replicas(run.spec()) == 1
                        ? "no app pod to delete"
                        : "no pod of the app's instance " + instance + " to delete"
                    : "no broker pod to restart",
                false,
                null);
          }
          return targets;
        });
  }

  /**
   * KillApp: the targeted app pods deleted without grace; the Deployment starts a new one, cold.
   * RollBroker: the targeted broker pod deleted with its grace; the broker shuts down in order and
   * Strimzi starts it again. A target whose pod is gone, or is another pod by now, is skipped.
   */
  @Override
  public String inject(RunContext run, FaultAction action, List<String> targets) {
    boolean kill = action == FaultAction.KILL_APP;
    return guarded(
        kill ? "the app's pods" : "the Kafka broker pods",
        () -> {
          Set<String> present =
              faultablePods(run, action).stream().map(FaultTarget::of).collect(Collectors.toSet());
          List<String> deleted = new ArrayList<>();
          List<String> gone = new ArrayList<>();
          for (String target : targets) {
            String name = FaultTarget.name(target);
            if (!present.contains(target)) {
              gone.add(name);
              continue;
            }
            var pod = client.pods().inNamespace(run.namespace()).withName(name);
            (kill ? pod.withGracePeriod(0) : pod).delete();
            deleted.add("Pod " + run.namespace() + "/" + name);
          }
          String done =
              deleted.isEmpty()
                  ? "nothing left to delete"
                  : "deleted "
                      + String.join(", ", deleted)
                      + (kill
                          ? " (grace 0)"
                          : " (its grace period: the broker shuts down in order, Strimzi starts it"
                              + " again)");
          return gone.isEmpty() ? done : done + "; already gone: " + String.join(", ", gone);
        });
  }

  /** Whether {@code pod} is of the app's instance {@code instance} (any, for an app of one). */
  private static boolean isInstance(RunContext run, Pod pod, int instance) {
    if (AppEnvironment.replicas(run.spec()) == 1) {
      return true;
    }
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels != null && String.valueOf(instance).equals(labels.get(Labels.INSTANCE));
  }

  /** The pods {@code action} may act on: the app's, or the run's broker pods. */
  private List<Pod> faultablePods(RunContext run, FaultAction action) {
    return switch (action) {
      case KILL_APP ->
          client
              .pods()
              .inNamespace(run.namespace())
              .withLabels(Labels.forComponent(run.name(), Component.APP))
              .list()
              .getItems();
      case ROLL_BROKER -> brokerPods(run);
      default -> throw new PlatformException(action + " is not possible on Kubernetes", true, null);
    };
  }

  private List<Pod> brokerPods(RunContext run) {
    return client
        .pods()
        .inNamespace(run.namespace())
        .withLabel(
            KafkaClusterResources.CLUSTER_LABEL, KafkaClusterResources.clusterName(run.name()))
        .withLabel(KafkaClusterResources.BROKER_ROLE_LABEL, "true")
        .list()
        .getItems();
  }
}
