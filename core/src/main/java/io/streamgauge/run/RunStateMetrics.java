package io.streamgauge.run;

import io.fabric8.kubernetes.api.model.Quantity;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.FaultStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.LatencyStages;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.StagePercentiles;
import io.streamgauge.api.summary.ThroughputSummary;
import io.streamgauge.platform.RunContext;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each run's state as Prometheus gauges, for dashboards: what it is, its phase, its windows, the
 * app's limits and, once collected, its summary. Set from the run's spec and status on every {@link
 * #observe}, so they are right after a restart too; the operator and local mode export the same
 * series. Labels are {@code run_namespace} and {@code run} (not {@code namespace}, which a scrape
 * attaches for the exporting pod).
 *
 * <ul>
 *   <li>{@code sg_run_info{scenario,guarantee,runtime}} 1
 *   <li>{@code sg_run_phase{phase}} 1 for the current phase, 0 for the others
 *   <li>{@code sg_run_window_start_seconds{window}}, {@code sg_run_window_end_seconds{window}}:
 *       warmup and measurement, Unix seconds
 *   <li>{@code sg_run_app_cpu_limit_cores}, {@code sg_run_app_memory_limit_bytes}
 *   <li>{@code sg_run_result{figure}}: the summary's figures (p50Ms, cpuCores, ...)
 *   <li>{@code sg_run_fault_injected_seconds{fault,type}}: when each fault of {@code spec.faults}
 *       was injected, Unix seconds (the index in {@code fault}), for dashboard annotations
 * </ul>
 *
 * A run's series stay until {@link #forget} (the operator calls it when the run is deleted); a
 * changed scenario, guarantee or runtime replaces the run's {@code sg_run_info} series.
 */
public final class RunStateMetrics {

  private static final String NS = "run_namespace";
  private static final String RUN = "run";

  private final Info info;
  private final Gauge phase;
  private final Gauge windowStart;
  private final Gauge windowEnd;
  private final Gauge cpuLimit;
  private final Gauge memoryLimit;
  private final Gauge result;
  private final Gauge faultInjected;

  /** The {@code sg_run_info} labels last exported per run (namespace, name). */
  private final Map<List<String>, String[]> infoLabels = new ConcurrentHashMap<>();

  /** Registers the gauges with {@code registry}. */
  public RunStateMetrics(PrometheusRegistry registry) {
    info =
        Info.builder()
            .name("sg_run")
            .help("A BenchmarkRun: its scenario, guarantee and runtime")
            .labelNames(NS, RUN, "scenario", "guarantee", "runtime")
            .register(registry);
    phase =
        gauge("sg_run_phase", "1 for the run's current phase, 0 for the others")
            .labelNames(NS, RUN, "phase")
            .register(registry);
    windowStart =
        gauge("sg_run_window_start_seconds", "Start of the run's window (Unix seconds)")
            .labelNames(NS, RUN, "window")
            .register(registry);
    windowEnd =
        gauge("sg_run_window_end_seconds", "End of the run's window (Unix seconds)")
            .labelNames(NS, RUN, "window")
            .register(registry);
    cpuLimit =
        gauge("sg_run_app_cpu_limit_cores", "CPU limit of the app under test")
            .labelNames(NS, RUN)
            .register(registry);
    memoryLimit =
        gauge("sg_run_app_memory_limit_bytes", "Memory limit of the app under test")
            .labelNames(NS, RUN)
            .register(registry);
    result =
        gauge("sg_run_result", "The run's summary over its measurement window")
            .labelNames(NS, RUN, "figure")
            .register(registry);
    faultInjected =
        gauge(
                "sg_run_fault_injected_seconds",
                "When a fault of spec.faults was injected (Unix seconds)")
            .labelNames(NS, RUN, "fault", "type")
            .register(registry);
  }

  /** Sets every gauge of {@code run} from its spec (defaults resolved) and status. */
  public void observe(RunContext run) {
    String ns = run.namespace();
    String name = run.name();
    BenchmarkRunSpec spec = run.spec();
    BenchmarkRunStatus status = run.status();
    String[] labels = {
      ns,
      name,
      spec.getScenario().value(),
      spec.getProcessingGuarantee().value(),
      spec.getApp().getRuntime()
    };
    String[] before = infoLabels.put(List.of(ns, name), labels);
    if (before != null && !Arrays.equals(before, labels)) {
      info.remove(before);
    }
    info.addLabelValues(labels);
    for (Phase p : Phase.values()) {
      phase.labelValues(ns, name, p.name()).set(p == status.getPhase() ? 1 : 0);
    }
    limits(ns, name, spec);
    window(ns, name, "warmup", status.getWarmupStartedAt(), status.getMeasurementStartedAt());
    window(
        ns, name, "measurement", status.getMeasurementStartedAt(), status.getMeasurementEndedAt());
    List<FaultStatus> faults = status.getFaults() == null ? List.of() : status.getFaults();
    for (int i = 0; i < faults.size(); i++) {
      FaultStatus fault = faults.get(i);
      if (fault.getInjectedAt() != null) {
        faultInjected
            .labelValues(ns, name, String.valueOf(i), fault.getType().name())
            .set(seconds(fault.getInjectedAt()));
      }
    }
    if (status.getSummary() != null) {
      figures(status.getSummary())
          .forEach((figure, value) -> result.labelValues(ns, name, figure).set(value));
    }
  }

  /** Drops every series of run {@code name} in {@code namespace}: it was deleted. */
  public void forget(String namespace, String name) {
    String[] labels = infoLabels.remove(List.of(namespace, name));
    if (labels != null) {
      info.remove(labels);
    }
    for (Gauge gauge :
        List.of(phase, windowStart, windowEnd, cpuLimit, memoryLimit, result, faultInjected)) {
      gauge.removeIf(values -> values.get(0).equals(namespace) && values.get(1).equals(name));
    }
  }

  private void limits(String ns, String name, BenchmarkRunSpec spec) {
    var limits =
        spec.getApp().getResources() == null ? null : spec.getApp().getResources().getLimits();
    if (limits == null) {
      return;
    }
    if (limits.containsKey("cpu")) {
      cpuLimit.labelValues(ns, name).set(amount(limits.get("cpu")));
    }
    if (limits.containsKey("memory")) {
      memoryLimit.labelValues(ns, name).set(amount(limits.get("memory")));
    }
  }

  private void window(String ns, String name, String window, String start, String end) {
    if (start != null && end != null) {
      windowStart.labelValues(ns, name, window).set(seconds(start));
      windowEnd.labelValues(ns, name, window).set(seconds(end));
    }
  }

  /** A stage's p50 and p99 as {@code <stage>P50Ms} and {@code <stage>P99Ms}. */
  private static void stage(Map<String, Double> figures, String name, StagePercentiles stage) {
    if (stage != null) {
      put(figures, name + "P50Ms", stage.getP50Ms());
      put(figures, name + "P99Ms", stage.getP99Ms());
    }
  }

  /** The summary's figures by name; missing ones are left out (never 0). */
  static Map<String, Double> figures(RunSummary summary) {
    Map<String, Double> figures = new LinkedHashMap<>();
    LatencySummary latency = summary.getLatency();
    if (latency != null) {
      put(figures, "p50Ms", latency.getP50Ms());
      put(figures, "p90Ms", latency.getP90Ms());
      put(figures, "p95Ms", latency.getP95Ms());
      put(figures, "p99Ms", latency.getP99Ms());
      put(figures, "p999Ms", latency.getP999Ms());
      put(figures, "maxMs", latency.getMaxMs());
      LatencyStages stages = latency.getStages();
      if (stages != null) {
        stage(figures, "publishDelay", stages.getPublishDelay());
        stage(figures, "throughApp", stages.getThroughApp());
        stage(figures, "commitWait", stages.getCommitWait());
      }
    }
    put(figures, "cpuCores", summary.getCpuCores());
    put(figures, "heapMiB", summary.getHeapMiB());
    put(figures, "memoryMiB", summary.getMemoryMiB());
    put(figures, "gcPauseMs", summary.getGcPauseMs());
    put(figures, "gcPauseMaxMs", summary.getGcPauseMaxMs());
    put(figures, "threads", summary.getThreads());
    put(figures, "stateMiB", summary.getStateMiB());
    put(figures, "cpuThrottledShare", summary.getCpuThrottledShare());
    ThroughputSummary throughput = summary.getThroughput();
    if (throughput != null) {
      put(figures, "producedPerSec", throughput.getProducedPerSec());
      put(figures, "consumedPerSec", throughput.getConsumedPerSec());
    }
    if (summary.getIntegrity() != null) {
      put(figures, "lost", toDouble(summary.getIntegrity().getLost()));
      put(figures, "duplicated", toDouble(summary.getIntegrity().getDuplicated()));
    }
    return figures;
  }

  private static void put(Map<String, Double> figures, String name, Double value) {
    if (value != null) {
      figures.put(name, value);
    }
  }

  private static Double toDouble(Long value) {
    return value == null ? null : value.doubleValue();
  }

  private static double amount(Quantity quantity) {
    try {
      return Quantity.getAmountInBytes(quantity).doubleValue();
    } catch (IllegalArgumentException | ArithmeticException e) {
      return Double.NaN;
    }
  }

  private static double seconds(String instant) {
    return Instant.parse(instant).toEpochMilli() / 1000.0;
  }

  private static Gauge.Builder gauge(String name, String help) {
    return Gauge.builder().name(name).help(help);
  }
}
