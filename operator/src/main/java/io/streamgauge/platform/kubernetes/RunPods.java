package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.streamgauge.api.spec.PodPlacement;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.RunTargets;
import java.util.List;
import java.util.Map;

/**
 * What every workload of a run shares: a pod template with its component's labels, the scrape
 * annotations of its metrics endpoint, its affinity, the spec's placement and the restricted
 * security settings ({@link PodSecurity}, no service account token) around one container; and, for
 * the long-running components, a one-replica Deployment of that template named after the component.
 */
final class RunPods {

  private RunPods() {}

  /**
   * The pod template of {@code component}.
   *
   * @param metricsPort the port Prometheus scrapes
   * @param metricsPath the path Prometheus scrapes
   * @param placement the spec's placement for this component (complete after defaulting)
   * @param restartPolicy {@code Always} for Deployments, {@code Never} for the load Job
   */
  static PodTemplateSpec template(
      RunOwner owner,
      Component component,
      int metricsPort,
      String metricsPath,
      Affinity affinity,
      PodPlacement placement,
      String restartPolicy,
      Container container) {
    boolean ownImage = component != Component.APP;
    Container secured =
        new ContainerBuilder(container)
            .withSecurityContext(PodSecurity.container(ownImage))
            .build();
    if (ownImage) {
      secured.getVolumeMounts().add(PodSecurity.tmpMount());
    }
    return new PodTemplateSpecBuilder()
        .withNewMetadata()
        .withLabels(Labels.forComponent(owner.name(), component))
        .withAnnotations(PodSettings.scrapeAnnotations(metricsPort, metricsPath))
        .endMetadata()
        .withNewSpec()
        .withRestartPolicy(restartPolicy)
        .withAutomountServiceAccountToken(false)
        .withSecurityContext(PodSecurity.pod())
        .withAffinity(affinity)
        .withNodeSelector(placement.getNodeSelector())
        .withTolerations(placement.getTolerations())
        .withContainers(secured)
        .withVolumes(ownImage ? List.of(PodSecurity.tmpVolume()) : List.of())
        .endSpec()
        .build();
  }

  /** One replica of {@code template}, named {@code <run>-<component>}. */
  static Deployment deployment(RunOwner owner, Component component, PodTemplateSpec template) {
    return deployment(
        owner,
        RunTargets.name(owner.name(), component),
        Labels.forComponent(owner.name(), component),
        template);
  }

  /**
   * One replica of {@code template}, named {@code name}, selecting the pods labelled {@code labels}
   * (which the template's must hold).
   */
  static Deployment deployment(
      RunOwner owner, String name, Map<String, String> labels, PodTemplateSpec template) {
    return new DeploymentBuilder()
        .withMetadata(owner.metadata(name, labels))
        .withNewSpec()
        .withReplicas(1)
        .withNewSelector()
        .withMatchLabels(labels)
        .endSelector()
        .withTemplate(template)
        .endSpec()
        .build();
  }
}
