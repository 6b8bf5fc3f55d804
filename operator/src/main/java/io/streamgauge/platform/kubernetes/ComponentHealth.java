package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.streamgauge.platform.ComponentStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reads a component's state from its workload and pods. A benchmark cannot survive a restart, so a
 * container that restarted (after an OOM kill or a crash) or waits in CrashLoopBackOff is a
 * failure, named by its pod ({@link ContainerFailures}); so is a pod that can never run ({@link
 * PodProblems}) or never be created (a quota or admission policy refusing a Deployment's pods).
 *
 * @param now the current time
 * @param schedulingGrace how long a pod may stay unschedulable
 */
record ComponentHealth(Instant now, Duration schedulingGrace) {

  /**
   * The app's state over its instances' states: the first failed one, else the first not yet ready,
   * else ready (an app of one instance: that instance's state as it is).
   */
  static ComponentStatus ofInstances(List<ComponentStatus> instances) {
    for (ComponentStatus status : instances) {
      if (status instanceof ComponentStatus.Failed) {
        return status;
      }
    }
    for (ComponentStatus status : instances) {
      if (!status.isReady()) {
        return status;
      }
    }
    return instances.size() == 1
        ? instances.get(0)
        : new ComponentStatus.Ready(instances.size() + " instances, each ready");
  }

  /** A Deployment's state: Failed if a pod failed, Ready once a replica is ready. */
  ComponentStatus ofDeployment(Deployment deployment, List<Pod> pods) {
    ComponentStatus failed = failedPod(pods);
    if (failed != null) {
      return failed;
    }
    String name =
        "Deployment "
            + deployment.getMetadata().getNamespace()
            + "/"
            + deployment.getMetadata().getName();
    Optional<String> refused = podsRefused(deployment);
    if (refused.isPresent()) {
      return new ComponentStatus.Failed(name, refused.get());
    }
    Integer ready =
        deployment.getStatus() == null ? null : deployment.getStatus().getReadyReplicas();
    if (ready != null && ready >= 1) {
      return new ComponentStatus.Ready(name);
    }
    return new ComponentStatus.Starting(name + " has no ready replica yet");
  }

  /**
   * A Job's state: Failed if it or a pod failed; Ended once a pod completed (normal after the
   * measurement window, too early inside it: the phase decides); Ready while all its pods run.
   */
  ComponentStatus ofJob(Job job, List<Pod> pods) {
    String name = "Job " + job.getMetadata().getNamespace() + "/" + job.getMetadata().getName();
    ComponentStatus failed = failedPod(pods);
    if (failed != null) {
      return failed;
    }
    var status = job.getStatus();
    if (status != null && status.getFailed() != null && status.getFailed() > 0) {
      return new ComponentStatus.Failed(name, status.getFailed() + " pod(s) failed");
    }
    int expected = job.getSpec().getParallelism();
    long running =
        pods.stream()
            .filter(p -> p.getStatus() != null && "Running".equals(p.getStatus().getPhase()))
            .count();
    long succeededPods =
        pods.stream()
            .filter(p -> p.getStatus() != null && "Succeeded".equals(p.getStatus().getPhase()))
            .count();
    long succeeded =
        Math.max(
            succeededPods,
            status == null || status.getSucceeded() == null ? 0 : status.getSucceeded());
    if (succeeded > 0) {
      return new ComponentStatus.Ended(name, succeeded + " of " + expected + " pod(s) completed");
    }
    if (running >= expected) {
      return new ComponentStatus.Ready(name + ": " + running + " running");
    }
    return new ComponentStatus.Starting(name + ": " + running + "/" + expected + " pods running");
  }

  /**
   * The reason the Deployment's pods cannot be created (its ReplicaFailure condition: a quota, an
   * admission policy such as Pod Security), which no wait mends.
   */
  private static Optional<String> podsRefused(Deployment deployment) {
    if (deployment.getStatus() == null) {
      return Optional.empty();
    }
    return deployment.getStatus().getConditions().stream()
        .filter(c -> "ReplicaFailure".equals(c.getType()) && "True".equals(c.getStatus()))
        .map(c -> "pods refused: " + c.getMessage())
        .findFirst();
  }

  private ComponentStatus failedPod(List<Pod> pods) {
    for (Pod pod : pods) {
      String name = "Pod " + pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
      if (pod.getStatus() == null) {
        continue;
      }
      var problem = PodProblems.of(pod, now, schedulingGrace);
      if (problem.isPresent()) {
        return problem.get();
      }
      if ("Failed".equals(pod.getStatus().getPhase())) {
        String reason = pod.getStatus().getReason();
        return new ComponentStatus.Failed(name, reason == null ? "pod failed" : reason);
      }
      for (ContainerStatus c : pod.getStatus().getContainerStatuses()) {
        Optional<String> failed = ContainerFailures.of(c, now);
        if (failed.isPresent()) {
          return new ComponentStatus.Failed(name, failed.get());
        }
      }
    }
    return null;
  }
}
