package io.streamgauge.api.suite.status;

/** Where a suite is: Pending → Running → Succeeded, or Failed when it cannot run at all. */
public enum SuitePhase {
  /** Accepted; its plan not yet checked. */
  Pending,
  /** Its runs run, one at a time. */
  Running,
  /** Every planned run ended (each valid, invalid or failed: see status.runs). */
  Succeeded,
  /** The suite cannot run: its spec has problems (the Ready condition lists them). */
  Failed
}
