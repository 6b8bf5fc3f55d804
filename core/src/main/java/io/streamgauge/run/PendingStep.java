package io.streamgauge.run;

import io.streamgauge.api.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.validation.SpecValidator;
import java.time.Instant;
import java.util.List;

/**
 * Pending: checks what the CRD schema cannot, before anything is created, and records the defaults
 * the printer columns show (the runtime).
 */
final class PendingStep implements PhaseStep {

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    run.status().setRuntime(run.spec().getApp().getRuntime());
    List<String> problems = SpecValidator.problems(run.spec());
    if (!problems.isEmpty()) {
      return new StepOutcome.Fail(FailureReason.ValidationFailed, String.join("; ", problems));
    }
    return new StepOutcome.Advance(Phase.ProvisioningKafka, "spec is valid");
  }
}
