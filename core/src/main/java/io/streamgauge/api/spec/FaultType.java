package io.streamgauge.api.spec;

/** What a fault inside the measurement window does. */
public enum FaultType {
  /**
   * Kill the app: on Kubernetes its pod is deleted without grace (its Deployment starts a new one,
   * which must start cold); locally its process gets SIGKILL and is started again at once.
   */
  KillApp,
  /**
   * Stop the app for {@code duration} (SIGSTOP, then SIGCONT): local mode only — on Kubernetes the
   * app's JVM is its container's PID 1, which the kernel does not let SIGSTOP reach from inside the
   * pod (an exec or ephemeral container); the run is refused at Pending.
   */
  PauseApp,
  /**
   * Restart one Kafka broker of the cluster the run provisioned: on Kubernetes its pod (the first
   * broker of the node pool) is deleted with its normal grace, so the broker shuts down in order
   * and Strimzi starts it again; locally the broker process gets SIGTERM and is started again on
   * the same data. A shared cluster (spec.kafka.external) is never restarted.
   */
  RollBroker
}
