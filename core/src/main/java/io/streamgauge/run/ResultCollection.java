package io.streamgauge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import io.streamgauge.results.LatencyResults;
import io.streamgauge.results.ResultDocument;
import io.streamgauge.results.SummaryAssembler;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The one path from what a platform measured to a run's results, for a run that completed its
 * window (Collecting) and for one that ended early (local mode's partial results): the window the
 * figures cover, and the summary and result document made of the figures and latency results.
 *
 * @param window the measurement window, or the part of it that passed
 * @param figures the Prometheus figures over {@code window}
 * @param latency the latency consumer's results, or null when it could not be read
 * @param summary the summary of both
 */
public record ResultCollection(
    MeasurementWindow window,
    List<FigureResult> figures,
    LatencyResults latency,
    RunSummary summary) {

  /**
   * Assembles the summary of {@code figures} and {@code latency} over {@code window}.
   *
   * @param nodes the nodes each component ran on ({@code status.nodes}), or null when unknown
   */
  public static ResultCollection of(
      MeasurementWindow window,
      List<FigureResult> figures,
      LatencyResults latency,
      Map<String, List<String>> nodes) {
    return new ResultCollection(
        window, List.copyOf(figures), latency, SummaryAssembler.assemble(figures, latency, nodes));
  }

  /**
   * A state-restoration run's results: the app's figures over the restoration, no latency.
   *
   * @param prepopulated the records written into the changelogs before the app started
   */
  public static ResultCollection ofRestoration(
      MeasurementWindow window, List<FigureResult> figures, long prepopulated) {
    RunSummary summary = SummaryAssembler.assembleRestoration(figures, window);
    summary.getRestoration().setPrepopulatedRecords(prepopulated);
    return new ResultCollection(window, List.copyOf(figures), null, summary);
  }

  /**
   * The run's measurement window up to {@code upTo} (its planned end at the latest), with the
   * spec's resolution and scrape intervals.
   *
   * @throws IllegalArgumentException when that part is too short to hold two scrapes
   */
  public static MeasurementWindow window(RunContext run, Instant upTo) {
    WindowTimes windows = WindowTimes.of(run.status());
    SpecDurations times = run.durations();
    Instant end = upTo.isBefore(windows.measurementEnd()) ? upTo : windows.measurementEnd();
    return new MeasurementWindow(
        windows.measurementStart(),
        end,
        times.resolution(),
        times.scrapeInterval(),
        times.cadvisorScrapeInterval());
  }

  /**
   * The full result document: the resolved spec, window, figures with their queries, summary,
   * histograms.
   */
  public ObjectNode document(BenchmarkRunSpec spec) {
    return ResultDocument.build(spec, window, figures, summary, latency);
  }
}
