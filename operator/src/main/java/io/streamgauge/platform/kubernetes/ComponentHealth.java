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
 * PodProblems}).
 *
 * @param now the current time
 * @param schedulingGrace how long a pod may stay unschedulable
 */
record ComponentHealth(Instant now, Duration schedulingGrace) {

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
    Integer ready =
        deployment.getStatus() == null ? null : deployment.getStatus().getReadyReplicas();
    if (ready != null && ready >= 1) {
      return new ComponentStatus.Ready(name);
    }
    return new ComponentStatus.Starting(name + " has no ready replica yet");
  }

  /**
   * A Job's state: Failed if it or a pod failed; Ready while its pods run, and once it completed
   * (the load runs past the measurement window, so completing is its normal end).
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
    int succeeded = status == null || status.getSucceeded() == null ? 0 : status.getSucceeded();
    if (running + succeeded >= expected) {
      return new ComponentStatus.Ready(name + ": " + running + " running, " + succeeded + " done");
    }
    return new ComponentStatus.Starting(name + ": " + running + "/" + expected + " pods running");
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
