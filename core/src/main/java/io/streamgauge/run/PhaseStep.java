package io.streamgauge.run;

import io.streamgauge.platform.RunContext;
import java.time.Instant;

/**
 * The work of one phase. Steps are idempotent: running one again after a restart is safe. The
 * phases are fixed, and so are their steps.
 */
sealed interface PhaseStep
    permits PendingStep,
        ProvisioningKafkaStep,
        PrepopulatingStep,
        RestoringStep,
        DeployingAppStep,
        StartingLoadStep,
        WindowStep,
        CollectingStep {

  /**
   * Does what the phase needs now and says what comes next.
   *
   * @param now the machine's clock, read once per pass
   */
  StepOutcome run(RunContext run, Instant now);
}
