package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppExit;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The runs' own workloads and pods, watched through JOSDK informers instead of polled: each change
 * of a pod, Deployment or Job the operator created (label {@value Labels#MANAGED_BY}) reconciles
 * the run it belongs to at once — an OOM kill mid-window fails the run within a second — and the
 * platform reads their state from the informers' caches, with no API request per recheck.
 */
public final class RunObjectCache {

  private static final String SELECTOR = Labels.MANAGED_BY + "=" + Labels.MANAGED_BY_VALUE;

  private final EndedAppPods endedAppPods = new EndedAppPods();
  private InformerEventSource<Pod, BenchmarkRun> pods;
  private InformerEventSource<Deployment, BenchmarkRun> deployments;
  private InformerEventSource<Job, BenchmarkRun> jobs;

  /** The event sources to register with the reconciler; reads work once they have started. */
  public List<EventSource<?, BenchmarkRun>> eventSources(EventSourceContext<BenchmarkRun> context) {
    pods = new PodSource(configuration(Pod.class), context, endedAppPods);
    deployments = informer(Deployment.class, context);
    jobs = informer(Job.class, context);
    return List.of(pods, deployments, jobs);
  }

  /** The pods of {@code component} of run {@code namespace/runName}. */
  List<Pod> pods(String namespace, String runName, Component component) {
    Map<String, String> labels = Labels.forComponent(runName, component);
    return started(pods)
        .list(namespace, p -> p.getMetadata().getLabels().entrySet().containsAll(labels.entrySet()))
        .toList();
  }

  /**
   * How the app's pods of run {@code namespace/runName} exited whose deletion began at {@code from}
   * or later (the ones the informer saw go with an exit code).
   */
  public List<AppExit> appExits(String namespace, String runName, Instant from) {
    return endedAppPods.since(namespace, runName, from);
  }

  /** The Deployment {@code namespace/name}, as last seen. */
  Optional<Deployment> deployment(String namespace, String name) {
    return started(deployments).get(new ResourceID(name, namespace));
  }

  /** The Job {@code namespace/name}, as last seen. */
  Optional<Job> job(String namespace, String name) {
    return started(jobs).get(new ResourceID(name, namespace));
  }

  private static <R extends HasMetadata> InformerEventSource<R, BenchmarkRun> informer(
      Class<R> type, EventSourceContext<BenchmarkRun> context) {
    return new InformerEventSource<>(configuration(type), context);
  }

  private static <R extends HasMetadata> InformerEventSourceConfiguration<R> configuration(
      Class<R> type) {
    return InformerEventSourceConfiguration.from(type, BenchmarkRun.class)
        .withName(type.getSimpleName().toLowerCase(java.util.Locale.ROOT) + "s")
        .withLabelSelector(SELECTOR)
        .withSecondaryToPrimaryMapper(RunObjectCache::runOf)
        .build();
  }

  /** The pods' informer, which also shows {@link EndedAppPods} each pod it sees change or go. */
  private static final class PodSource extends InformerEventSource<Pod, BenchmarkRun> {

    private final EndedAppPods ended;

    PodSource(
        InformerEventSourceConfiguration<Pod> configuration,
        EventSourceContext<BenchmarkRun> context,
        EndedAppPods ended) {
      super(configuration, context);
      this.ended = ended;
    }

    @Override
    public void onUpdate(Pod oldPod, Pod newPod) {
      ended.observe(newPod);
      super.onUpdate(oldPod, newPod);
    }

    @Override
    public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
      ended.observe(pod);
      super.onDelete(pod, deletedFinalStateUnknown);
    }
  }

  /** The run an object belongs to, by its {@value Labels#RUN} label. */
  private static Set<ResourceID> runOf(HasMetadata object) {
    String run = object.getMetadata().getLabels().get(Labels.RUN);
    return run == null
        ? Set.of()
        : Set.of(new ResourceID(run, object.getMetadata().getNamespace()));
  }

  private static <R extends HasMetadata> InformerEventSource<R, BenchmarkRun> started(
      InformerEventSource<R, BenchmarkRun> source) {
    if (source == null) {
      throw new IllegalStateException(
          "the run objects' informers are not registered: the reconciler registers them");
    }
    return source;
  }
}
