package io.streamgauge.report;

import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.api.summary.EfficiencySummary;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.LatencyStages;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RestorationSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.StagePercentiles;
import io.streamgauge.api.summary.StartupSummary;
import io.streamgauge.api.summary.ThroughputSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A run's summary as the methodology's result table: true end-to-end latency percentiles, average
 * CPU, heap, memory and GC pause, throughput, what a record costs, the time to ready and integrity.
 * A figure that is missing shows as {@code –} (its reason is listed under the table), never as 0.
 */
final class ResultTable {

  /** One row: what, and its value as printed. */
  record Row(String metric, String value) {}

  private static final String MISSING = "–";

  private ResultTable() {}

  /**
   * The rows of {@code summary} (null: every row missing). The memory row says what its figure is:
   * the container's working set when cAdvisor gave it, the process's resident set (RSS) otherwise.
   */
  static List<Row> rows(RunSummary summary) {
    RunSummary s = summary == null ? new RunSummary() : summary;
    boolean workingSet =
        s.getSources() != null && "cadvisor".equals(s.getSources().get("memoryMiB"));
    if (s.getRestoration() != null) {
      return restorationRows(s.getRestoration(), workingSet);
    }
    LatencySummary latency = s.getLatency() == null ? new LatencySummary() : s.getLatency();
    ThroughputSummary throughput =
        s.getThroughput() == null ? new ThroughputSummary() : s.getThroughput();
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("True E2E P50 (ms)", decimal(latency.getP50Ms(), 1)));
    rows.add(new Row("True E2E P90 (ms)", decimal(latency.getP90Ms(), 1)));
    rows.add(new Row("True E2E P95 (ms)", decimal(latency.getP95Ms(), 1)));
    rows.add(new Row("True E2E P99 (ms)", decimal(latency.getP99Ms(), 1)));
    rows.add(new Row("True E2E P99.9 (ms)", decimal(latency.getP999Ms(), 1)));
    rows.add(new Row("True E2E max (ms)", decimal(latency.getMaxMs(), 1)));
    rows.add(new Row("Latency samples", count(latency.getSamples())));
    rows.addAll(stageRows(latency.getStages()));
    if (s.getOutputTopics() != null) {
      s.getOutputTopics()
          .forEach(
              (topic, t) ->
                  rows.add(
                      new Row(
                          "  " + topic + " P50 / P99 (ms)",
                          decimal(t.getP50Ms(), 1) + " / " + decimal(t.getP99Ms(), 1))));
    }
    if (latency.getNegativeSamples() != null && latency.getNegativeSamples() > 0) {
      rows.add(new Row("Negative latencies (clock skew)", count(latency.getNegativeSamples())));
    }
    if (Boolean.FALSE.equals(latency.getSharedClock())) {
      rows.add(new Row("Clock", "NOT shared: load generators on another node than the consumer"));
    }
    if (Boolean.TRUE.equals(latency.getClockSkewed())) {
      rows.add(new Row("Clock", "SKEWED: latencies are off by the clocks' offset"));
    }
    rows.add(new Row("Avg CPU (cores)", decimal(s.getCpuCores(), 2)));
    rows.add(new Row("Avg heap (MiB)", decimal(s.getHeapMiB(), 0)));
    rows.add(
        new Row(
            workingSet ? "Avg container working set (MiB)" : "Avg RSS (MiB)",
            decimal(s.getMemoryMiB(), 0)));
    rows.add(
        new Row(
            workingSet ? "Peak container working set (MiB)" : "Peak RSS (MiB)",
            decimal(s.getMemoryPeakMiB(), 0)));
    rows.add(new Row("Avg GC pause (ms)", decimal(s.getGcPauseMs(), 1)));
    if (s.getGcPauseMaxMs() != null) {
      rows.add(new Row("Max GC pause (ms)", decimal(s.getGcPauseMaxMs(), 1)));
    }
    rows.add(new Row("Avg threads", decimal(s.getThreads(), 0)));
    if (s.getStateMiB() != null) {
      rows.add(new Row("State on disk, peak (MiB)", decimal(s.getStateMiB(), 1)));
    }
    if (s.getCpuThrottledShare() != null) {
      rows.add(new Row("CPU throttled (% of periods)", decimal(100 * s.getCpuThrottledShare(), 1)));
    }
    rows.add(new Row("Produced (rec/s)", decimal(throughput.getProducedPerSec(), 0)));
    rows.add(new Row("Consumed output (rec/s)", decimal(throughput.getConsumedPerSec(), 0)));
    rows.add(
        new Row(
            "Bytes in / out (KiB/s)",
            throughput.getBytesInPerSec() == null && throughput.getBytesOutPerSec() == null
                ? MISSING
                : kib(throughput.getBytesInPerSec())
                    + " / "
                    + kib(throughput.getBytesOutPerSec())));
    EfficiencySummary efficiency =
        s.getEfficiency() == null ? new EfficiencySummary() : s.getEfficiency();
    rows.add(new Row("Records/s per core", decimal(efficiency.getRecordsPerSecPerCore(), 0)));
    rows.add(
        new Row(
            "CPU-s per million records", decimal(efficiency.getCpuSecondsPerMillionRecords(), 1)));
    rows.add(new Row("Time to ready (s)", timeToReady(s.getStartup())));
    if (s.getKafkaReadySeconds() != null) {
      rows.add(new Row("Kafka ready (s)", decimal(s.getKafkaReadySeconds(), 1)));
    }
    if (s.getCatchUp() != null) {
      rows.add(new Row("Catch-up (s)", catchUp(s.getCatchUp())));
    }
    rows.add(new Row("Integrity", integrity(s.getIntegrity())));
    return rows;
  }

  /**
   * Where the latency went: each stage's p50 / p99, and what share of the timed records the stages
   * cover when not all; nothing when the stages were not kept.
   */
  private static List<Row> stageRows(LatencyStages stages) {
    List<Row> rows = new ArrayList<>();
    if (stages == null) {
      return rows;
    }
    rows.add(stageRow("  publish delay P50 / P99 (ms)", stages.getPublishDelay()));
    rows.add(stageRow("  through the app P50 / P99 (ms)", stages.getThroughApp()));
    rows.add(stageRow("  commit wait P50 / P99 (ms)", stages.getCommitWait()));
    if (stages.getCoverage() != null && stages.getCoverage() < 0.999) {
      rows.add(new Row("  stages cover (% of samples)", decimal(100 * stages.getCoverage(), 1)));
    }
    return rows;
  }

  private static Row stageRow(String label, StagePercentiles stage) {
    return new Row(
        label,
        stage == null
            ? MISSING
            : decimal(stage.getP50Ms(), 1) + " / " + decimal(stage.getP99Ms(), 1));
  }

  /** A state-restoration run's rows: how long, how fast, with what, and how big the state. */
  private static List<Row> restorationRows(RestorationSummary r, boolean workingSet) {
    String memory = workingSet ? "container working set (MiB)" : "RSS (MiB)";
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("Restoration time (s)", decimal(r.getSeconds(), 1)));
    rows.add(new Row("Prepopulated records", count(r.getPrepopulatedRecords())));
    rows.add(new Row("Restored records", count(r.getRestoredRecords())));
    rows.add(new Row("Restored (rec/s)", decimal(r.getRecordsPerSec(), 0)));
    rows.add(new Row("Avg CPU (cores)", decimal(r.getCpuCores(), 2)));
    rows.add(new Row("Peak CPU (cores)", decimal(r.getPeakCpuCores(), 2)));
    rows.add(new Row("Avg " + memory, decimal(r.getMemoryMiB(), 0)));
    rows.add(new Row("Peak " + memory, decimal(r.getPeakMemoryMiB(), 0)));
    rows.add(
        new Row(
            "State on disk (MiB)",
            r.getStateBytes() == null ? MISSING : decimal(r.getStateBytes() / 1048576.0, 1)));
    return rows;
  }

  /** The rows as aligned text, for the terminal. */
  static String text(List<Row> rows) {
    int width = rows.stream().mapToInt(r -> r.metric().length()).max().orElse(0);
    String format = "  %-" + width + "s  %s%n";
    return render(rows, r -> format.formatted(r.metric(), r.value()));
  }

  /** The rows as a Markdown table. */
  static String markdown(List<Row> rows) {
    return "| Metric | Value |\n|---|---:|\n"
        + render(rows, r -> "| " + r.metric() + " | " + r.value() + " |\n");
  }

  private static String render(List<Row> rows, Function<Row, String> line) {
    StringBuilder out = new StringBuilder();
    rows.forEach(r -> out.append(line.apply(r)));
    return out.toString();
  }

  private static String kib(Double bytesPerSec) {
    return bytesPerSec == null ? MISSING : decimal(bytesPerSec / 1024, 1);
  }

  /** The whole span, then its parts: created to started (Kubernetes), started to ready. */
  private static String timeToReady(StartupSummary startup) {
    if (startup == null) {
      return MISSING;
    }
    return decimal(startup.getTimeToReadySeconds(), 1)
        + " ("
        + (startup.getCreatedToStartedSeconds() == null
            ? ""
            : decimal(startup.getCreatedToStartedSeconds(), 1) + " to start, ")
        + decimal(startup.getStartedToReadySeconds(), 1)
        + " to "
        + startup.getReadinessPath()
        + ")";
  }

  /** {@code 74.2 (caught up)} or {@code 180.0 (behind: lag 360,000, growing 4,000 rec/s)}. */
  private static String catchUp(CatchUpSummary catchUp) {
    String how;
    if (Boolean.TRUE.equals(catchUp.getCaughtUp())) {
      how = "caught up";
    } else {
      Double trend = catchUp.getLagTrendPerSec();
      how =
          "behind: lag "
              + (catchUp.getLag() == null ? MISSING : count(Math.round(catchUp.getLag())))
              + (trend == null
                  ? ""
                  : (trend < 0 ? ", falling " : ", growing ")
                      + count(Math.round(Math.abs(trend)))
                      + " rec/s");
    }
    return decimal(catchUp.getSeconds(), 1) + " (" + how + ")";
  }

  private static String integrity(IntegritySummary integrity) {
    if (integrity == null) {
      return "not tracked (the topology does not keep records one to one)";
    }
    return "%,d produced, %,d consumed, %,d lost, %,d duplicated"
        .formatted(
            integrity.getProduced(),
            integrity.getConsumed(),
            integrity.getLost(),
            integrity.getDuplicated());
  }

  private static String decimal(Double value, int decimals) {
    return value == null ? MISSING : ("%,." + decimals + "f").formatted(value);
  }

  private static String count(Long value) {
    return value == null ? MISSING : "%,d".formatted(value);
  }
}
