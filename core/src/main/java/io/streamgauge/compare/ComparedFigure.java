package io.streamgauge.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.OptionalDouble;

/**
 * A figure of a run's summary that {@code streamgauge compare} puts side by side: the methodology's
 * table (true end-to-end latency percentiles and the p99 of each of its stages, so a moved latency
 * says which stage moved; average CPU, heap, container memory, GC pause), then throughput, what a
 * record costs, the time to ready and the state-restoration figures. Each knows where it sits in
 * {@code status.summary} and whether less of it is better.
 */
public enum ComparedFigure {
  LATENCY_P50("latency.p50", "True E2E p50 (ms)", Better.LOWER, "latency", "p50Ms"),
  LATENCY_P95("latency.p95", "True E2E p95 (ms)", Better.LOWER, "latency", "p95Ms"),
  LATENCY_P99("latency.p99", "True E2E p99 (ms)", Better.LOWER, "latency", "p99Ms"),
  LATENCY_P999("latency.p999", "True E2E p99.9 (ms)", Better.LOWER, "latency", "p999Ms"),
  LATENCY_MAX("latency.max", "True E2E max (ms)", Better.LOWER, "latency", "maxMs"),
  STAGE_PUBLISH_DELAY_P99(
      "latency.stages.publishDelay.p99",
      "E2E stage: publish delay p99 (ms)",
      Better.LOWER,
      "latency",
      "stages",
      "publishDelay",
      "p99Ms"),
  STAGE_THROUGH_APP_P99(
      "latency.stages.throughApp.p99",
      "E2E stage: through the app p99 (ms)",
      Better.LOWER,
      "latency",
      "stages",
      "throughApp",
      "p99Ms"),
  STAGE_COMMIT_WAIT_P99(
      "latency.stages.commitWait.p99",
      "E2E stage: commit wait p99 (ms)",
      Better.LOWER,
      "latency",
      "stages",
      "commitWait",
      "p99Ms"),
  CPU("cpu", "Avg CPU (cores)", Better.LOWER, "cpuCores"),
  HEAP("heap", "Avg heap (MiB)", Better.LOWER, "heapMiB"),
  MEMORY("memory", "Avg memory (MiB)", Better.LOWER, "memoryMiB"),
  MEMORY_PEAK("memoryPeak", "Peak memory (MiB)", Better.LOWER, "memoryPeakMiB"),
  GC_PAUSE("gcPause", "Avg GC pause (ms)", Better.LOWER, "gcPauseMs"),
  GC_PAUSE_MAX("gcPauseMax", "Max GC pause (ms)", Better.LOWER, "gcPauseMaxMs"),
  CPU_THROTTLED("cpuThrottled", "CPU throttled (share)", Better.LOWER, "cpuThrottledShare"),
  CONSUMED_RATE(
      "throughput.consumed", "Consumed (records/s)", Better.HIGHER, "throughput", "consumedPerSec"),
  CPU_PER_MILLION_RECORDS(
      "efficiency.cpuPerMillionRecords",
      "CPU-s per million records",
      Better.LOWER,
      "efficiency",
      "cpuSecondsPerMillionRecords"),
  TIME_TO_READY(
      "startup.timeToReady", "Time to ready (s)", Better.LOWER, "startup", "timeToReadySeconds"),
  RESTORATION_SECONDS(
      "restoration.seconds", "Restoration (s)", Better.LOWER, "restoration", "seconds"),
  RESTORATION_RATE(
      "restoration.rate", "Restoration (records/s)", Better.HIGHER, "restoration", "recordsPerSec"),
  RESTORATION_CPU(
      "restoration.cpu", "Restoration avg CPU (cores)", Better.LOWER, "restoration", "cpuCores"),
  RESTORATION_PEAK_MEMORY(
      "restoration.peakMemory",
      "Restoration peak memory (MiB)",
      Better.LOWER,
      "restoration",
      "peakMemoryMiB");

  /** Which way is better. */
  public enum Better {
    LOWER,
    HIGHER
  }

  private final String key;
  private final String label;
  private final Better better;
  private final String[] path;

  ComparedFigure(String key, String label, Better better, String... path) {
    this.key = key;
    this.label = label;
    this.better = better;
    this.path = path;
  }

  /** The figure's name in JSON output and gate rules, e.g. {@code latency.p99}. */
  public String key() {
    return key;
  }

  /** The row label in the table, with its unit. */
  public String label() {
    return label;
  }

  /** Which way is better. */
  public Better better() {
    return better;
  }

  /** The figure in a run's summary ({@code status.summary}), empty when it was not measured. */
  public OptionalDouble in(JsonNode summary) {
    JsonNode node = summary;
    for (String field : path) {
      node = node == null ? null : node.get(field);
    }
    return node != null && node.isNumber()
        ? OptionalDouble.of(node.doubleValue())
        : OptionalDouble.empty();
  }

  /**
   * Writes {@code value} where this figure sits in a summary, creating the objects on the way: the
   * inverse of {@link #in}.
   */
  public void writeTo(ObjectNode summary, double value) {
    ObjectNode node = summary;
    for (int i = 0; i < path.length - 1; i++) {
      node = node.get(path[i]) instanceof ObjectNode inner ? inner : node.putObject(path[i]);
    }
    node.put(path[path.length - 1], value);
  }

  /** The figure with this key, e.g. {@code latency.p99}. */
  public static ComparedFigure byKey(String key) {
    for (ComparedFigure f : values()) {
      if (f.key.equals(key)) {
        return f;
      }
    }
    throw new IllegalArgumentException(key);
  }
}
