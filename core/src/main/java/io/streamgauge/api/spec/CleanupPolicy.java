package io.streamgauge.api.spec;

/** When the operator deletes what it provisioned for a run. */
public enum CleanupPolicy {
  /** Always delete, whatever the outcome, the logs kept first (the default). */
  Always,
  /** Delete after a successful run; keep everything of a failed run for inspection. */
  OnSuccess,
  /** Never delete; the user tears down. */
  Never
}
