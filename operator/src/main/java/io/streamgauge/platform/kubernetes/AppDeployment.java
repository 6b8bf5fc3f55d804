package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
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

/**
 * The app under test: one replica with requests = limits (Guaranteed QoS), its settings as
 * environment, its metrics port scraped and used for readiness, kept away from the clients.
 */
public final class AppDeployment {

  private AppDeployment() {}

  /** The Deployment's name, {@code <run>-app}. */
  public static String name(RunOwner owner) {
    return RunTargets.name(owner.name(), Component.APP);
  }

  /** The Deployment of {@code run}'s app, connected to {@code bootstrap}. */
  public static Deployment build(RunContext run, String bootstrap) {
    RunOwner owner = RunOwner.of(run);
    BenchmarkRunSpec spec = run.spec();
    AppMetricsSpec metrics = spec.getApp().getMetrics();
    List<EnvVar> env = new ArrayList<>();
    AppEnvironment.of(run, bootstrap).forEach((k, v) -> env.add(new EnvVar(k, v, null)));
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
            // a
            // second.
            .withPeriodSeconds(1)
            .endReadinessProbe()
            .build();
    return RunPods.deployment(
        owner,
        Component.APP,
        RunPods.template(
            owner,
            Component.APP,
            metrics.getPort(),
            metrics.getPath(),
            PodSettings.awayFromClients(owner.name()),
            spec.getPlacement().getApp(),
            "Always",
            app));
  }
}
