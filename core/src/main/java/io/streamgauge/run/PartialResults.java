package io.streamgauge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.results.LatencyResults;
import io.streamgauge.results.ResultDocument;
import io.streamgauge.results.SummaryAssembler;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a run that ended early still measured: the latency consumer's results so far and the
 * Prometheus figures over the part of the measurement window that passed (when it spans two scrape
 * intervals). Written into the status's summary and stored like a full run's results, marked {@code
 * "partial": true} with the reason, never passed off as a full run.
 */
final class PartialResults {

  private PartialResults() {}

  /**
   * Collects what can be read now, while the processes still run.
   *
   * @return the result document over the measured part, or empty when measurement never began
   */
  static Optional<ObjectNode> collect(RunContext run, Platform platform, Instant now) {
    BenchmarkRunStatus status = run.status();
    if (status.getMeasurementStartedAt() == null
        || (Restoration.is(run) && status.getMeasurementEndedAt() == null)) {
      // A restoration that never ended has no window to measure over.
      return Optional.empty();
    }
    LatencyResults latency;
    try {
      latency = platform.observer().measurements(run).latencyResults();
    } catch (IOException e) {
      latency = null;
    }
    List<FigureResult> figures = new ArrayList<>();
    MeasurementWindow window = null;
    try {
      window = ResultCollection.window(run, now);
      figures.addAll(platform.observer().measurements(run).figures(window));
    } catch (IllegalArgumentException | PrometheusException e) {
      // Too short a window, or Prometheus gone: latency alone is still worth keeping.
    }
    if (window == null) {
      if (status.getSummary() == null) {
        status.setSummary(SummaryAssembler.assemble(figures, latency, status.getNodes()));
      }
      return Optional.empty();
    }
    ResultCollection results = ResultCollection.of(window, figures, latency, status.getNodes());
    if (status.getSummary() == null) {
      status.setSummary(results.summary());
    }
    ObjectNode document = results.document(run.spec());
    ResultDocument.addEnvironment(document, platform.observer().environment(run));
    return Optional.of(document);
  }
}
