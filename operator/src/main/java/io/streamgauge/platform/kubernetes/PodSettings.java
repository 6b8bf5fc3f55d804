package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTermBuilder;
import io.streamgauge.metrics.Component;
import java.util.Map;

/**
 * Placement shared by the run's pods: the load generators next to the latency consumer (one clock
 * for send and receive timestamps) and both away from the app, each preferred rather than required
 * so small clusters still run.
 */
final class PodSettings {

  private static final String HOSTNAME = "kubernetes.io/hostname";

  private PodSettings() {}

  /** Prometheus scrape annotations, for clusters without the PodMonitor CRD. */
  static Map<String, String> scrapeAnnotations(int port, String path) {
    return Map.of(
        "prometheus.io/scrape",
        "true",
        "prometheus.io/port",
        String.valueOf(port),
        "prometheus.io/path",
        path);
  }

  /** The app: away from the load generators and the latency consumer. */
  static Affinity awayFromClients(String run) {
    return new AffinityBuilder()
        .withNewPodAntiAffinity()
        .withPreferredDuringSchedulingIgnoredDuringExecution(
            term(run, Component.LOAD_GENERATOR, 100), term(run, Component.LATENCY_CONSUMER, 100))
        .endPodAntiAffinity()
        .build();
  }

  /** A client: next to the latency consumer, away from the app. */
  static Affinity nextToLatencyConsumer(String run) {
    return new AffinityBuilder()
        .withNewPodAffinity()
        .withPreferredDuringSchedulingIgnoredDuringExecution(
            term(run, Component.LATENCY_CONSUMER, 100))
        .endPodAffinity()
        .withNewPodAntiAffinity()
        .withPreferredDuringSchedulingIgnoredDuringExecution(term(run, Component.APP, 100))
        .endPodAntiAffinity()
        .build();
  }

  private static WeightedPodAffinityTerm term(String run, Component component, int weight) {
    return new WeightedPodAffinityTermBuilder()
        .withWeight(weight)
        .withNewPodAffinityTerm()
        .withLabelSelector(
            new LabelSelectorBuilder()
                .withMatchLabels(Map.of(Labels.RUN, run, Labels.COMPONENT, component.label()))
                .build())
        .withTopologyKey(HOSTNAME)
        .endPodAffinityTerm()
        .build();
  }
}
