package io.streamgauge.results;

import io.streamgauge.api.summary.OutputTopicSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.ThroughputSummary;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Builds {@code status.summary} from the Prometheus figures and the latency consumer's results:
 * bytes become MiB, seconds become ms, values are rounded to three decimals, each of the app's
 * figures names its source (the profile that answered) in {@code sources}, and every figure that is
 * missing is absent with its reason listed in {@code missing} — never 0.
 */
public final class SummaryAssembler {

  private static final double MIB = 1024.0 * 1024.0;

  private SummaryAssembler() {}

  /**
   * @param figures the collected figures (one per {@link io.streamgauge.metrics.Component} and
   *     figure)
   * @param latency the latency consumer's results, or null when they could not be read
   * @param nodes the nodes each component ran on, by component label, or null when unknown
   */
  public static RunSummary assemble(
      List<FigureResult> figures, LatencyResults latency, Map<String, List<String>> nodes) {
    RunSummary summary = new RunSummary();
    List<String> missing = new ArrayList<>();
    ThroughputSummary throughput = new ThroughputSummary();
    putFigures(summary, throughput, figures, missing);
    if (throughput.getProducedPerSec() != null || throughput.getConsumedPerSec() != null) {
      summary.setThroughput(throughput);
    }
    summary.setEfficiency(
        Efficiency.of(
            measured(figures, Component.LOAD_GENERATOR, Figure.PRODUCED_PER_SEC),
            measured(figures, Component.APP, Figure.CPU_CORES)));
    if (latency == null) {
      missing.add("latency: the latency consumer's results could not be read");
    } else {
      summary.setLatency(latency.latency());
      Map<String, OutputTopicSummary> topics = latency.byTopic();
      summary.setOutputTopics(topics.isEmpty() ? null : topics);
      if (summary.getLatency() == null) {
        missing.add("latency: no record was timed in the measurement window");
      } else {
        OneClock.judge(summary.getLatency(), nodes);
      }
      summary.setIntegrity(latency.integrity());
    }
    summary.setMissing(missing.isEmpty() ? null : missing);
    return summary;
  }

  /**
   * A state-restoration run's summary: the app's figures over the restoration, and {@code
   * restoration} from them and the window (no latency: there is no live load).
   */
  public static RunSummary assembleRestoration(
      List<FigureResult> figures, MeasurementWindow window) {
    RunSummary summary = new RunSummary();
    List<String> missing = new ArrayList<>();
    putFigures(summary, new ThroughputSummary(), figures, missing);
    summary.setRestoration(RestorationResults.summarize(summary, figures, window));
    summary.setMissing(missing.isEmpty() ? null : missing);
    return summary;
  }

  private static void putFigures(
      RunSummary summary,
      ThroughputSummary throughput,
      List<FigureResult> figures,
      List<String> missing) {
    Map<String, String> sources = new TreeMap<>();
    Map<String, Double> coverage = new TreeMap<>();
    for (FigureResult f : figures) {
      if (f.component() == Component.APP && !f.gcBeans().isEmpty()) {
        summary.setGcCollectors(f.gcBeans());
      }
      if (!f.isMeasured()) {
        missing.add(f.component() + "." + f.figure().key() + ": " + f.missingReason());
        continue;
      }
      if (f.figure().byTopic()) {
        Map<String, Double> rates = new TreeMap<>();
        f.byTopic().forEach((topic, value) -> rates.put(topic, round(value)));
        throughput.setProducedPerSecByTopic(rates);
        continue;
      }
      Field field = field(summary, throughput, f);
      if (field != null) {
        field.setter().accept(round(scale(f.figure()) * f.value()));
        if (f.component() == Component.APP) {
          sources.put(field.name(), f.profile());
          if (f.coverage() != null) {
            coverage.put(field.name(), Math.round(f.coverage() * 1000) / 1000.0);
          }
        }
      }
    }
    summary.setSources(sources.isEmpty() ? null : sources);
    summary.setCoverage(coverage.isEmpty() ? null : coverage);
  }

  /** The unrounded value of a measured figure, or null. */
  private static Double measured(List<FigureResult> figures, Component component, Figure figure) {
    return figures.stream()
        .filter(f -> f.component() == component && f.figure() == figure && f.isMeasured())
        .map(FigureResult::value)
        .findFirst()
        .orElse(null);
  }

  private record Field(String name, Consumer<Double> setter) {}

  /** Where a figure goes in the summary, or null when the summary has no place for it. */
  private static Field field(RunSummary summary, ThroughputSummary throughput, FigureResult f) {
    return switch (f.component()) {
      case APP ->
          switch (f.figure()) {
            case CPU_CORES -> new Field("cpuCores", summary::setCpuCores);
            case MEMORY_BYTES -> new Field("memoryMiB", summary::setMemoryMiB);
            case MEMORY_PEAK_BYTES -> new Field("memoryPeakMiB", summary::setMemoryPeakMiB);
            case HEAP_BYTES -> new Field("heapMiB", summary::setHeapMiB);
            case GC_PAUSE_SECONDS -> new Field("gcPauseMs", summary::setGcPauseMs);
            case GC_PAUSE_MAX_SECONDS -> new Field("gcPauseMaxMs", summary::setGcPauseMaxMs);
            case THREADS -> new Field("threads", summary::setThreads);
            case STATE_PEAK_BYTES -> new Field("stateMiB", summary::setStateMiB);
            case CPU_THROTTLED_SHARE ->
                new Field("cpuThrottledShare", summary::setCpuThrottledShare);
            case CPU_THROTTLED_SECONDS ->
                new Field("cpuThrottledSeconds", summary::setCpuThrottledSeconds);
            default -> null;
          };
      case LOAD_GENERATOR ->
          switch (f.figure()) {
            case PRODUCED_PER_SEC -> new Field("producedPerSec", throughput::setProducedPerSec);
            case PUBLISH_DELAY_P99_SECONDS ->
                new Field("publishDelayP99Ms", throughput::setPublishDelayP99Ms);
            case GENERATOR_STALL_P99_SECONDS ->
                new Field("generatorStallP99Ms", throughput::setGeneratorStallP99Ms);
            case BYTES_IN_PER_SEC -> new Field("bytesInPerSec", throughput::setBytesInPerSec);
            default -> null;
          };
      case LATENCY_CONSUMER ->
          switch (f.figure()) {
            case CONSUMED_PER_SEC -> new Field("consumedPerSec", throughput::setConsumedPerSec);
            case INPUT_LAG_GROWTH_PER_SEC ->
                new Field("inputLagGrowthPerSec", throughput::setInputLagGrowthPerSec);
            case INPUT_LAG_AT_START -> new Field("inputLagAtStart", throughput::setInputLagAtStart);
            case BYTES_OUT_PER_SEC -> new Field("bytesOutPerSec", throughput::setBytesOutPerSec);
            case LATENCY_CONSUMER_SCRAPES ->
                new Field(
                    "latencyConsumerScrapes",
                    v -> throughput.setLatencyConsumerScrapes(Math.round(v)));
            default -> null;
          };
    };
  }

  static double scale(Figure figure) {
    return switch (figure) {
      case MEMORY_BYTES, MEMORY_PEAK_BYTES, HEAP_BYTES, STATE_PEAK_BYTES -> 1 / MIB;
      case GC_PAUSE_SECONDS,
          GC_PAUSE_MAX_SECONDS,
          PUBLISH_DELAY_P99_SECONDS,
          GENERATOR_STALL_P99_SECONDS ->
          1000;
      default -> 1;
    };
  }

  static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
