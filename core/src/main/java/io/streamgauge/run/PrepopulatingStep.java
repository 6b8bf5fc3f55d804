package io.streamgauge.run;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Instant;

/**
 * Prepopulating (state restoration): the load generators write every changelog record as fast as
 * they can and exit; their successful end is this phase's end. Bounded by the run's timeout.
 */
final class PrepopulatingStep implements PhaseStep {

  private final Platform platform;

  PrepopulatingStep(Platform platform) {
    this.platform = platform;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    ComponentStatus load =
        platform.provisioner().ensureLoad(run, run.status().getKafkaBootstrapServers());
    long records = Restoration.prepopulatedRecords(run);
    int topics = run.spec().getLoad().getTopics().size();
    if (load instanceof ComponentStatus.Ended ended) {
      return new StepOutcome.Advance(
          Phase.Restoring,
          "wrote " + records + " records into " + topics + " topics (" + ended.detail() + ")");
    }
    if (load instanceof ComponentStatus.Failed failed) {
      return new StepOutcome.Fail(
          FailureReason.LoadGeneratorFailed, failed.object() + ": " + failed.reason());
    }
    String detail =
        load instanceof ComponentStatus.Starting starting ? starting.reason() : "running";
    return new StepOutcome.Wait(
        Recheck.STARTING,
        "Prepopulating " + records + " records into " + topics + " topics: " + detail);
  }
}
