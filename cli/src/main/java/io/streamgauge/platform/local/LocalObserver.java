package io.streamgauge.platform.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.metrics.AppProfileResolver;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.MetricProfiles;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.AppStartup;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.HttpRunMeasurements;
import io.streamgauge.platform.Observer;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunMeasurements;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Reads a local run's processes: alive or exited (nothing is restarted: a process that exits fails
 * the run, a load generator that finished its schedule is done), their pids, the app's start-up,
 * this machine; and reaches the latency consumer and the local Prometheus.
 */
final class LocalObserver implements Observer {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final LocalProcesses processes;

  LocalObserver(LocalProcesses processes) {
    this.processes = processes;
  }

  @Override
  public ComponentStatus health(RunContext run, Component component) {
    if (component == Component.LOAD_GENERATOR) {
      return processes.loadGenerators().isEmpty()
          ? new ComponentStatus.Failed("the load generators", "never started")
          : processes.loadStatus();
    }
    if (component == Component.APP) {
      return processes.appStatus();
    }
    LocalComponent started = processes.latencyConsumer();
    return started == null
        ? new ComponentStatus.Failed("process " + component.label(), "never started")
        : started.status();
  }

  /** The running processes of {@code component}, each on this machine. */
  @Override
  public List<ComponentInstance> instances(RunContext run, Component component) {
    List<LocalComponent> started =
        switch (component) {
          case APP -> processes.apps();
          case LATENCY_CONSUMER ->
              processes.latencyConsumer() == null
                  ? List.of()
                  : List.of(processes.latencyConsumer());
          case LOAD_GENERATOR -> processes.loadGenerators();
        };
    return started.stream()
        .map(LocalComponent::process)
        .filter(ChildProcess::isAlive)
        .map(p -> new ComponentInstance(String.valueOf(p.pid()), p.describe(), null, machineName()))
        .toList();
  }

  /** The run's latency consumer and Prometheus; the app read through its own profile first. */
  @Override
  public RunMeasurements measurements(RunContext run) {
    return HttpRunMeasurements.of(
        run,
        processes.latencyConsumerUrl(),
        Optional.of(processes.apiToken()),
        processes.prometheus().url(),
        List.of(
            AppProfileResolver.resolve(run.spec().getApp().getMetrics()), MetricProfiles.PROCESS),
        Clock.systemUTC());
  }

  /**
   * The app's start and the moment it was ready: from the first of its instances' processes
   * starting until the last of them first answered its readiness endpoint; empty until every
   * instance has.
   */
  @Override
  public Optional<AppStartup> appStartup(RunContext run) {
    List<LocalComponent> apps = processes.apps();
    if (apps.size() < AppEnvironment.replicas(run.spec())
        || apps.stream().anyMatch(a -> a.readyAt().isEmpty())) {
      return Optional.empty();
    }
    Instant started =
        apps.stream()
            .map(a -> a.process().startedAt())
            .min(Comparator.naturalOrder())
            .orElseThrow();
    Instant ready =
        apps.stream()
            .map(a -> a.readyAt().orElseThrow())
            .max(Comparator.naturalOrder())
            .orElseThrow();
    return Optional.of(new AppStartup(null, started, ready, apps.get(0).readinessPath()));
  }

  /** This machine and how the app was started; local processes have no image. */
  @Override
  public ObjectNode environment(RunContext run) {
    ObjectNode environment = JSON.createObjectNode().put("platform", "local");
    environment.set("machine", Machine.describe());
    environment
        .putObject("app")
        .put("launch", processes.setup().app().describe())
        .put("instances", AppEnvironment.replicas(run.spec()))
        .put("cores", processes.appPinning());
    return environment;
  }

  /** This machine's name, the node of every local process. */
  private static String machineName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
