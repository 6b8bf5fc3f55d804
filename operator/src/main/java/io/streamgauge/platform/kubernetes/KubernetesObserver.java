package io.streamgauge.platform.kubernetes;

import static io.streamgauge.platform.kubernetes.KubernetesErrors.guarded;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
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
import io.streamgauge.platform.RunTargets;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Reads a run's workloads on Kubernetes from the informers' cache (the API server when the cache is
 * a moment behind): their health, their pods, the app's start-up, the nodes; and reaches what
 * measures the run.
 */
final class KubernetesObserver implements Observer {

  private final KubernetesClient client;
  private final RunWorkloads workloads;
  private final RunApiTokens tokens;
  private final Function<RunContext, URI> latencyConsumerUrl;
  private final Duration firstScrapeWait;
  private final Clock clock;

  KubernetesObserver(
      KubernetesClient client,
      RunWorkloads workloads,
      RunApiTokens tokens,
      Function<RunContext, URI> latencyConsumerUrl,
      Duration firstScrapeWait,
      Clock clock) {
    this.client = client;
    this.workloads = workloads;
    this.tokens = tokens;
    this.latencyConsumerUrl = latencyConsumerUrl;
    this.firstScrapeWait = firstScrapeWait;
    this.clock = clock;
  }

  @Override
  public ComponentStatus health(RunContext run, Component component) {
    return guarded("the " + component.label(), () -> observe(run, component));
  }

  private ComponentStatus observe(RunContext run, Component component) {
    if (component == Component.APP) {
      List<Pod> pods = workloads.pods(run, component);
      return ComponentHealth.ofInstances(
          AppDeployment.names(RunOwner.of(run), AppEnvironment.replicas(run.spec())).stream()
              .map(name -> observe(run, component, name, pods))
              .toList());
    }
    return observe(
        run, component, RunTargets.name(run.name(), component), workloads.pods(run, component));
  }

  /** The state of {@code component}'s workload {@code name}, whose pods are among {@code pods}. */
  private ComponentStatus observe(
      RunContext run, Component component, String name, List<Pod> pods) {
    String ns = run.namespace();
    RunObjectCache cache = workloads.objects();
    HasMetadata workload =
        (component == Component.LOAD_GENERATOR ? cache.job(ns, name) : cache.deployment(ns, name))
            .map(HasMetadata.class::cast)
            // An informer a moment behind must not fail the run: ask the API server to be sure.
            .orElseGet(
                () ->
                    component == Component.LOAD_GENERATOR
                        ? client.batch().v1().jobs().inNamespace(ns).withName(name).get()
                        : client.apps().deployments().inNamespace(ns).withName(name).get());
    if (workload == null) {
      return new ComponentStatus.Failed(
          (component == Component.LOAD_GENERATOR ? "Job " : "Deployment ") + ns + "/" + name,
          "deleted during the run (a re-created one would start cold inside the windows)");
    }
    return workload instanceof Job job
        ? workloads.health().ofJob(job, pods)
        : workloads
            .health()
            .ofDeployment((Deployment) workload, AppDeployment.podsOf((Deployment) workload, pods));
  }

  @Override
  public List<ComponentInstance> instances(RunContext run, Component component) {
    return guarded(
        "the " + component.label() + "'s pods",
        () ->
            workloads.pods(run, component).stream()
                .map(
                    p ->
                        new ComponentInstance(
                            p.getMetadata().getUid(),
                            "Pod "
                                + p.getMetadata().getNamespace()
                                + "/"
                                + p.getMetadata().getName(),
                            p.getMetadata().getCreationTimestamp(),
                            p.getSpec().getNodeName()))
                .toList());
  }

  /** The run's latency consumer and Prometheus; the app read through cAdvisor first. */
  @Override
  public RunMeasurements measurements(RunContext run) {
    return HttpRunMeasurements.of(
        run,
        latencyConsumerUrl.apply(run),
        tokens.of(run),
        URI.create(run.spec().getPrometheus().getUrl()),
        List.of(
            MetricProfiles.CADVISOR, AppProfileResolver.resolve(run.spec().getApp().getMetrics())),
        clock);
  }

  @Override
  public Duration firstScrapeWait() {
    return firstScrapeWait;
  }

  /**
   * The app's pods' timestamps; a pod cache a moment behind the Deployment's ready count is asked
   * of the API server.
   */
  @Override
  public Optional<AppStartup> appStartup(RunContext run) {
    String container = Component.APP.containerName();
    String path = AppEnvironment.readinessPath(run.spec());
    return guarded(
        "the app's pods",
        () ->
            PodStartup.of(workloads.pods(run, Component.APP), container, path)
                .or(
                    () ->
                        PodStartup.of(
                            client
                                .pods()
                                .inNamespace(run.namespace())
                                .withLabels(Labels.forComponent(run.name(), Component.APP))
                                .list()
                                .getItems(),
                            container,
                            path)));
  }

  @Override
  public ObjectNode environment(RunContext run) {
    Set<String> nodes = new TreeSet<>();
    if (run.status().getNodes() != null) {
      run.status().getNodes().values().forEach(nodes::addAll);
    }
    return RunEnvironment.describe(
        client, run.spec().getApp().getImage(), workloads.pods(run, Component.APP), nodes);
  }
}
