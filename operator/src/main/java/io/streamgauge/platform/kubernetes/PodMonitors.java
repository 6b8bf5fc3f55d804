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
   * Where a component's pods serve their metrics.
   *
   * @param port the container port's name
   * @param path the HTTP path
   */
  public record Endpoint(Component component, String port, String path) {}

  /**
   * The endpoints of every component a run scrapes: the app's {@code metrics} port on {@code
   * appPath} (spec.app.metrics.path), the latency consumer's {@code api} port and the load
   * generators' {@code metrics} port on {@code /metrics}.
   */
  public static List<Endpoint> endpoints(String appPath) {
    return List.of(
        new Endpoint(Component.APP, "metrics", appPath),
        new Endpoint(Component.LATENCY_CONSUMER, "api", "/metrics"),
        new Endpoint(Component.LOAD_GENERATOR, "metrics", "/metrics"));
  }

  /**
   * A PodMonitor scraping the run's pods of {@code endpoint}'s component.
   *
   * @param interval the scrape interval, e.g. {@code 30s} (spec.prometheus.scrapeInterval)
   * @param extraLabels labels a Prometheus' {@code podMonitorSelector} may require
   */
  public static GenericKubernetesResource build(
      RunOwner owner, Endpoint endpoint, String interval, Map<String, String> extraLabels) {
    Component component = endpoint.component();
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
                List.of(
                    Map.of(
                        "port", endpoint.port(), "path", endpoint.path(), "interval", interval))))
        .build();
  }
}
