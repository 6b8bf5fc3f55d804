package io.streamgauge.run;

import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.status.Phase;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * StartingLoad: the latency consumer first (it must be reading before the first record is
 * produced), then the load generators. When both are ready, Prometheus has scraped every component
 * where the platform waits for that ({@link FirstScrape}) and, with {@code spec.schedule.catchUp},
 * the app has caught up with its input ({@link CatchUp}), the windows are fixed — warmup from now,
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
    Optional<StepOutcome> consumer =
        ComponentWait.blocking(
            run,
            now,
            platform.provisioner().ensureLatencyConsumer(run, bootstrap),
            "the latency consumer",
            FailureReason.LatencyConsumerFailed,
            timeout);
    if (consumer.isPresent()) {
      return consumer.get();
    }
    Optional<StepOutcome> load =
        ComponentWait.blocking(
            run,
            now,
            platform.provisioner().ensureLoad(run, bootstrap),
            "the load generators",
            FailureReason.LoadGeneratorFailed,
            timeout);
    if (load.isPresent()) {
      return load.get();
    }
    if (run.status().getLoadStartedAt() == null) {
      run.status().setLoadStartedAt(now.toString());
    }
    if (run.status().getWarmupStartedAt() == null) {
      Optional<StepOutcome> unscraped = FirstScrape.await(platform, run, now);
      if (unscraped.isPresent()) {
        return WindowStep.brokenComponent(platform, run).orElse(unscraped.get());
      }
    }
    String caughtUp = "";
    if (run.status().getWarmupStartedAt() == null
        && run.spec().getSchedule().getCatchUp() != null) {
      Optional<StepOutcome> broken = WindowStep.brokenComponent(platform, run);
      if (broken.isPresent()) {
        return broken.get();
      }
      CatchUp.Verdict verdict = catchUp(run, now);
      Instant withinSince = verdict.state().withinSince();
      run.status().setLagWithinBoundSince(withinSince == null ? null : withinSince.toString());
      run.status().setCatchUp(verdict.state().readings());
      if (!verdict.startWarmup()) {
        return new StepOutcome.Wait(Recheck.CATCHING_UP, verdict.text());
      }
      caughtUp = "; " + verdict.text();
    }
    WindowTimes windows = Windows.fix(run, now);
    WarmupInstances.record(platform, run);
    RunNodes.record(platform, run);
    try {
      WindowTimes inForce = platform.observer().measurements(run).sendWindows(windows);
      if (!Windows.sameToTheMillisecond(inForce, windows)) {
        // An earlier attempt's windows reached the consumer but not the status: they count.
        windows = Windows.adopt(run, inForce);
      }
    } catch (IOException e) {
      return new StepOutcome.Wait(
          Recheck.STARTING, "Sending the windows to the latency consumer: " + e.getMessage());
    }
    return new StepOutcome.Advance(
        Phase.WarmingUp,
        "load running"
            + caughtUp
            + "; warmup "
            + SpecDuration.format(
                Duration.between(windows.warmupStart(), windows.measurementStart()))
            + " until "
            + windows.measurementStart());
  }

  /** The catch-up gate's verdict on the app's input lag as the latency consumer sampled it. */
  private CatchUp.Verdict catchUp(RunContext run, Instant now) {
    Instant loadStarted = Instant.parse(run.status().getLoadStartedAt());
    String since = run.status().getLagWithinBoundSince();
    CatchUp.State previous =
        new CatchUp.State(since == null ? null : Instant.parse(since), run.status().getCatchUp());
    Instant extendUntil = extensionLimit(run, loadStarted);
    try {
      return CatchUp.judge(
          run.spec(),
          loadStarted,
          extendUntil,
          previous,
          now,
          platform.observer().measurements(run).appInputLag(),
          null);
    } catch (IOException e) {
      return CatchUp.judge(
          run.spec(),
          loadStarted,
          extendUntil,
          previous,
          now,
          OptionalDouble.empty(),
          e.getMessage());
    }
  }

  /**
   * The latest the catch-up may wait past {@code catchUp} for a draining app: twice {@code catchUp}
   * after the load started, and early enough that the warmup, the measurement and the drain still
   * end before the run's timeout.
   */
  private static Instant extensionLimit(RunContext run, Instant loadStarted) {
    SpecDurations times = run.durations();
    Instant twice = loadStarted.plus(times.catchUp().orElseThrow().multipliedBy(2));
    Instant beforeTimeout =
        run.deadline().minus(times.warmup()).minus(times.measurement()).minus(times.drainTimeout());
    return twice.isBefore(beforeTimeout) ? twice : beforeTimeout;
  }
}
