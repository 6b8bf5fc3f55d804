package io.streamgauge.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of a run's components Prometheus has not scraped yet: those without an {@code up} series
 * under their target's selector, the labels their figures are read with. Any {@code up} counts, 0
 * too: it shows that Prometheus has loaded the scrape configuration and found the target, which is
 * what can take minutes; an app that serves no metrics of its own (its CPU and memory come from
 * cAdvisor) is scraped unsuccessfully and must not hold the run back.
 */
public final class FirstScrapes {

  private FirstScrapes() {}

  /**
   * The components of {@code targets} (each once, in their order) that Prometheus has no scrape of
   * at {@code now}.
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
      if (prometheus.instant("up{" + target.selector() + "}", now).isEmpty()) {
        unscraped.add(component);
      } else {
        scraped.add(component);
      }
    }
    return new ArrayList<>(unscraped);
  }
}
