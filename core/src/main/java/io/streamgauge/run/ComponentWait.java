package io.streamgauge.run;

import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;

/** The outcome while waiting for a component to become ready: proceed, wait, or fail. */
final class ComponentWait {

  private ComponentWait() {}

  /**
   * @param what the component, for messages (e.g. {@code the app})
   * @param onFailure the reason when it fails or does not become ready in time
   * @param whenReady what to do once it is ready (null: nothing, the caller carries on)
   */
  static StepOutcome outcome(
      RunContext run,
      Instant now,
      ComponentStatus status,
      String what,
      FailureReason onFailure,
      Duration timeout,
      StepOutcome whenReady) {
    if (status instanceof ComponentStatus.Ready) {
      return whenReady;
    }
    if (status instanceof ComponentStatus.Failed failed) {
      return new StepOutcome.Fail(onFailure, failed.object() + ": " + failed.reason());
    }
    String reason = ((ComponentStatus.Starting) status).reason();
    Duration waited = Duration.between(PhaseHistory.currentPhaseSince(run.status(), now), now);
    if (waited.compareTo(timeout) >= 0) {
      return new StepOutcome.Fail(
          onFailure, what + " not ready after " + SpecDuration.format(timeout) + ": " + reason);
    }
    return new StepOutcome.Wait(Recheck.STARTING, "Waiting for " + what + ": " + reason);
  }
}
