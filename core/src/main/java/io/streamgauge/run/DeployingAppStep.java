package io.streamgauge.run;

import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * DeployingApp: the app under test is deployed and ready; how long it took is recorded the moment
 * it first is.
 */
final class DeployingAppStep implements PhaseStep {

  private final Platform platform;
  private final Duration timeout;

  DeployingAppStep(Platform platform, Duration timeout) {
    this.platform = platform;
    this.timeout = timeout;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    ComponentStatus app =
        platform.provisioner().ensureApp(run, run.status().getKafkaBootstrapServers());
    Optional<StepOutcome> waiting =
        ComponentWait.blocking(run, now, app, "the app", FailureReason.AppFailed, timeout);
    if (waiting.isPresent()) {
      return waiting.get();
    }
    AppStartups.record(platform, run);
    return new StepOutcome.Advance(Phase.StartingLoad, "app ready");
  }
}
