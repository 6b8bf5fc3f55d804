package io.streamgauge.run;

import io.streamgauge.api.status.Phase;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * WarmingUp and Measuring: wait until the window's end while every component keeps running; keep
 * {@code status.progress} current (e.g. {@code Measuring 4m10s/10m}); while Measuring, inject the
 * faults of {@code spec.faults} as they fall due ({@link FaultInjection}).
 */
final class WindowStep implements PhaseStep {

  private final Platform platform;
  private final Phase phase;
  private final Phase next;
  private final Function<WindowTimes, Instant> from;
  private final Function<WindowTimes, Instant> until;

  private WindowStep(
      Platform platform,
      Phase phase,
      Phase next,
      Function<WindowTimes, Instant> from,
      Function<WindowTimes, Instant> until) {
    this.platform = platform;
    this.phase = phase;
    this.next = next;
    this.from = from;
    this.until = until;
  }

  /** WarmingUp: from warmupStart to measurementStart. */
  static WindowStep warmingUp(Platform platform) {
    return new WindowStep(
        platform,
        Phase.WarmingUp,
        Phase.Measuring,
        WindowTimes::warmupStart,
        WindowTimes::measurementStart);
  }

  /** Measuring: from measurementStart to measurementEnd. */
  static WindowStep measuring(Platform platform) {
    return new WindowStep(
        platform,
        Phase.Measuring,
        Phase.Collecting,
        WindowTimes::measurementStart,
        WindowTimes::measurementEnd);
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    Optional<StepOutcome> broken =
        brokenComponent(platform, run).or(() -> WarmupInstances.replaced(platform, run));
    if (broken.isPresent()) {
      return broken.get();
    }
    WindowTimes windows = WindowTimes.of(run.status());
    Instant end = until.apply(windows);
    if (!now.isBefore(end)) {
      return new StepOutcome.Advance(next, phase + " ended at " + end);
    }
    Optional<Duration> nextFault =
        phase == Phase.Measuring ? FaultInjection.actOnDue(platform, run, now) : Optional.empty();
    Duration total = Duration.between(from.apply(windows), end);
    Duration elapsed = Duration.between(from.apply(windows), now);
    Duration recheck = Recheck.within(Duration.between(now, end));
    if (nextFault.isPresent() && nextFault.get().compareTo(recheck) < 0) {
      recheck = Recheck.within(nextFault.get());
    }
    return new StepOutcome.Wait(
        recheck, phase + " " + SpecDuration.format(elapsed) + "/" + SpecDuration.format(total));
  }

  /** A Fail outcome when a component stopped working or ended. */
  static Optional<StepOutcome> brokenComponent(Platform platform, RunContext run) {
    for (Component component : Component.values()) {
      ComponentStatus health = platform.observer().health(run, component);
      if (health instanceof ComponentStatus.Failed f) {
        return Optional.of(
            new StepOutcome.Fail(failureOf(component), f.object() + ": " + f.reason()));
      }
      if (health instanceof ComponentStatus.Ended ended) {
        return Optional.of(endedEarly(ended));
      }
    }
    return Optional.empty();
  }

  /** The failure of a component that ended before the measurement window did. */
  static StepOutcome endedEarly(ComponentStatus.Ended ended) {
    return new StepOutcome.Fail(
        FailureReason.LoadEndedEarly,
        ended.object() + " ended before the measurement window did: " + ended.detail());
  }

  private static FailureReason failureOf(Component component) {
    return switch (component) {
      case APP -> FailureReason.AppFailed;
      case LOAD_GENERATOR -> FailureReason.LoadGeneratorFailed;
      case LATENCY_CONSUMER -> FailureReason.LatencyConsumerFailed;
    };
  }
}
