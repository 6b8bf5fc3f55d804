package io.streamgauge.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of a run's components Prometheus has not scraped yet: those without an {@code up} series
 * under their target's selector, the labels their figures are read with. For the app any {@code up}
 * counts, 0 too: it shows that Prometheus has loaded the scrape configuration and found the target,
 * which is what can take minutes, and an app that serves no metrics of its own (its CPU and memory
 * come from cAdvisor) is scraped unsuccessfully and must not hold the run back. The run's own
 * components always serve metrics: for them only a successful scrape ({@code up == 1}) counts, so
 * one Prometheus finds but cannot reach (a NetworkPolicy, a wrong port) is named, not measured
 * without its figures.
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
      String up = "up{" + target.selector() + "}";
      String query = component == Component.APP ? up : up + " == 1";
      if (prometheus.instant(query, now).isEmpty()) {
        unscraped.add(component);
      } else {
        scraped.add(component);
      }
    }
    return new ArrayList<>(unscraped);
  }
}
