package io.streamgauge.run;

import io.streamgauge.api.Phase;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

/**
 * StartingLoad: the latency consumer first (it must be reading before the first record is
 * produced), then the load generators. When both are ready the windows are fixed — warmup from now,
 * then the measurement — stored in status and sent to the latency consumer.
 */
final class StartingLoadStep implements PhaseStep {

  private final Platform platform;
  private final Duration timeout;

  StartingLoadStep(Platform platform, Duration timeout) {
    this.platform = platform;
    this.timeout = timeout;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    String bootstrap = run.status().getKafkaBootstrapServers();
    StepOutcome consumer =
        ComponentWait.outcome(
            run,
            now,
            platform.ensureLatencyConsumer(run, bootstrap),
            "the latency consumer",
            FailureReason.LatencyConsumerFailed,
            timeout,
            null);
    if (consumer != null) {
      return consumer;
    }
    ComponentStatus load = platform.ensureLoad(run, bootstrap);
    StepOutcome loading =
        ComponentWait.outcome(
            run,
            now,
            load,
            "the load generators",
            FailureReason.LoadGeneratorFailed,
            timeout,
            null);
    if (loading != null) {
      return loading;
    }
    WindowTimes windows = Windows.fix(run, now);
    try {
      platform.sendWindows(run, windows);
    } catch (IOException e) {
      return new StepOutcome.Wait(
          Recheck.STARTING, "Sending the windows to the latency consumer: " + e.getMessage());
    }
    return new StepOutcome.Advance(
        Phase.WarmingUp,
        "load running; warmup "
            + SpecDuration.format(
                Duration.between(windows.warmupStart(), windows.measurementStart()))
            + " until "
            + windows.measurementStart());
  }
}
