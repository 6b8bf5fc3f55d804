package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.streamgauge.api.AppMetricsSpec;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.PodPlacement;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.RunTargets;
import java.util.List;
import java.util.Map;

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

  /** The Deployment of {@code owner}'s app, connected to {@code bootstrap}. */
  public static Deployment build(RunOwner owner, BenchmarkRunSpec spec, String bootstrap) {
    Map<String, String> labels = Labels.forComponent(owner.name(), Component.APP);
    AppMetricsSpec metrics = spec.getApp().getMetrics();
    PodPlacement placement = spec.getPlacement() == null ? null : spec.getPlacement().getApp();
    List<EnvVar> env =
        AppEnvironment.of(spec, owner.name(), bootstrap).entrySet().stream()
            .map(e -> new EnvVar(e.getKey(), e.getValue(), null))
            .toList();
    return new DeploymentBuilder()
        .withMetadata(owner.metadata(name(owner), labels))
        .withNewSpec()
        .withReplicas(1)
        .withNewSelector()
        .withMatchLabels(labels)
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(labels)
        .withAnnotations(PodSettings.scrapeAnnotations(metrics.getPort(), metrics.getPath()))
        .endMetadata()
        .withNewSpec()
        .withAffinity(PodSettings.awayFromClients(owner.name()))
        .withNodeSelector(placement == null ? null : placement.getNodeSelector())
        .withTolerations(placement == null ? null : placement.getTolerations())
        .addNewContainer()
        .withName("app")
        .withImage(spec.getApp().getImage())
        .withResources(spec.getApp().getResources())
        .withEnv(env)
        .addNewPort()
        .withName("metrics")
        .withContainerPort(metrics.getPort())
        .endPort()
        .withNewReadinessProbe()
        .withNewHttpGet()
        .withPath(metrics.getPath())
        .withNewPort("metrics")
        .endHttpGet()
        .withPeriodSeconds(5)
        .endReadinessProbe()
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
