package io.streamgauge.platform;

import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.InstanceFigures;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What measures one run: its latency consumer (windows, the app's input lag, latencies) and
 * Prometheus (figures, series, first scrapes). Every platform measures the same way ({@link
 * HttpRunMeasurements}); only where these answer differs.
 */
public interface RunMeasurements {

  /**
   * Sends the windows to the latency consumer ({@code POST /windows}).
   *
   * @return the windows it counts with: these, or the ones it accepted before (the status write of
   *     an earlier attempt was lost)
   */
  WindowTimes sendWindows(WindowTimes windows) throws IOException;

  /**
   * The app's input lag as the latency consumer last sampled it ({@code GET /app-lag}): records of
   * its input topics its group has not committed.
   *
   * @return empty before the group's first commit
   */
  OptionalDouble appInputLag() throws IOException;

  /** The latency consumer's {@code /results}. */
  LatencyResults latencyResults() throws IOException;

  /**
   * The Prometheus figures of the run's components over {@code window}.
   *
   * @throws PrometheusException when Prometheus cannot be reached
   */
  List<FigureResult> figures(MeasurementWindow window) throws PrometheusException;

  /**
   * The app's figures per instance over {@code window} (CPU, memory, heap, GC pause), one entry per
   * pod or process scraped in it.
   *
   * @throws PrometheusException when Prometheus cannot be reached
   */
  List<InstanceFigures> appInstances(MeasurementWindow window) throws PrometheusException;

  /**
   * The run over time, for plots, from {@code from} to the end of {@code window}.
   *
   * @throws PrometheusException when Prometheus cannot be reached
   */
  List<PlotSeries> series(MeasurementWindow window, Instant from) throws PrometheusException;

  /**
   * The components whose targets Prometheus has not scraped yet. Where Prometheus learns of new
   * targets late (prometheus-operator's config reloader can take minutes to load a new PodMonitor),
   * a window fixed before then would be measured unscraped. Asked only while {@link
   * Platform#firstScrapeWait} is not zero.
   *
   * @return empty when every component was scraped
   * @throws PrometheusException when Prometheus cannot be asked
   */
  List<Component> awaitingFirstScrape() throws PrometheusException;
}
