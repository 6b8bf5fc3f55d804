package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTerm;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTermBuilder;
import io.streamgauge.api.spec.AppSpread;
import io.streamgauge.api.spec.ClientCoLocation;
import io.streamgauge.metrics.Component;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Placement shared by the run's pods: the load generators on the latency consumer's node (one clock
 * for send and receive timestamps; required unless the spec says preferred), and both away from the
 * app (preferred, so small clusters still run); an app's instances away from each other as {@code
 * spec.placement.appSpread} says. A state-restoration run's prepopulating generator has no latency
 * consumer and is only kept away from the app.
 */
final class PodSettings {

  private static final String HOSTNAME = "kubernetes.io/hostname";

  private PodSettings() {}

  private static final String SCRAPE_ANNOTATION_PREFIX = "prometheus.io/";

  /** Prometheus scrape annotations, for clusters without the PodMonitor CRD. */
  static Map<String, String> scrapeAnnotations(int port, String path) {
    return Map.of(
        SCRAPE_ANNOTATION_PREFIX + "scrape",
        "true",
        SCRAPE_ANNOTATION_PREFIX + "port",
        String.valueOf(port),
        SCRAPE_ANNOTATION_PREFIX + "path",
        path);
  }

  /** Removes the scrape annotations from {@code template}, when a PodMonitor scrapes its pods. */
  static void removeScrapeAnnotations(PodTemplateSpec template) {
    Map<String, String> kept = new LinkedHashMap<>(template.getMetadata().getAnnotations());
    kept.keySet().removeIf(k -> k.startsWith(SCRAPE_ANNOTATION_PREFIX));
    template.getMetadata().setAnnotations(kept);
  }

  /**
   * An app of {@code instances}: away from the load generators and the latency consumer, and its
   * instances away from each other as {@code spread} asks (an app of one has nothing to spread).
   */
  static Affinity app(String run, int instances, AppSpread spread) {
    List<WeightedPodAffinityTerm> preferred = new ArrayList<>();
    preferred.add(term(run, Component.LOAD_GENERATOR, 100));
    preferred.add(term(run, Component.LATENCY_CONSUMER, 100));
    List<PodAffinityTerm> required = new ArrayList<>();
    if (instances > 1 && spread == AppSpread.Preferred) {
      preferred.add(term(run, Component.APP, 100));
    } else if (instances > 1 && spread == AppSpread.Required) {
      required.add(term(run, Component.APP, 100).getPodAffinityTerm());
    }
    return new AffinityBuilder()
        .withNewPodAntiAffinity()
        .withPreferredDuringSchedulingIgnoredDuringExecution(preferred)
        .withRequiredDuringSchedulingIgnoredDuringExecution(required)
        .endPodAntiAffinity()
        .build();
  }

  /** The latency consumer: away from the app. */
  static Affinity latencyConsumer(String run) {
    return new AffinityBuilder()
        .withNewPodAntiAffinity()
        .withPreferredDuringSchedulingIgnoredDuringExecution(term(run, Component.APP, 100))
        .endPodAntiAffinity()
        .build();
  }

  /** A load generator: on the latency consumer's node ({@code coLocation}), away from the app. */
  static Affinity loadGenerator(String run, ClientCoLocation coLocation) {
    WeightedPodAffinityTerm nextToConsumer = term(run, Component.LATENCY_CONSUMER, 100);
    AffinityBuilder affinity = new AffinityBuilder();
    if (coLocation == ClientCoLocation.Preferred) {
      affinity
          .withNewPodAffinity()
          .withPreferredDuringSchedulingIgnoredDuringExecution(nextToConsumer)
          .endPodAffinity();
    } else {
      affinity
          .withNewPodAffinity()
          .withRequiredDuringSchedulingIgnoredDuringExecution(nextToConsumer.getPodAffinityTerm())
          .endPodAffinity();
    }
    return affinity
        .withNewPodAntiAffinity()
        .withPreferredDuringSchedulingIgnoredDuringExecution(term(run, Component.APP, 100))
        .endPodAntiAffinity()
        .build();
  }

  /**
   * A state-restoration run's prepopulating generator: away from the app only, as no latency
   * consumer runs to share a clock with.
   */
  static Affinity prepopulator(String run) {
    return new AffinityBuilder()
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
