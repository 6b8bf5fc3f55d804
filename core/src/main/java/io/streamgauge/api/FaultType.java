package io.streamgauge.api;

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
  PauseApp
}
