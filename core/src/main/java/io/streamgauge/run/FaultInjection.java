package io.streamgauge.run;

import io.streamgauge.api.spec.FaultSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.status.FaultStatus;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The faults of {@code spec.faults} during the measurement window: planned into {@code
 * status.faults} (due at the window's start plus each offset), injected by the platform once due, a
 * pause ended once its duration has passed. A fault is injected in two reconciles: the first
 * chooses what it acts on ({@code status.faults[].targets}) and asks for the status to be written;
 * the next acts on exactly those. A status write lost after the act (an API server outage, a
 * conflict) brings the act again on the same targets, which the platform skips once they are gone —
 * never on the app or broker that replaced them.
 */
final class FaultInjection {

  private FaultInjection() {}

  /**
   * Does what is due at {@code now}.
   *
   * @return how long until the next action (zero: a fault's targets were just chosen, and the
   *     status must be written before it acts), or empty when none is left
   */
  static Optional<Duration> actOnDue(Platform platform, RunContext run, Instant now) {
    if (!run.spec().hasFaults()) {
      return Optional.empty();
    }
    List<FaultStatus> faults = plan(run);
    List<SpecDurations.FaultTimes> planned = run.durations().faults();
    Instant next = null;
    for (int i = 0; i < faults.size(); i++) {
      FaultStatus fault = faults.get(i);
      SpecDurations.FaultTimes times = planned.get(i);
      Instant due = Instant.parse(fault.getDueAt());
      if (fault.getInjectedAt() == null) {
        if (now.isBefore(due)) {
          next = earlier(next, due);
          continue;
        }
        if (fault.getTargets() == null) {
          fault.setTargets(
              platform.faults().faultTargets(run, actionOf(fault.getType()), instanceOf(fault)));
          next = now;
          continue;
        }
        fault.setDetail(
            platform.faults().inject(run, actionOf(fault.getType()), fault.getTargets()));
        fault.setInjectedAt(now.toString());
      }
      if (fault.getType() == FaultType.PauseApp && fault.getResumedAt() == null) {
        Instant resume = Instant.parse(fault.getInjectedAt()).plus(times.duration().orElseThrow());
        if (now.isBefore(resume)) {
          next = earlier(next, resume);
          continue;
        }
        fault.setDetail(
            fault.getDetail()
                + "; "
                + platform.faults().inject(run, FaultAction.RESUME_APP, fault.getTargets()));
        fault.setResumedAt(now.toString());
      }
    }
    return Optional.ofNullable(next).map(n -> Duration.between(now, n));
  }

  /**
   * The app instance a fault acts on: its {@code instance} (recorded for an app of several), else
   * the first (0).
   */
  static int instanceOf(FaultStatus fault) {
    return fault.getInstance() == null ? 0 : fault.getInstance();
  }

  /** What the platform does to inject a fault of {@code type}. */
  static FaultAction actionOf(FaultType type) {
    return switch (type) {
      case KillApp -> FaultAction.KILL_APP;
      case PauseApp -> FaultAction.PAUSE_APP;
      case RollBroker -> FaultAction.ROLL_BROKER;
    };
  }

  /** True once a KillApp fault was injected: the app the warmup started with is gone by design. */
  static boolean appKilled(RunContext run) {
    List<FaultStatus> faults = run.status().getFaults();
    return faults != null
        && faults.stream()
            .anyMatch(f -> f.getType() == FaultType.KillApp && f.getInjectedAt() != null);
  }

  /** {@code status.faults}, planned from the spec and the window on first use. */
  private static List<FaultStatus> plan(RunContext run) {
    if (run.status().getFaults() == null) {
      Instant start = WindowTimes.of(run.status()).measurementStart();
      List<FaultStatus> planned = new ArrayList<>();
      List<SpecDurations.FaultTimes> times = run.durations().faults();
      for (int i = 0; i < times.size(); i++) {
        FaultStatus fault = new FaultStatus();
        FaultSpec spec = run.spec().getFaults().get(i);
        fault.setType(spec.getType());
        if (spec.getType() != FaultType.RollBroker && AppEnvironment.replicas(run.spec()) > 1) {
          fault.setInstance(spec.getInstance() == null ? 0 : spec.getInstance());
        }
        fault.setDueAt(start.plus(times.get(i).at()).toString());
        planned.add(fault);
      }
      run.status().setFaults(planned);
    }
    return run.status().getFaults();
  }

  private static Instant earlier(Instant a, Instant b) {
    return a == null || b.isBefore(a) ? b : a;
  }
}
