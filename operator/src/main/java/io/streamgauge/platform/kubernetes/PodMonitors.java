package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.streamgauge.metrics.Component;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * prometheus-operator {@code PodMonitor}s (monitoring.coreos.com/v1) for a run's components, used
 * when the cluster has the CRD; otherwise the pods' {@code prometheus.io/*} annotations apply.
 * Series get the {@code namespace} and {@code pod} labels the figures' selectors use.
 */
public final class PodMonitors {

  /** API group of the PodMonitor CRD. */
  public static final String GROUP = "monitoring.coreos.com";

  /** Where PodMonitors live. */
  public static final ResourceDefinitionContext CONTEXT =
      new ResourceDefinitionContext.Builder()
          .withGroup(GROUP)
          .withVersion("v1")
          .withKind("PodMonitor")
          .withPlural("podmonitors")
          .withNamespaced(true)
          .build();

  private PodMonitors() {}

  /**
   * A PodMonitor scraping {@code component}'s pods of the run on their port {@code portName}.
   *
   * @param interval the scrape interval, e.g. {@code 30s} (spec.prometheus.scrapeInterval)
   * @param extraLabels labels a Prometheus' {@code podMonitorSelector} may require
   */
  public static GenericKubernetesResource build(
      RunOwner owner,
      Component component,
      String portName,
      String path,
      String interval,
      Map<String, String> extraLabels) {
    Map<String, String> labels = new LinkedHashMap<>(extraLabels);
    labels.putAll(Labels.forComponent(owner.name(), component));
    return new GenericKubernetesResourceBuilder()
        .withApiVersion(GROUP + "/v1")
        .withKind("PodMonitor")
        .withMetadata(owner.metadata(owner.nameOf(component.label()), labels))
        .addToAdditionalProperties(
            "spec",
            Map.of(
                "selector",
                Map.of("matchLabels", Labels.forComponent(owner.name(), component)),
                "podMetricsEndpoints",
                List.of(Map.of("port", portName, "path", path, "interval", interval))))
        .build();
  }
}
