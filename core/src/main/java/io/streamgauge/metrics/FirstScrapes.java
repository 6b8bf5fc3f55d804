package io.streamgauge.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of a run's components Prometheus has not scraped yet: those without an {@code up} series of
 * value 1 under their target's selector, the labels their figures are read with.
 */
public final class FirstScrapes {

  private FirstScrapes() {}

  /**
   * The components of {@code targets} (each once, in their order) that Prometheus has no successful
   * scrape of at {@code now}.
   *
   * @throws PrometheusException when Prometheus cannot be asked
   */
  public static List<Component> notYetScraped(
      PrometheusClient prometheus, List<ScrapeTarget> targets, Instant now)
      throws PrometheusException {
    Set<Component> unscraped = new LinkedHashSet<>();
    Set<Component> scraped = new LinkedHashSet<>();
    for (ScrapeTarget target : targets) {
      Component component = target.component();
      if (scraped.contains(component) || unscraped.contains(component)) {
        continue;
      }
      if (prometheus.instant("up{" + target.selector() + "} == 1", now).isEmpty()) {
        unscraped.add(component);
      } else {
        scraped.add(component);
      }
    }
    return new ArrayList<>(unscraped);
  }
}
