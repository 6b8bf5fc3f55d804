package io.streamgauge.platform;

/** What a platform does to inject a fault of {@code spec.faults}, or to end one. */
public enum FaultAction {
  /** Kill the app so that a new instance starts cold (KillApp). */
  KILL_APP,
  /** Stop the app's process where it stands (PauseApp's start). */
  PAUSE_APP,
  /** Let the stopped app go on (PauseApp's end). */
  RESUME_APP,
  /** Restart one broker of the run's own cluster in order (RollBroker). */
  ROLL_BROKER
}
