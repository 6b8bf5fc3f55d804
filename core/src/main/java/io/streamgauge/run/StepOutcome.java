package io.streamgauge.run;

import io.streamgauge.api.status.Phase;
import java.time.Duration;

/** What a phase step decided. */
public sealed interface StepOutcome {

  /** Move on to {@code next} now. */
  record Advance(Phase next, String message) implements StepOutcome {}

  /** Stay, and look again after {@code recheckAfter}; {@code progress} goes to status. */
  record Wait(Duration recheckAfter, String progress) implements StepOutcome {}

  /** The run failed; what was measured so far is kept. */
  record Fail(FailureReason reason, String message) implements StepOutcome {}
}
