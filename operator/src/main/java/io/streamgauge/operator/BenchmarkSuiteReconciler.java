package io.streamgauge.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.BenchmarkSuite;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.suite.SuiteMachine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Reconciles one BenchmarkSuite: advances its {@link SuiteMachine} as far as it goes now — one of
 * its BenchmarkRuns at a time — and patches its status. A change of any of its runs reconciles it
 * at once; it never sleeps. The machine retries an error reading or creating a run as a run's is
 * retried.
 */
@ControllerConfiguration(name = "benchmarksuite")
public final class BenchmarkSuiteReconciler implements Reconciler<BenchmarkSuite> {

  /** The shortest reschedule: a reconcile again at once, without spinning. */
  private static final Duration AGAIN_AT_ONCE = Duration.ofMillis(200);

  private final KubernetesClient client;
  private final InstallClaim claim;
  private final ResourceEvents events;
  private final Clock clock;
  private InformerEventSource<BenchmarkRun, BenchmarkSuite> runs;

  /**
   * @param claim which install this is: it drives only the suites it claimed
   */
  BenchmarkSuiteReconciler(KubernetesClient client, Clock clock, InstallClaim claim) {
    this.client = client;
    this.claim = claim;
    this.events = new ResourceEvents(client, clock);
    this.clock = clock;
  }

  /** The suites' runs, by their {@value Labels#SUITE} label: a change reconciles their suite. */
  @Override
  public List<EventSource<?, BenchmarkSuite>> prepareEventSources(
      EventSourceContext<BenchmarkSuite> context) {
    runs = ChildRunInformer.of(BenchmarkSuite.class, "suite-runs", Labels.SUITE, context);
    return List.of(runs);
  }

  @Override
  public UpdateControl<BenchmarkSuite> reconcile(
      BenchmarkSuite suite, Context<BenchmarkSuite> context) {
    BenchmarkSuiteStatus status =
        suite.getStatus() == null ? new BenchmarkSuiteStatus() : suite.getStatus();
    if (claim.othersOwn(status.getOperator())) {
      return UpdateControl.noUpdate(); // another install drives it
    }
    try {
      if (claim.unclaimed(status.getOperator())) {
        status.setOperator(claim.install());
        StatusPatch.applyAndCache(suite, status, BenchmarkSuite::new, context);
        return UpdateControl.<BenchmarkSuite>noUpdate().rescheduleAfter(AGAIN_AT_ONCE);
      }
      return advance(suite, status, context);
    } catch (StatusPatch.NotStored e) {
      // Changed since read: read again (its events are told then); gone: nothing to tell.
      return e.control(AGAIN_AT_ONCE);
    }
  }

  private UpdateControl<BenchmarkSuite> advance(
      BenchmarkSuite suite, BenchmarkSuiteStatus status, Context<BenchmarkSuite> context) {
    String namespace = suite.getMetadata().getNamespace();
    Long generation = suite.getMetadata().getGeneration();
    Instant now = clock.instant();
    KubernetesSuitePlatform platform =
        new KubernetesSuitePlatform(
            client, suite, name -> runs.get(new ResourceID(name, namespace)), events);
    Optional<Duration> again =
        SuiteMachine.advance(
            suite.getMetadata().getName(), suite.getSpec(), status, platform, now, generation);
    status.setObservedGeneration(generation);
    StatusPatch.applyAndCache(suite, status, BenchmarkSuite::new, context);
    platform.sayEvents();
    UpdateControl<BenchmarkSuite> control = UpdateControl.noUpdate();
    again.ifPresent(control::rescheduleAfter);
    return control;
  }
}
