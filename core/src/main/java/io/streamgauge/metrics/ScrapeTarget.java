package io.streamgauge.metrics;

import java.util.List;
import java.util.Set;

/**
 * A component whose figures are wanted: the label matchers that select its series and the profiles
 * that name its metrics, tried in order (e.g. {@code cadvisor} for CPU and memory first, then the
 * app's JVM profile for the rest).
 *
 * @param component the name used in results, e.g. {@code app}
 * @param selector label matchers without braces, e.g. {@code namespace="bench",pod=~"run-app-.*"}
 * @param profiles the profiles, tried in order until one yields a value
 * @param figures the figures wanted from this component
 */
public record ScrapeTarget(
    Component component, String selector, List<MetricProfile> profiles, Set<Figure> figures) {

  public ScrapeTarget {
    if (selector == null || selector.isBlank()) {
      throw new IllegalArgumentException(
          component + ": a selector is required, or the query would cover every series");
    }
    profiles = List.copyOf(profiles);
    figures = Set.copyOf(figures);
  }

  /** The name of the component's container, for cAdvisor's per-container series. */
  String container() {
    return component.containerName();
  }

  /** The profiles with a query for {@code figure}, in order. */
  List<MetricProfile> profilesFor(Figure figure) {
    return profiles.stream().filter(p -> p.queries().containsKey(figure)).toList();
  }

  /** The profile names, for messages. */
  String profileNames() {
    return String.join(", ", profiles.stream().map(MetricProfile::name).toList());
  }
}
