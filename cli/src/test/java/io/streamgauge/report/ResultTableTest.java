package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.api.summary.EfficiencySummary;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.LatencyStages;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.OutputTopicSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.StagePercentiles;
import io.streamgauge.api.summary.StartupSummary;
import io.streamgauge.api.summary.ThroughputSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultTableTest {

  @Test
  void figuresArePrintedInTheMethodologysUnitsAndMissingOnesAsADash() {
    RunSummary summary = new RunSummary();
    LatencySummary latency = new LatencySummary();
    latency.setP50Ms(100.24);
    latency.setP90Ms(150.04);
    latency.setP95Ms(163.66);
    latency.setP99Ms(180.0);
    latency.setSamples(12_345_678L);
    latency.setNegativeSamples(3L);
    summary.setLatency(latency);
    summary.setCpuCores(1.304);
    summary.setHeapMiB(93.4);
    IntegritySummary integrity = new IntegritySummary();
    integrity.setProduced(1_000L);
    integrity.setConsumed(1_000L);
    integrity.setLost(0L);
    integrity.setDuplicated(0L);
    summary.setIntegrity(integrity);

    List<ResultTable.Row> rows = ResultTable.rows(summary);

    assertThat(rows)
        .contains(
            new ResultTable.Row("True E2E P50 (ms)", "100.2"),
            new ResultTable.Row("True E2E P90 (ms)", "150.0"),
            new ResultTable.Row("True E2E P95 (ms)", "163.7"),
            new ResultTable.Row("True E2E P99.9 (ms)", "–"),
            new ResultTable.Row("Latency samples", "12,345,678"),
            new ResultTable.Row("Negative latencies (clock skew)", "3"),
            new ResultTable.Row("Avg CPU (cores)", "1.30"),
            new ResultTable.Row("Avg heap (MiB)", "93"),
            new ResultTable.Row("Avg RSS (MiB)", "–"),
            new ResultTable.Row("Avg GC pause (ms)", "–"),
            new ResultTable.Row(
                "Integrity", "1,000 produced, 1,000 consumed, 0 lost, 0 duplicated"));
    assertThat(rows).extracting(ResultTable.Row::metric).doesNotContain("Max GC pause (ms)");
  }

  @Test
  void eachStageHasItsRowAndPartialCoverageIsSaid() {
    LatencyStages stages = new LatencyStages();
    stages.setThroughApp(stage(12.04, 80.0));
    stages.setCommitWait(stage(50.0, 251.26));
    stages.setCoverage(0.9731);
    LatencySummary latency = new LatencySummary();
    latency.setStages(stages);
    RunSummary summary = new RunSummary();
    summary.setLatency(latency);

    assertThat(ResultTable.rows(summary))
        .contains(
            new ResultTable.Row("  publish delay P50 / P99 (ms)", "–"),
            new ResultTable.Row("  through the app P50 / P99 (ms)", "12.0 / 80.0"),
            new ResultTable.Row("  commit wait P50 / P99 (ms)", "50.0 / 251.3"),
            new ResultTable.Row("  stages cover (% of samples)", "97.3"));
    stages.setCoverage(1.0);
    assertThat(ResultTable.rows(summary))
        .extracting(ResultTable.Row::metric)
        .doesNotContain("  stages cover (% of samples)");
  }

  private static StagePercentiles stage(double p50, double p99) {
    StagePercentiles stage = new StagePercentiles();
    stage.setP50Ms(p50);
    stage.setP99Ms(p99);
    return stage;
  }

  @Test
  void whatARecordCostsAndTheTimeToReadyHaveRowsOfTheirOwn() {
    RunSummary summary = new RunSummary();
    summary.setMemoryPeakMiB(420.4);
    ThroughputSummary throughput = new ThroughputSummary();
    throughput.setBytesInPerSec(40_960.0);
    throughput.setBytesOutPerSec(20_480.0);
    summary.setThroughput(throughput);
    EfficiencySummary efficiency = new EfficiencySummary();
    efficiency.setRecordsPerSecPerCore(1_234.5);
    efficiency.setCpuSecondsPerMillionRecords(810.04);
    summary.setEfficiency(efficiency);
    StartupSummary startup = new StartupSummary();
    startup.setCreatedToStartedSeconds(1.0);
    startup.setStartedToReadySeconds(6.25);
    startup.setTimeToReadySeconds(7.25);
    startup.setReadinessPath("/health");
    summary.setStartup(startup);
    summary.setKafkaReadySeconds(12.25);

    assertThat(ResultTable.rows(summary))
        .contains(
            new ResultTable.Row("Peak RSS (MiB)", "420"),
            new ResultTable.Row("Bytes in / out (KiB/s)", "40.0 / 20.0"),
            new ResultTable.Row("Records/s per core", "1,235"),
            new ResultTable.Row("CPU-s per million records", "810.0"),
            new ResultTable.Row("Time to ready (s)", "7.3 (1.0 to start, 6.3 to /health)"),
            new ResultTable.Row("Kafka ready (s)", "12.3"));
  }

  @Test
  void aCatchUpHasARowSayingHowItEnded() {
    RunSummary summary = new RunSummary();
    CatchUpSummary catchUp = new CatchUpSummary();
    catchUp.setSeconds(74.23);
    catchUp.setCaughtUp(true);
    summary.setCatchUp(catchUp);
    assertThat(ResultTable.rows(summary))
        .contains(new ResultTable.Row("Catch-up (s)", "74.2 (caught up)"));

    catchUp.setSeconds(120.0);
    catchUp.setCaughtUp(false);
    catchUp.setLag(360_000.0);
    catchUp.setLagTrendPerSec(4_000.0);
    assertThat(ResultTable.rows(summary))
        .contains(
            new ResultTable.Row(
                "Catch-up (s)", "120.0 (behind: lag 360,000, growing 4,000 rec/s)"));
    assertThat(ResultTable.rows(new RunSummary()))
        .extracting(ResultTable.Row::metric)
        .doesNotContain("Catch-up (s)");
  }

  @Test
  void noSummaryIsEveryFigureMissing() {
    assertThat(ResultTable.rows(null))
        .filteredOn(r -> !r.metric().equals("Integrity"))
        .extracting(ResultTable.Row::value)
        .containsOnly("–");
  }

  @Test
  void theMemoryRowSaysWhetherItIsAContainersWorkingSetOrAProcesssRss() {
    RunSummary fromCadvisor = new RunSummary();
    fromCadvisor.setMemoryMiB(512.0);
    fromCadvisor.setSources(Map.of("memoryMiB", "cadvisor"));
    RunSummary fromProcess = new RunSummary();
    fromProcess.setMemoryMiB(512.0);
    fromProcess.setSources(Map.of("memoryMiB", "prometheus-jvm"));

    assertThat(ResultTable.rows(fromCadvisor))
        .contains(new ResultTable.Row("Avg container working set (MiB)", "512"));
    assertThat(ResultTable.rows(fromProcess)).contains(new ResultTable.Row("Avg RSS (MiB)", "512"));
  }

  @Test
  void eachOutputTopicOfSeveralHasARowOfItsOwn() {
    RunSummary summary = new RunSummary();
    OutputTopicSummary high = new OutputTopicSummary();
    high.setP50Ms(179.71);
    high.setP99Ms(240.9);
    summary.setOutputTopics(Map.of("events-priority-high", high));

    assertThat(ResultTable.rows(summary))
        .contains(new ResultTable.Row("  events-priority-high P50 / P99 (ms)", "179.7 / 240.9"));
  }

  @Test
  void twoClocksAreSaidInTheTable() {
    RunSummary summary = new RunSummary();
    LatencySummary latency = new LatencySummary();
    latency.setSharedClock(false);
    latency.setClockSkewed(true);
    summary.setLatency(latency);

    assertThat(ResultTable.rows(summary))
        .filteredOn(r -> r.metric().equals("Clock"))
        .extracting(ResultTable.Row::value)
        .containsExactly(
            "NOT shared: load generators on another node than the consumer",
            "SKEWED: latencies are off by the clocks' offset");
  }

  @Test
  void textIsAlignedAndMarkdownIsATable() {
    List<ResultTable.Row> rows =
        List.of(new ResultTable.Row("P50", "1.0"), new ResultTable.Row("Avg CPU", "2.00"));

    assertThat(ResultTable.text(rows)).isEqualTo("  P50      1.0\n  Avg CPU  2.00\n");
    assertThat(ResultTable.markdown(rows))
        .isEqualTo("| Metric | Value |\n|---|---:|\n| P50 | 1.0 |\n| Avg CPU | 2.00 |\n");
  }
}
