package io.streamgauge.platform;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.FaultType;
import io.streamgauge.api.ResultRef;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Where a run executes. Every {@code ensure} method is idempotent: it creates what is missing and
 * reports the component's state, so a restarted operator picks a run up from its status. Once the
 * windows run, components are only observed ({@link #health}), never created again: a new app or
 * client would start cold inside the windows.
 */
public interface Platform {

  /**
   * Creates or checks the Kafka cluster and the run's topics.
   *
   * @return Ready with the bootstrap servers as detail, Starting, or Failed
   */
  ComponentStatus ensureKafka(RunContext run);

  /** Deploys or checks the app under test, connected to {@code bootstrapServers}. */
  ComponentStatus ensureApp(RunContext run, String bootstrapServers);

  /** Deploys or checks the latency consumer; Ready once it reads its topics. */
  ComponentStatus ensureLatencyConsumer(RunContext run, String bootstrapServers);

  /** Starts or checks the load generators; Ready while they produce. */
  ComponentStatus ensureLoad(RunContext run, String bootstrapServers);

  /**
   * The state of a component started earlier, read without creating anything: Failed when it
   * failed, restarted or is gone.
   */
  ComponentStatus health(RunContext run, Component component);

  /**
   * The component's instances now (pods, processes), to tell the ones the warmup started with from
   * replacements: a replaced app starts cold, a replaced latency consumer lost its histograms.
   */
  List<ComponentInstance> instances(RunContext run, Component component);

  /**
   * Sends the windows to the latency consumer ({@code POST /windows}).
   *
   * @return the windows it counts with: these, or the ones it accepted before (the status write of
   *     an earlier attempt was lost)
   */
  WindowTimes sendWindows(RunContext run, WindowTimes windows) throws IOException;

  /**
   * The app's input lag as the latency consumer last sampled it ({@code GET /app-lag}): records of
   * its input topics its group has not committed.
   *
   * @return empty before the group's first commit
   */
  OptionalDouble appInputLag(RunContext run) throws IOException;

  /**
   * How long after the load started the warmup may wait for Prometheus' first scrape of every
   * component ({@link #awaitingFirstScrape}); zero when the platform does not wait (its Prometheus
   * scrapes a new target at once).
   */
  default Duration firstScrapeWait() {
    return Duration.ZERO;
  }

  /**
   * The components whose targets Prometheus has not scraped yet. Where Prometheus learns of new
   * targets late (prometheus-operator's config reloader can take minutes to load a new PodMonitor),
   * a window fixed before then would be measured unscraped. Asked only while {@link
   * #firstScrapeWait} is not zero.
   *
   * @return empty when every component was scraped
   * @throws PrometheusException when Prometheus cannot be asked
   */
  default List<Component> awaitingFirstScrape(RunContext run) throws PrometheusException {
    return List.of();
  }

  /** The latency consumer's {@code /results}. */
  LatencyResults latencyResults(RunContext run) throws IOException;

  /**
   * The Prometheus figures of the run's components over {@code window} (usually a {@link
   * io.streamgauge.metrics.WindowMetricsCollector} over the platform's scrape targets).
   *
   * @throws PrometheusException when Prometheus cannot be reached
   */
  List<FigureResult> figures(RunContext run, MeasurementWindow window) throws PrometheusException;

  /**
   * The run over time, for plots, from {@code from} to the end of {@code window} (usually a {@link
   * io.streamgauge.metrics.TimeSeriesCollector} over the platform's scrape targets).
   *
   * @throws PrometheusException when Prometheus cannot be reached
   */
  List<PlotSeries> series(RunContext run, MeasurementWindow window, Instant from)
      throws PrometheusException;

  /**
   * Why this platform cannot inject faults of {@code type}, or empty when it can: checked at
   * Pending, before anything starts.
   */
  Optional<String> cannotInject(FaultType type);

  /**
   * Does {@code action} to the run's app, at once.
   *
   * @return what was done, for status.faults and the run's Events
   * @throws PlatformException when it cannot be done (permanent when the platform cannot do it at
   *     all)
   */
  String inject(RunContext run, FaultAction action);

  /**
   * When the app came up (pod created, container started, readiness first answered), or empty when
   * it cannot be told: no app, not yet ready, or its pod gone.
   */
  Optional<AppStartup> appStartup(RunContext run);

  /**
   * What the run ran on, for its result document: the nodes (capacity, allocatable CPU and memory,
   * kernel, container runtime) and the app's image as the node pulled it, or this machine; an empty
   * object when nothing can be read.
   */
  ObjectNode environment(RunContext run);

  /** Stores the full result document where it outlives the run's workloads. */
  ResultRef storeResults(RunContext run, ObjectNode document) throws IOException;

  /** Stops and removes the run's workloads (never its results). */
  void cleanup(RunContext run);
}
