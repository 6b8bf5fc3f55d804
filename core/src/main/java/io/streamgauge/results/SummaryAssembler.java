package io.streamgauge.results;

import io.streamgauge.api.RunSummary;
import io.streamgauge.api.ThroughputSummary;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Builds {@code status.summary} from the Prometheus figures and the latency consumer's results:
 * bytes become MiB, seconds become ms, values are rounded to three decimals, and every figure that
 * is missing is absent with its reason listed in {@code missing} — never 0.
 */
public final class SummaryAssembler {

  private static final double MIB = 1024.0 * 1024.0;

  private SummaryAssembler() {}

  /**
   * @param figures the collected figures (one per {@link io.streamgauge.metrics.Component} and
   *     figure)
   * @param latency the latency consumer's results, or null when they could not be read
   */
  public static RunSummary assemble(List<FigureResult> figures, LatencyResults latency) {
    RunSummary summary = new RunSummary();
    List<String> missing = new ArrayList<>();
    ThroughputSummary throughput = new ThroughputSummary();
    for (FigureResult f : figures) {
      Consumer<Double> setter = setter(summary, throughput, f);
      if (setter == null) {
        continue;
      }
      if (f.isMeasured()) {
        setter.accept(round(scale(f.figure()) * f.value()));
      } else {
        missing.add(f.component() + "." + f.figure().key() + ": " + f.missingReason());
      }
    }
    if (throughput.getProducedPerSec() != null || throughput.getConsumedPerSec() != null) {
      summary.setThroughput(throughput);
    }
    if (latency == null) {
      missing.add("latency: the latency consumer's results could not be read");
    } else {
      summary.setLatency(latency.latency());
      if (summary.getLatency() == null) {
        missing.add("latency: no record was timed in the measurement window");
      }
      summary.setIntegrity(latency.integrity());
    }
    summary.setMissing(missing.isEmpty() ? null : missing);
    return summary;
  }

  /** Where a figure goes in the summary, or null when the summary has no place for it. */
  private static Consumer<Double> setter(
      RunSummary summary, ThroughputSummary throughput, FigureResult f) {
    return switch (f.component()) {
      case APP ->
          switch (f.figure()) {
            case CPU_CORES -> summary::setCpuCores;
            case MEMORY_BYTES -> summary::setContainerMemoryMB;
            case HEAP_BYTES -> summary::setHeapMB;
            case GC_PAUSE_SECONDS -> summary::setGcPauseMs;
            case GC_PAUSE_MAX_SECONDS -> summary::setGcPauseMaxMs;
            case THREADS -> summary::setThreads;
            default -> null;
          };
      case LOAD_GENERATOR ->
          f.figure() == Figure.PRODUCED_PER_SEC ? throughput::setProducedPerSec : null;
      case LATENCY_CONSUMER ->
          f.figure() == Figure.CONSUMED_PER_SEC ? throughput::setConsumedPerSec : null;
    };
  }

  private static double scale(Figure figure) {
    return switch (figure) {
      case MEMORY_BYTES, HEAP_BYTES -> 1 / MIB;
      case GC_PAUSE_SECONDS, GC_PAUSE_MAX_SECONDS -> 1000;
      default -> 1;
    };
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
