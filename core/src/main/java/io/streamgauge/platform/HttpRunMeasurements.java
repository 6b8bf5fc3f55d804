package io.streamgauge.platform;

import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.FirstScrapes;
import io.streamgauge.metrics.InstanceFigures;
import io.streamgauge.metrics.InstanceFiguresCollector;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.MetricProfile;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.PrometheusClient;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.metrics.Retry;
import io.streamgauge.metrics.ScrapeTarget;
import io.streamgauge.metrics.TimeSeriesCollector;
import io.streamgauge.metrics.WindowMetricsCollector;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * A run measured over HTTP: its latency consumer's API at one URL and Prometheus at another, every
 * call bounded by {@link #TIMEOUT}. The platforms differ only in those URLs and in the metric
 * profile that reads the app's container or process next to the app's own profile.
 */
public final class HttpRunMeasurements implements RunMeasurements {

  /** How long one call to the latency consumer or Prometheus may take. */
  public static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final LatencyConsumerApi latencyConsumer;
  private final PrometheusClient prometheus;
  private final List<ScrapeTarget> targets;
  private final Function<String, String> podSelector;
  private final Clock clock;

  private HttpRunMeasurements(
      LatencyConsumerApi latencyConsumer,
      PrometheusClient prometheus,
      List<ScrapeTarget> targets,
      Function<String, String> podSelector,
      Clock clock) {
    this.latencyConsumer = latencyConsumer;
    this.prometheus = prometheus;
    this.targets = targets;
    this.podSelector = podSelector;
    this.clock = clock;
  }

  /**
   * @param latencyConsumer the base URL of the run's latency consumer
   * @param token the run's latency API token; empty when its latency consumer needs none
   * @param prometheus the base URL of the Prometheus that scrapes the run
   * @param appProfiles what the app's figures are read with, in the order they are tried
   * @param clock what "now" is when asking for first scrapes
   */
  public static HttpRunMeasurements of(
      RunContext run,
      URI latencyConsumer,
      Optional<String> token,
      URI prometheus,
      List<MetricProfile> appProfiles,
      Clock clock) {
    return new HttpRunMeasurements(
        new LatencyConsumerApi(latencyConsumer, TIMEOUT, token),
        new PrometheusClient(prometheus, TIMEOUT, Retry.ONCE),
        RunTargets.of(run, appProfiles),
        pod -> RunTargets.podSelector(run, pod),
        clock);
  }

  @Override
  public WindowTimes sendWindows(WindowTimes windows) throws IOException {
    return latencyConsumer.sendWindows(windows);
  }

  @Override
  public OptionalDouble appInputLag() throws IOException {
    return latencyConsumer.appInputLag();
  }

  @Override
  public LatencyResults latencyResults() throws IOException {
    return latencyConsumer.results();
  }

  @Override
  public List<FigureResult> figures(MeasurementWindow window) throws PrometheusException {
    return new WindowMetricsCollector(prometheus).collect(window, targets);
  }

  @Override
  public List<InstanceFigures> appInstances(MeasurementWindow window) throws PrometheusException {
    ScrapeTarget app =
        targets.stream().filter(t -> t.component() == Component.APP).findFirst().orElseThrow();
    return new InstanceFiguresCollector(prometheus).collect(window, app, podSelector);
  }

  @Override
  public List<PlotSeries> series(MeasurementWindow window, Instant from)
      throws PrometheusException {
    return new TimeSeriesCollector(prometheus).collect(window, from, targets);
  }

  @Override
  public List<Component> awaitingFirstScrape() throws PrometheusException {
    return FirstScrapes.notYetScraped(prometheus, targets, clock.instant());
  }
}
