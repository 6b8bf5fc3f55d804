package io.streamgauge.run;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;

/** Where a run's notable moments go: Kubernetes Events, or the terminal in local mode. */
public interface RunEvents {

  /** A phase was entered. */
  void phaseEntered(RunContext run, Phase phase, String message);

  /** The run failed. */
  void failed(RunContext run, FailureReason reason, String message);

  /**
   * Something went wrong that does not end the run: an error a step retries (said once per new
   * message), a cleanup that failed.
   */
  void warning(RunContext run, String message);

  /**
   * The run succeeded but failed a validity check: {@code failures} names each with its value and
   * threshold.
   */
  void invalid(RunContext run, String failures);
}
