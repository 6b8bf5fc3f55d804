package io.streamgauge.run;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import java.time.Instant;

/**
 * Pending: records the defaults the printer columns show (the runtime) and, on a shared Kafka, the
 * run's topic suffix, before anything is created. The spec arrives checked: {@link SpecIntake} on
 * Kubernetes, {@code LocalSpec} locally.
 */
final class PendingStep implements PhaseStep {

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    run.status().setRuntime(run.spec().getApp().getRuntime());
    RunTopics.chooseSuffix(run);
    RunTopics.applySuffix(run);
    String suffix = run.status().getTopicSuffix();
    return new StepOutcome.Advance(
        Phase.ProvisioningKafka,
        suffix == null
            ? "spec is valid"
            : "spec is valid; on the shared Kafka the run's topics end in " + suffix);
  }
}
