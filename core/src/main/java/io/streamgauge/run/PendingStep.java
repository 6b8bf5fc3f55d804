package io.streamgauge.run;

import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.validation.SpecValidator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Pending: checks what the CRD schema cannot (and faults the platform cannot inject), before
 * anything is created, records the defaults the printer columns show (the runtime) and, on a shared
 * Kafka, the run's topic suffix.
 */
final class PendingStep implements PhaseStep {

  private final Platform platform;

  PendingStep(Platform platform) {
    this.platform = platform;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    run.status().setRuntime(run.spec().getApp().getRuntime());
    List<String> problems = new ArrayList<>(SpecValidator.problems(run.spec()));
    if (run.spec().hasFaults()) {
      for (int i = 0; i < run.spec().getFaults().size(); i++) {
        FaultType type = run.spec().getFaults().get(i).getType();
        String path = "spec.faults[" + i + "].type";
        platform
            .faults()
            .cannotInject(type)
            .ifPresent(why -> problems.add(path + ": " + type + " " + why));
      }
    }
    if (!problems.isEmpty()) {
      return new StepOutcome.Fail(FailureReason.ValidationFailed, String.join("; ", problems));
    }
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
