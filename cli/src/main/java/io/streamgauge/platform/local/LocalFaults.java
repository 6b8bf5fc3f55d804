package io.streamgauge.platform.local;

import io.streamgauge.api.spec.FaultType;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.FaultInjector;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A local run's faults, every kind: KillApp is SIGKILL to the app and its descendants, then the
 * same app started again at once (as a pod's replacement, it starts cold); PauseApp is SIGSTOP, and
 * SIGCONT to end it; RollBroker is the local broker restarted in order on its data ({@link
 * LocalKafka#restart}).
 */
final class LocalFaults implements FaultInjector {

  /** The fault target that names the local broker. */
  private static final String LOCAL_BROKER = "local broker";

  private final LocalProcesses processes;

  LocalFaults(LocalProcesses processes) {
    this.processes = processes;
  }

  @Override
  public Optional<String> cannotInject(FaultType type) {
    return Optional.empty();
  }

  /** The app process by pid; for a broker roll, the local broker. */
  @Override
  public List<String> faultTargets(RunContext run, FaultAction action) {
    if (action == FaultAction.ROLL_BROKER) {
      return List.of(LOCAL_BROKER);
    }
    return List.of(String.valueOf(runningApp(action).process().pid()));
  }

  @Override
  public String inject(RunContext run, FaultAction action, List<String> targets) {
    LocalComponent app = processes.app();
    if (action == FaultAction.KILL_APP
        && app != null
        && !targets.contains(String.valueOf(app.process().pid()))) {
      return "app pid " + String.join(", ", targets) + " already killed";
    }
    if (action == FaultAction.ROLL_BROKER) {
      try {
        return processes.kafka().restart(LocalProcesses.STOP_GRACE);
      } catch (IOException e) {
        throw new PlatformException(action + ": " + e.getMessage(), false, e);
      }
    }
    ChildProcess process = runningApp(action).process();
    try {
      switch (action) {
        case KILL_APP -> {
          process.kill();
          LocalComponent again = processes.restartApp();
          return "SIGKILL "
              + process.describe()
              + ", started again as pid "
              + again.process().pid();
        }
        case PAUSE_APP -> {
          process.signal("STOP");
          return "SIGSTOP " + process.describe();
        }
        case RESUME_APP -> {
          process.signal("CONT");
          return "SIGCONT " + process.describe();
        }
        default -> throw new IllegalArgumentException(action.toString());
      }
    } catch (IOException e) {
      throw new PlatformException(action + ": " + e.getMessage(), false, e);
    }
  }

  private LocalComponent runningApp(FaultAction action) {
    LocalComponent app = processes.app();
    if (app == null || !app.process().isAlive()) {
      throw new PlatformException("there is no running app process to " + action, false, null);
    }
    return app;
  }
}
