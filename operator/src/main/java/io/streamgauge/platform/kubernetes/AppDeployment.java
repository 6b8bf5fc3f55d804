package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.KafkaSecurity;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTargets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The app under test: a one-replica Deployment per instance with requests = limits (Guaranteed
 * QoS), its settings as environment (its instance's index among them, which the Deployment's
 * replacement pod keeps: a killed instance comes back as itself), its metrics port scraped and used
 * for readiness, kept away from the clients and its instances spread as {@code
 * spec.placement.appSpread} says. An app of one instance is {@code <run>-app}; of several, {@code
 * <run>-app-0} … {@code <run>-app-<n-1>}, each selecting its own pods by {@link Labels#INSTANCE}.
 */
public final class AppDeployment {

  private AppDeployment() {}

  /**
   * How long the app's pods have to stop before the kubelet kills them: past the reference apps'
   * default close timeout (30 s, {@code shutdown.timeout.ms}) with room to exit, so an app that
   * closes slowly at cleanup still ends by itself and says how (its exit code, the AppStopped
   * condition). Kubernetes' default, 30 s, killed the Kafka Streams app as its close timed out.
   */
  static final long STOP_GRACE_SECONDS = 60;

  /** The Deployment of an app of one instance, {@code <run>-app}. */
  public static String name(RunOwner owner) {
    return RunTargets.name(owner.name(), Component.APP);
  }

  /** The Deployment of instance {@code instance} of an app of {@code replicas}. */
  public static String name(RunOwner owner, int instance, int replicas) {
    return replicas == 1 ? name(owner) : name(owner) + "-" + instance;
  }

  /** Every instance's Deployment name, in index order. */
  public static List<String> names(RunOwner owner, int replicas) {
    return IntStream.range(0, replicas).mapToObj(i -> name(owner, i, replicas)).toList();
  }

  /** The Deployments of {@code run}'s app, one per instance, connected to {@code bootstrap}. */
  public static List<Deployment> build(RunContext run, String bootstrap) {
    int replicas = AppEnvironment.replicas(run.spec());
    return IntStream.range(0, replicas).mapToObj(i -> build(run, bootstrap, i, replicas)).toList();
  }

  private static Deployment build(RunContext run, String bootstrap, int instance, int replicas) {
    RunOwner owner = RunOwner.of(run);
    BenchmarkRunSpec spec = run.spec();
    AppMetricsSpec metrics = spec.getApp().getMetrics();
    List<EnvVar> env = new ArrayList<>();
    AppEnvironment.of(run, bootstrap, instance).forEach((k, v) -> env.add(new EnvVar(k, v, null)));
    env.addAll(SecretEnvironment.of(KafkaSecurity.of(spec), AppEnvironment::variable));
    Container app =
        new ContainerBuilder()
            .withName(Component.APP.containerName())
            .withImage(spec.getApp().getImage())
            .withResources(spec.getApp().getResources())
            .withEnv(env)
            .addNewPort()
            .withName("metrics")
            .withContainerPort(metrics.getPort())
            .endPort()
            .withNewReadinessProbe()
            .withNewHttpGet()
            .withPath(AppEnvironment.readinessPath(spec))
            .withNewPort("metrics")
            .endHttpGet()
            // Time to ready (and a restoration, which ends when the app turns ready) is seen within
            // a second.
            .withPeriodSeconds(1)
            .endReadinessProbe()
            .build();
    PodTemplateSpec template =
        RunPods.template(
            owner,
            Component.APP,
            metrics.getPort(),
            metrics.getPath(),
            PodSettings.app(owner.name(), replicas, spec.getPlacement().getAppSpread()),
            spec.getPlacement().getApp(),
            "Always",
            app);
    template.getSpec().setTerminationGracePeriodSeconds(STOP_GRACE_SECONDS);
    if (replicas == 1) {
      return RunPods.deployment(owner, Component.APP, template);
    }
    Map<String, String> labels = Labels.forAppInstance(owner.name(), instance);
    template.getMetadata().setLabels(labels);
    return RunPods.deployment(owner, name(owner, instance, replicas), labels, template);
  }

  /**
   * The pods {@code deployment} selects among {@code pods}: an instance's, of an app of several.
   */
  static List<Pod> podsOf(Deployment deployment, List<Pod> pods) {
    Map<String, String> selector = deployment.getSpec().getSelector().getMatchLabels();
    return pods.stream()
        .filter(p -> p.getMetadata().getLabels() != null)
        .filter(p -> p.getMetadata().getLabels().entrySet().containsAll(selector.entrySet()))
        .toList();
  }
}
