package io.streamgauge.run;

import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;

/**
 * Restoring (state restoration): starts the app cold and waits for it to report every store
 * restored (its readiness). The window the figures cover is fixed here: it starts when the app is
 * first asked for (before its process or Deployment exists) and ends when Streamgauge first sees it
 * restored. It may last at most {@code spec.schedule.measurement}.
 */
final class RestoringStep implements PhaseStep {

  private final Platform platform;

  RestoringStep(Platform platform) {
    this.platform = platform;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    BenchmarkRunStatus status = run.status();
    if (status.getMeasurementStartedAt() == null) {
      String start = now.toString();
      status.setWarmupStartedAt(start);
      status.setMeasurementStartedAt(start);
    }
    Instant start = Instant.parse(status.getMeasurementStartedAt());
    ComponentStatus app = platform.provisioner().ensureApp(run, status.getKafkaBootstrapServers());
    if (app instanceof ComponentStatus.Ready) {
      status.setMeasurementEndedAt(now.toString());
      RunNodes.record(platform, run);
      return new StepOutcome.Advance(
          Phase.Collecting,
          "every store restored after "
              + String.format("%.1f", Duration.between(start, now).toMillis() / 1000.0)
              + " s");
    }
    if (app instanceof ComponentStatus.Failed failed) {
      return new StepOutcome.Fail(
          FailureReason.AppFailed, failed.object() + ": " + failed.reason());
    }
    if (app instanceof ComponentStatus.Ended ended) {
      return new StepOutcome.Fail(
          FailureReason.AppFailed, ended.object() + " ended before restoring: " + ended.detail());
    }
    Duration bound = run.durations().measurement();
    if (Duration.between(start, now).compareTo(bound) >= 0) {
      return new StepOutcome.Fail(
          FailureReason.Timeout,
          "the app had not restored every store after spec.schedule.measurement ("
              + SpecDuration.format(bound)
              + "): "
              + ((ComponentStatus.Starting) app).reason());
    }
    return new StepOutcome.Wait(
        Recheck.RESTORING,
        "Restoring: the app started cold at " + start + "; waiting for every store restored");
  }
}
