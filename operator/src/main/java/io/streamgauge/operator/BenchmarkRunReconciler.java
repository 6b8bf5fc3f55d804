package io.streamgauge.operator;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.platform.kubernetes.RunObjectCache;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.RunStateMetrics;
import io.streamgauge.scenario.SpecDefaulter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reconciles one BenchmarkRun: resolves the spec's defaults, advances the phase machine as far as
 * it goes now, patches the status (and caches what it wrote) and asks to be called again when the
 * machine says — never sleeping. A finished run is left alone.
 */
@ControllerConfiguration(name = "benchmarkrun")
public final class BenchmarkRunReconciler implements Reconciler<BenchmarkRun> {

  /** The shortest reschedule, so an immediate "again" does not spin. */
  private static final Duration MIN_RESCHEDULE = Duration.ofMillis(200);

  private final PhaseMachine machine;
  private final RunObjectCache objects;
  private final RunStateMetrics runMetrics;
  private final Clock clock;
  private final SpecDefaulter defaulter = new SpecDefaulter();

  /**
   * @param objects the runs' workloads and pods, watched by informers this reconciler registers
   * @param runMetrics the runs' state as gauges, set on every reconcile
   */
  public BenchmarkRunReconciler(
      PhaseMachine machine, RunObjectCache objects, RunStateMetrics runMetrics, Clock clock) {
    this.machine = machine;
    this.objects = objects;
    this.runMetrics = runMetrics;
    this.clock = clock;
  }

  /** A change of any pod, Deployment or Job of a run reconciles that run at once. */
  @Override
  public List<EventSource<?, BenchmarkRun>> prepareEventSources(
      EventSourceContext<BenchmarkRun> context) {
    return objects.eventSources(context);
  }

  @Override
  public UpdateControl<BenchmarkRun> reconcile(
      BenchmarkRun resource, Context<BenchmarkRun> context) {
    BenchmarkRunStatus status =
        resource.getStatus() == null ? new BenchmarkRunStatus() : resource.getStatus();
    BenchmarkRunSpec spec = defaulter.apply(resource.getSpec());
    RunContext run =
        new RunContext(
            resource.getMetadata().getNamespace(),
            resource.getMetadata().getName(),
            resource.getMetadata().getUid(),
            spec,
            status);
    RunTopics.applySuffix(run);
    if (PhaseMachine.isTerminal(run)) {
      runMetrics.observe(run);
      return UpdateControl.noUpdate();
    }
    Long generation = resource.getMetadata().getGeneration();
    Optional<Duration> again = machine.advance(run, clock.instant(), generation);
    runMetrics.observe(run);
    status.setObservedGeneration(generation);
    // Written here and cached at once, so a reconcile right after (a reschedule, a pod event)
    // reads this status rather than the informer's older copy and never repeats a transition.
    BenchmarkRun statusOnly = new BenchmarkRun();
    statusOnly.setMetadata(
        new ObjectMetaBuilder()
            .withName(resource.getMetadata().getName())
            .withNamespace(resource.getMetadata().getNamespace())
            .withResourceVersion(resource.getMetadata().getResourceVersion())
            .build());
    statusOnly.setStatus(status);
    PrimaryUpdateAndCacheUtils.ssaPatchStatusAndCacheResource(resource, statusOnly, context);
    UpdateControl<BenchmarkRun> control = UpdateControl.noUpdate();
    again.ifPresent(
        d -> control.rescheduleAfter(d.compareTo(MIN_RESCHEDULE) < 0 ? MIN_RESCHEDULE : d));
    return control;
  }
}
