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
 * A local run's faults, every kind: KillApp is SIGKILL to one app instance's process and its
 * descendants, then that instance started again at once with the same index (as a pod's
 * replacement, it starts cold); PauseApp is SIGSTOP, and SIGCONT to end it; RollBroker is the local
 * broker restarted in order on its data ({@link LocalKafka#restart}).
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

  /** The app instance's process by pid; for a broker roll, the local broker. */
  @Override
  public List<String> faultTargets(RunContext run, FaultAction action, int instance) {
    if (action == FaultAction.ROLL_BROKER) {
      return List.of(LOCAL_BROKER);
    }
    return List.of(String.valueOf(runningApp(action, instance).process().pid()));
  }

  @Override
  public String inject(RunContext run, FaultAction action, List<String> targets) {
    if (action == FaultAction.ROLL_BROKER) {
      try {
        return processes.kafka().restart(LocalProcesses.STOP_GRACE);
      } catch (IOException e) {
        throw new PlatformException(action + ": " + e.getMessage(), false, e);
      }
    }
    int instance = instanceOf(targets);
    if (action == FaultAction.KILL_APP && instance < 0) {
      return "app pid " + String.join(", ", targets) + " already killed";
    }
    ChildProcess process = runningApp(action, Math.max(instance, 0)).process();
    try {
      switch (action) {
        case KILL_APP -> {
          process.kill();
          LocalComponent again = processes.restartApp(instance);
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

  /** The index of the app instance whose process is one of {@code targets}, or -1 when none is. */
  private int instanceOf(List<String> targets) {
    List<LocalComponent> apps = processes.apps();
    for (int i = 0; i < apps.size(); i++) {
      if (targets.contains(String.valueOf(apps.get(i).process().pid()))) {
        return i;
      }
    }
    return -1;
  }

  private LocalComponent runningApp(FaultAction action, int instance) {
    LocalComponent app = instance < processes.apps().size() ? processes.app(instance) : null;
    if (app == null || !app.process().isAlive()) {
      throw new PlatformException(
          "there is no running process of app instance " + instance + " to " + action, false, null);
    }
    return app;
  }
}
