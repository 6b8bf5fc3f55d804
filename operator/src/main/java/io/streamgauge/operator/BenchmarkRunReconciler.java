package io.streamgauge.operator;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTopics;
import io.streamgauge.platform.kubernetes.KubernetesSeriesRuns;
import io.streamgauge.platform.kubernetes.Labels;
import io.streamgauge.platform.kubernetes.RunObjectCache;
import io.streamgauge.run.AppStops;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.RunExpiry;
import io.streamgauge.run.RunStateMetrics;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.run.SpecIntake;
import io.streamgauge.suite.RunGateStep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles one BenchmarkRun; {@link #reconcile} reads as its steps: a run another install claimed
 * is left alone and an unclaimed one is claimed first ({@link InstallClaim}), a deleted run
 * releases its shared Kafka, a spec that cannot be taken in is refused, a run on a shared Kafka
 * gets its finalizer first, then the run's kind ({@link RunKind}: a single run through the phase
 * machine, or a series through its machine) is chosen once and advanced as far as it goes now, a
 * succeeded run's gate is judged, its gauges and status are written in one place ({@code publish}),
 * and it asks to be called again when the machine says — never sleeping. An ended run is cleaned up
 * once its end is stored, and deleted when it expires. Its Events are said once its status is
 * stored ({@link HeldRunEvents}); a status the API server refuses (changed, gone) ends the
 * reconcile quietly ({@link StatusPatch.NotStored}).
 *
 * <p>What stays outside the phase machine, and why: the refusal (the machine's steps work on a
 * resolved spec, which a refused one never becomes), the finalizer and the deletion of an expired
 * run (the Kubernetes object's life, not the run's: a local run has neither), and the gate (it
 * judges this run against another BenchmarkRun, read from the API server). The cleanup of an ended
 * run's workloads is the machine's own ({@link PhaseMachine#cleanUpEnded}).
 */
@ControllerConfiguration(name = "benchmarkrun", triggerReconcilerOnAllEvents = true)
public final class BenchmarkRunReconciler implements Reconciler<BenchmarkRun> {

  private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunReconciler.class);

  /** The shortest reschedule, so an immediate "again" does not spin. */
  private static final Duration MIN_RESCHEDULE = Duration.ofMillis(200);

  private final PhaseMachine machine;
  private final RunIntake intake;
  private final RunObjectCache objects;
  private final RunStateMetrics runMetrics;
  private final KubernetesClient client;
  private final HeldRunEvents events;
  private final RunTransitions transitions;
  private final Clock clock;
  private final SharedKafkaFinalizer sharedKafka;
  private final InstallClaim claim;
  private InformerEventSource<BenchmarkRun, BenchmarkRun> repetitions;

  /**
   * @param intake takes a run's spec in, once, and keeps it in the run's status
   * @param objects the runs' workloads and pods, watched by informers this reconciler registers
   * @param runMetrics the runs' state as gauges, set on every reconcile
   * @param client creates a repeated run's repetitions and reads a gate's baseline
   * @param sharedKafka releases a deleted run's topics and group on a Kafka it shares
   * @param claim which install this is: it drives only the runs it claimed ({@link InstallClaim})
   */
  BenchmarkRunReconciler(
      PhaseMachine machine,
      RunIntake intake,
      RunObjectCache objects,
      RunStateMetrics runMetrics,
      KubernetesClient client,
      HeldRunEvents events,
      Clock clock,
      SharedKafkaFinalizer sharedKafka,
      InstallClaim claim) {
    this.machine = machine;
    this.claim = claim;
    this.intake = intake;
    this.sharedKafka = sharedKafka;
    this.objects = objects;
    this.runMetrics = runMetrics;
    this.client = client;
    this.events = events;
    this.transitions = new RunTransitions(events);
    this.clock = clock;
  }

  /**
   * A change of any pod, Deployment or Job of a run reconciles that run at once, and a change of a
   * repetition reconciles the run it repeats ({@value Labels#REPETITION_OF}); a deleted run's
   * gauges are dropped ({@link RunDeletions}).
   */
  @Override
  public List<EventSource<?, BenchmarkRun>> prepareEventSources(
      EventSourceContext<BenchmarkRun> context) {
    repetitions =
        ChildRunInformer.of(BenchmarkRun.class, "repetitions", Labels.REPETITION_OF, context);
    List<EventSource<?, BenchmarkRun>> sources = new ArrayList<>(objects.eventSources(context));
    sources.add(repetitions);
    sources.add(new RunDeletions(runMetrics));
    return sources;
  }

  /**
   * Called on every event of a run, its deletion too (JOSDK's all-events mode, so that only the
   * runs that need a finalizer get one: {@link SharedKafkaFinalizer}).
   */
  @Override
  public UpdateControl<BenchmarkRun> reconcile(
      BenchmarkRun resource, Context<BenchmarkRun> context) {
    String uid = resource.getMetadata().getUid();
    try {
      UpdateControl<BenchmarkRun> control = reconcileRun(resource, context);
      events.release(uid);
      return control;
    } catch (StatusPatch.NotStored e) {
      return notStored(resource, e);
    } finally {
      events.drop(uid); // not released: what they told was not stored, and will be told again
    }
  }

  /**
   * A status the API server refused to store: a run changed since it was read (its spec, a label,
   * another writer) is reconciled again as it is now, which the change's event does too; a run that
   * is gone ends here. Neither is an error.
   */
  private UpdateControl<BenchmarkRun> notStored(BenchmarkRun resource, StatusPatch.NotStored e) {
    LOG.debug(
        "run={}/{} status not stored: {}",
        resource.getMetadata().getNamespace(),
        resource.getMetadata().getName(),
        e.getMessage());
    return e.control(MIN_RESCHEDULE);
  }

  private UpdateControl<BenchmarkRun> reconcileRun(
      BenchmarkRun resource, Context<BenchmarkRun> context) {
    if (context.isPrimaryResourceDeleted()) {
      return UpdateControl.noUpdate(); // gone: its gauges are dropped by RunDeletions
    }
    BenchmarkRunStatus status =
        resource.getStatus() == null ? new BenchmarkRunStatus() : resource.getStatus();
    if (claim.othersOwn(status.getOperator())) {
      return UpdateControl.noUpdate(); // another install drives it
    }
    if (claim.unclaimed(status.getOperator())) {
      status.setOperator(claim.install());
      StatusPatch.applyAndCache(resource, status, BenchmarkRun::new, context);
      return UpdateControl.<BenchmarkRun>noUpdate().rescheduleAfter(MIN_RESCHEDULE);
    }
    SpecIntake.Result taken = intake.of(resource, status);
    if (resource.isMarkedForDeletion()) {
      return deleted(resource, status, taken, context);
    }
    if (taken instanceof SpecIntake.Refused refused) {
      return refuse(resource, status, refused, context);
    }
    BenchmarkRunSpec spec = ((SpecIntake.Resolved) taken).spec();
    if (SharedKafkaFinalizer.needed(spec) && !resource.hasFinalizer(SharedKafkaFinalizer.NAME)) {
      // Before anything is made on the shared Kafka; the run goes on in the next reconcile.
      PrimaryUpdateAndCacheUtils.addFinalizer(context, SharedKafkaFinalizer.NAME);
      return UpdateControl.<BenchmarkRun>noUpdate().rescheduleAfter(MIN_RESCHEDULE);
    }
    RunContext run = runContext(resource, spec, status);
    RunKind kind = kindOf(resource, spec);
    kind.prepare(run);
    Instant now = clock.instant();
    if (PhaseMachine.isTerminal(run) && !RunGateStep.pending(run, resource.getSpec().getGate())) {
      // The end read here is stored: only now may the workloads go.
      boolean cleanedUp = kind.cleanUpEnded(run, now);
      publish(resource, status, run, context, appStopped(run, now) || cleanedUp);
      return expire(resource, status, now);
    }
    Optional<Duration> again = judgeGate(resource, run, kind.advance(run, now), now);
    publish(resource, status, run, context, true);
    return reconcileAgain(resource, status, run, kind, again, now);
  }

  /**
   * Writes how the app's pods exited once the cleanup stopped them (each pod's deletion reconciles
   * the run): true when its condition changed.
   */
  private boolean appStopped(RunContext run, Instant now) {
    return AppStops.since(run)
        .map(from -> objects.appExits(run.namespace(), run.name(), from))
        .map(exits -> AppStops.record(run, exits, events, now))
        .orElse(false);
  }

  /** The kind of run {@code resource} is; a series reads its runs through the informer. */
  private RunKind kindOf(BenchmarkRun resource, BenchmarkRunSpec spec) {
    String namespace = resource.getMetadata().getNamespace();
    return RunKind.of(
        spec,
        machine,
        transitions,
        () ->
            new KubernetesSeriesRuns(
                client,
                resource,
                Labels.REPETITION_OF,
                name -> repetitions.get(new ResourceID(name, namespace))));
  }

  /** A succeeded run's gate, judged against its baseline once the baseline ended. */
  private Optional<Duration> judgeGate(
      BenchmarkRun resource, RunContext run, Optional<Duration> again, Instant now) {
    if (!RunGateStep.pending(run, resource.getSpec().getGate())) {
      return again;
    }
    String namespace = resource.getMetadata().getNamespace();
    return RunGateStep.judge(
        run, resource.getSpec().getGate(), name -> runDocument(namespace, name), events, now);
  }

  /**
   * The run's gauges and, when {@code changed}, its status: the one place a reconcile of a resolved
   * run writes them.
   */
  private void publish(
      BenchmarkRun resource,
      BenchmarkRunStatus status,
      RunContext run,
      Context<BenchmarkRun> context,
      boolean changed) {
    runMetrics.observe(run);
    if (changed) {
      writeStatus(resource, status, run, context);
    }
  }

  /** Writes the run's status; once stored, the events that told of it are said. */
  private void writeStatus(
      BenchmarkRun resource,
      BenchmarkRunStatus status,
      RunContext run,
      Context<BenchmarkRun> context) {
    status.setObservedGeneration(run.generation());
    StatusPatch.applyAndCache(resource, status, BenchmarkRun::new, context);
    events.release(run.uid());
  }

  /**
   * When to be called again: when the machine says; a run that ended now, once more at once to
   * clean up (reading the end as stored); an ended run, when it expires.
   */
  private UpdateControl<BenchmarkRun> reconcileAgain(
      BenchmarkRun resource,
      BenchmarkRunStatus status,
      RunContext run,
      RunKind kind,
      Optional<Duration> again,
      Instant now) {
    if (again.isEmpty() && kind.cleanupDue(run)) {
      again = Optional.of(MIN_RESCHEDULE);
    }
    if (again.isEmpty() && !isSeriesRun(resource)) {
      again = RunExpiry.remaining(resource.getSpec(), status, now);
    }
    UpdateControl<BenchmarkRun> control = UpdateControl.noUpdate();
    again.ifPresent(
        d -> control.rescheduleAfter(d.compareTo(MIN_RESCHEDULE) < 0 ? MIN_RESCHEDULE : d));
    return control;
  }

  /**
   * A deleted run that holds {@link SharedKafkaFinalizer#NAME}: its shared Kafka released, the
   * finalizer goes (or the release is tried again a little later).
   */
  private UpdateControl<BenchmarkRun> deleted(
      BenchmarkRun resource,
      BenchmarkRunStatus status,
      SpecIntake.Result intake,
      Context<BenchmarkRun> context) {
    if (!resource.hasFinalizer(SharedKafkaFinalizer.NAME)) {
      return UpdateControl.noUpdate();
    }
    Optional<RunContext> run =
        intake instanceof SpecIntake.Resolved resolved
            ? Optional.of(runContext(resource, resolved.spec(), status))
            : Optional.empty();
    run.ifPresent(RunTopics::applySuffix);
    Optional<Duration> again =
        sharedKafka.release(
            run, Instant.parse(resource.getMetadata().getDeletionTimestamp()), clock.instant());
    if (again.isPresent()) {
      return UpdateControl.<BenchmarkRun>noUpdate().rescheduleAfter(again.get());
    }
    PrimaryUpdateAndCacheUtils.removeFinalizer(context, SharedKafkaFinalizer.NAME);
    return UpdateControl.noUpdate();
  }

  /**
   * A run whose spec cannot be taken in ends Failed with ValidationFailed, saying which field and
   * why, before anything is created for it; one that ended before (under an operator that took it
   * in) is left as it ended. A run taken in once is never refused: its spec is kept ({@link
   * RunIntake}).
   */
  private UpdateControl<BenchmarkRun> refuse(
      BenchmarkRun resource,
      BenchmarkRunStatus status,
      SpecIntake.Refused refused,
      Context<BenchmarkRun> context) {
    RunContext run = runContext(resource, resource.getSpec(), status);
    Instant now = clock.instant();
    if (PhaseMachine.isTerminal(run)) {
      return expire(resource, status, now);
    }
    if (status.getPhase() == null) {
      transitions.accept(run, now);
    }
    transitions.fail(run, now, FailureReason.ValidationFailed, refused.message());
    writeStatus(resource, status, run, context);
    // A spec that resolved has gauges: they say Failed at once.
    refused
        .resolvedSpec()
        .ifPresent(spec -> runMetrics.observe(runContext(resource, spec, status)));
    return expire(resource, status, now);
  }

  /**
   * An ended run is deleted {@code spec.cleanup.ttlAfterFinished} after it ended ({@link
   * RunExpiry}); until then it is reconciled again when that time comes. The runs of a series go
   * with the run or suite that owns them.
   */
  private UpdateControl<BenchmarkRun> expire(
      BenchmarkRun resource, BenchmarkRunStatus status, Instant now) {
    Optional<Duration> remaining =
        isSeriesRun(resource)
            ? Optional.empty()
            : RunExpiry.remaining(resource.getSpec(), status, now);
    if (remaining.isEmpty()) {
      return UpdateControl.noUpdate();
    }
    if (!remaining.get().isNegative() && !remaining.get().isZero()) {
      return UpdateControl.<BenchmarkRun>noUpdate()
          .rescheduleAfter(
              remaining.get().compareTo(MIN_RESCHEDULE) < 0 ? MIN_RESCHEDULE : remaining.get());
    }
    client.resource(resource).delete();
    return UpdateControl.noUpdate();
  }

  /** A repetition, a capacity probe or a suite's run: it lives as long as its owner. */
  private static boolean isSeriesRun(BenchmarkRun resource) {
    Map<String, String> labels = resource.getMetadata().getLabels();
    return labels != null
        && (labels.containsKey(Labels.REPETITION_OF) || labels.containsKey(Labels.SUITE));
  }

  private static RunContext runContext(
      BenchmarkRun resource, BenchmarkRunSpec spec, BenchmarkRunStatus status) {
    return new RunContext(
        resource.getMetadata().getNamespace(),
        resource.getMetadata().getName(),
        resource.getMetadata().getUid(),
        spec,
        status,
        resource.getMetadata().getGeneration());
  }

  /** A BenchmarkRun of the namespace as a document, for a gate's baseline. */
  private Optional<JsonNode> runDocument(String namespace, String name) {
    BenchmarkRun run =
        client.resources(BenchmarkRun.class).inNamespace(namespace).withName(name).get();
    return Optional.ofNullable(run)
        .map(r -> client.getKubernetesSerialization().convertValue(r, JsonNode.class));
  }
}
