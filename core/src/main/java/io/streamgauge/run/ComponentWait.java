package io.streamgauge.run;

import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** The outcome while waiting for a component to become ready: proceed, wait, or fail. */
final class ComponentWait {

  private ComponentWait() {}

  /**
   * What stops the step while {@code status} is not ready: a Fail when the component failed or did
   * not become ready in time, else a Wait; empty once it is ready.
   *
   * @param what the component, for messages (e.g. {@code the app})
   * @param onFailure the reason when it fails or does not become ready in time
   */
  static Optional<StepOutcome> blocking(
      RunContext run,
      Instant now,
      ComponentStatus status,
      String what,
      FailureReason onFailure,
      Duration timeout) {
    if (status instanceof ComponentStatus.Ready) {
      return Optional.empty();
    }
    if (status instanceof ComponentStatus.Failed failed) {
      return Optional.of(new StepOutcome.Fail(onFailure, failed.object() + ": " + failed.reason()));
    }
    if (status instanceof ComponentStatus.Ended ended) {
      return Optional.of(WindowStep.endedEarly(ended));
    }
    String reason = ((ComponentStatus.Starting) status).reason();
    Duration waited = Duration.between(PhaseHistory.currentPhaseSince(run.status(), now), now);
    if (waited.compareTo(timeout) >= 0) {
      return Optional.of(
          new StepOutcome.Fail(
              onFailure,
              what + " not ready after " + SpecDuration.format(timeout) + ": " + reason));
    }
    return Optional.of(
        new StepOutcome.Wait(Recheck.STARTING, "Waiting for " + what + ": " + reason));
  }
}
