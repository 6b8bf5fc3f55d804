package io.streamgauge.run;

import io.streamgauge.api.summary.FaultSummary;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.RangeSeries;
import io.streamgauge.metrics.TimeSeriesCollector;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.RunContext;
import io.streamgauge.results.FaultResults;
import io.streamgauge.results.GroupHistory;
import java.util.List;
import java.util.TreeMap;

/** {@code summary.faults} of a run with faults, from its results and the run over time. */
final class FaultSummaries {

  private FaultSummaries() {}

  /**
   * @param series the run over time, or null when Prometheus could not answer (then no fault is
   *     judged recovered)
   */
  static List<FaultSummary> of(RunContext run, ResultCollection results, List<PlotSeries> series) {
    return FaultResults.summarize(
        run.status().getFaults(),
        results.window().start(),
        results.window().end(),
        points(series, TimeSeriesCollector.CONSUMED_PER_SEC),
        points(series, TimeSeriesCollector.INPUT_LAG),
        CatchUp.allowedLag(run.spec()),
        results.latency() == null ? new TreeMap<>() : results.latency().secondHistograms(),
        results.summary().getIntegrity(),
        GroupHistory.of(
            results.latency() == null ? null : results.latency().document(),
            AppEnvironment.replicas(run.spec()),
            run.spec().getLoad().getTopics().stream()
                .mapToInt(t -> t.getPartitions() == null ? 0 : t.getPartitions())
                .sum()));
  }

  /** The points of the series {@code name}; empty when Prometheus did not answer or has none. */
  static List<RangeSeries.Point> points(List<PlotSeries> series, String name) {
    return series == null
        ? List.of()
        : series.stream()
            .filter(s -> s.name().equals(name))
            .findFirst()
            .map(PlotSeries::points)
            .orElse(List.of());
  }
}
