package io.streamgauge.run;

import io.streamgauge.common.SpecDuration;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Holds the windows back, with the load running, until Prometheus has scraped every component: a
 * window fixed before a component's first scrape would be measured without its figures (with
 * prometheus-operator a new PodMonitor can take minutes to be loaded). Fails the run when the
 * platform's {@link Platform#firstScrapeWait} passes first, naming the components and what to
 * check, instead of measuring a window whose figures would be missing.
 */
final class FirstScrape {

  private FirstScrape() {}

  /** Empty when the windows may be fixed now; else the Wait or the Fail. */
  static Optional<StepOutcome> await(Platform platform, RunContext run, Instant now) {
    Duration limit = platform.observer().firstScrapeWait();
    if (limit.isZero()) {
      return Optional.empty();
    }
    String awaited;
    try {
      List<Component> unscraped = platform.observer().measurements(run).awaitingFirstScrape();
      if (unscraped.isEmpty()) {
        return Optional.empty();
      }
      awaited =
          "Prometheus has not scraped the "
              + unscraped.stream().map(Component::toString).collect(Collectors.joining(", "))
              + " yet";
    } catch (PrometheusException e) {
      awaited = "Prometheus cannot be asked: " + e.getMessage();
    }
    Duration waited = Duration.between(Instant.parse(run.status().getLoadStartedAt()), now);
    if (waited.compareTo(limit) < 0) {
      return Optional.of(
          new StepOutcome.Wait(
              Recheck.STARTING,
              "Waiting for the first scrape "
                  + SpecDuration.format(waited)
                  + "/"
                  + SpecDuration.format(limit)
                  + ": "
                  + awaited));
    }
    return Optional.of(
        new StepOutcome.Fail(
            FailureReason.NotScraped,
            awaited
                + ", "
                + SpecDuration.format(limit)
                + " after the load started (spec.prometheus.url "
                + run.spec().getPrometheus().getUrl()
                + "): does it select the run's PodMonitors (the chart's runs.podMonitorLabels for"
                + " its podMonitorSelector), and may it reach the run's pods (the run's"
                + " NetworkPolicy admits runs.networkPolicy.prometheusNamespaces)? A new PodMonitor can take minutes with"
                + " prometheus-operator (docs/getting-started/cluster.md); the chart's runs.firstScrapeWait sets"
                + " this limit"));
  }
}
