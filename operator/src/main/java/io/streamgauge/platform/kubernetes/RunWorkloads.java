package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.RunContext;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** A run's pods as the informers see them, and their health judged at the clock's now. */
final class RunWorkloads {

  private final RunObjectCache objects;
  private final Clock clock;
  private final Duration schedulingGrace;

  RunWorkloads(RunObjectCache objects, Clock clock, Duration schedulingGrace) {
    this.objects = objects;
    this.clock = clock;
    this.schedulingGrace = schedulingGrace;
  }

  /** The informers' cache of the runs' workloads and pods. */
  RunObjectCache objects() {
    return objects;
  }

  /** The component's pods. */
  List<Pod> pods(RunContext run, Component component) {
    return objects.pods(run.namespace(), run.name(), component);
  }

  /** How a workload's state is judged now. */
  ComponentHealth health() {
    return new ComponentHealth(clock.instant(), schedulingGrace);
  }
}
