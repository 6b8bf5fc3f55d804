package io.streamgauge.results;

import io.streamgauge.api.summary.RestorationSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import java.util.List;
import java.util.Optional;

/** Builds a state-restoration run's {@link RestorationSummary}. */
final class RestorationResults {

  private RestorationResults() {}

  /**
   * The restoration's summary: its seconds are the window's length (app asked for → seen restored);
   * its resources the app's figures over that window, already in {@code summary}.
   */
  static RestorationSummary summarize(
      RunSummary summary, List<FigureResult> figures, MeasurementWindow window) {
    RestorationSummary restoration = new RestorationSummary();
    double seconds = window.length().toMillis() / 1000.0;
    restoration.setSeconds(seconds);
    restoration.setCpuCores(summary.getCpuCores());
    restoration.setMemoryMiB(summary.getMemoryMiB());
    measured(figures, Figure.CPU_CORES_PEAK)
        .ifPresent(peak -> restoration.setPeakCpuCores(atLeast(peak, summary.getCpuCores())));
    measured(figures, Figure.MEMORY_PEAK_BYTES).ifPresent(restoration::setPeakMemoryMiB);
    measured(figures, Figure.STATE_BYTES).ifPresent(v -> restoration.setStateBytes(Math.round(v)));
    measured(figures, Figure.RESTORED_RECORDS)
        .ifPresent(
            records -> {
              restoration.setRestoredRecords(Math.round(records));
              restoration.setRecordsPerSec(SummaryAssembler.round(records / seconds));
            });
    return restoration;
  }

  /**
   * A peak never below the window's average. cAdvisor refreshes a container's CPU counter every
   * 10-15 s at housekeeping, so short rates inside a short restoration can miss its busiest
   * stretch: on the real node one read 0.924 against an average of 0.939 over the same 20 s. The
   * average is a lower bound of the peak, and a peak below it would contradict the row beside it.
   */
  static double atLeast(double peak, Double average) {
    return average == null ? peak : Math.max(peak, average);
  }

  /** The figure's value in the summary's unit (MiB for memory), if it was measured. */
  private static Optional<Double> measured(List<FigureResult> figures, Figure figure) {
    return figures.stream()
        .filter(f -> f.figure() == figure && f.isMeasured())
        .findFirst()
        .map(f -> SummaryAssembler.round(SummaryAssembler.scale(figure) * f.value()));
  }
}
