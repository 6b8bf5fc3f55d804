package io.streamgauge.run;

import io.streamgauge.api.Phase;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;

/** DeployingApp: the app under test is deployed and ready. */
final class DeployingAppStep implements PhaseStep {

  private final Platform platform;
  private final Duration timeout;

  DeployingAppStep(Platform platform, Duration timeout) {
    this.platform = platform;
    this.timeout = timeout;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    ComponentStatus app = platform.ensureApp(run, run.status().getKafkaBootstrapServers());
    return ComponentWait.blocking(run, now, app, "the app", FailureReason.AppFailed, timeout)
        .orElse(new StepOutcome.Advance(Phase.StartingLoad, "app ready"));
  }
}
