package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SummaryAssemblerTest {

  @Test
  void figuresAreConvertedAndMissingOnesAreListedNotZeroed() {
    List<FigureResult> figures =
        List.of(
            new FigureResult(
                Component.APP,
                Figure.CPU_CORES,
                "cadvisor",
                "q1",
                1.23456,
                null,
                null,
                List.of(),
                Map.of(),
                0.87654),
            new FigureResult(
                Component.APP, Figure.MEMORY_BYTES, "process", "q2", 512.0 * 1024 * 1024, null),
            new FigureResult(
                Component.APP, Figure.HEAP_BYTES, "prometheus-jvm", "q3", 3 * 1024.0 * 1024, null),
            new FigureResult(
                Component.APP,
                Figure.GC_PAUSE_SECONDS,
                "prometheus-jvm",
                "q4",
                0.0042,
                null,
                null,
                List.of("G1 Old Generation", "G1 Young Generation"),
                Map.of(),
                null),
            new FigureResult(
                Component.APP, Figure.THREADS, "prometheus-jvm", "q5", null, "no data: x"),
            new FigureResult(
                Component.APP, Figure.GC_PAUSE_MAX_SECONDS, null, null, null, "no query"),
            new FigureResult(
                Component.APP, Figure.CPU_THROTTLED_SHARE, "cadvisor", "q8", 0.031234, null),
            new FigureResult(
                Component.APP, Figure.CPU_THROTTLED_SECONDS, "cadvisor", "q9", 4.5, null),
            new FigureResult(
                Component.APP, Figure.STATE_PEAK_BYTES, "streamgauge", "q10", 27_787_264.0, null),
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PRODUCED_PER_SEC,
                "streamgauge",
                "q6",
                7500.0,
                null),
            new FigureResult(
                Component.LATENCY_CONSUMER,
                Figure.CONSUMED_PER_SEC,
                "streamgauge",
                "q7",
                7499.5,
                null));

    RunSummary summary = SummaryAssembler.assemble(figures, null, null);

    assertThat(summary.getCpuCores()).isEqualTo(1.235);
    assertThat(summary.getMemoryMiB()).isEqualTo(512.0);
    assertThat(summary.getHeapMiB()).isEqualTo(3.0);
    assertThat(summary.getStateMiB()).as("26.5 MiB of state on disk").isEqualTo(26.5);
    assertThat(summary.getSources())
        .as("each measured app figure names its source, so RSS is not read as a working set")
        .containsExactly(
            Map.entry("cpuCores", "cadvisor"),
            Map.entry("cpuThrottledSeconds", "cadvisor"),
            Map.entry("cpuThrottledShare", "cadvisor"),
            Map.entry("gcPauseMs", "prometheus-jvm"),
            Map.entry("heapMiB", "prometheus-jvm"),
            Map.entry("memoryMiB", "process"),
            Map.entry("stateMiB", "streamgauge"));
    assertThat(summary.getCoverage())
        .as("the share of the window cAdvisor's samples span, for the figures that know it")
        .containsExactly(Map.entry("cpuCores", 0.877));
    assertThat(summary.getGcCollectors())
        .containsExactly("G1 Old Generation", "G1 Young Generation");
    assertThat(summary.getGcPauseMs()).isEqualTo(4.2);
    assertThat(summary.getThreads()).isNull();
    assertThat(summary.getGcPauseMaxMs()).isNull();
    assertThat(summary.getCpuThrottledShare()).isEqualTo(0.031);
    assertThat(summary.getCpuThrottledSeconds()).isEqualTo(4.5);
    assertThat(summary.getThroughput().getProducedPerSec()).isEqualTo(7500.0);
    assertThat(summary.getThroughput().getConsumedPerSec()).isEqualTo(7499.5);
    assertThat(summary.getLatency()).isNull();
    assertThat(summary.getMissing())
        .containsExactly(
            "app.threads: no data: x",
            "app.gcPauseMaxSeconds: no query",
            "latency: the latency consumer's results could not be read");
  }

  @Test
  void efficiencyComesFromTheUnroundedInputRateAndCpuBesideThePeakMemoryAndBytes() {
    List<FigureResult> figures =
        List.of(
            new FigureResult(Component.APP, Figure.CPU_CORES, "process", "q", 0.01249, null),
            new FigureResult(
                Component.APP, Figure.MEMORY_BYTES, "process", "q", 300 * 1048576.0, null),
            new FigureResult(
                Component.APP, Figure.MEMORY_PEAK_BYTES, "process", "q", 420 * 1048576.0, null),
            new FigureResult(
                Component.LOAD_GENERATOR, Figure.PRODUCED_PER_SEC, "streamgauge", "q", 400.0, null),
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.BYTES_IN_PER_SEC,
                "streamgauge",
                "q",
                40_960.0,
                null),
            new FigureResult(
                Component.LATENCY_CONSUMER,
                Figure.BYTES_OUT_PER_SEC,
                "streamgauge",
                "q",
                40_000.25,
                null));

    RunSummary summary = SummaryAssembler.assemble(figures, null, null);

    assertThat(summary.getMemoryPeakMiB()).isEqualTo(420.0);
    assertThat(summary.getSources()).containsEntry("memoryPeakMiB", "process");
    assertThat(summary.getThroughput().getBytesInPerSec()).isEqualTo(40_960.0);
    assertThat(summary.getThroughput().getBytesOutPerSec()).isEqualTo(40_000.25);
    assertThat(summary.getEfficiency().getRecordsPerSecPerCore())
        .as("400 / 0.01249, not 400 / the rounded 0.012")
        .isCloseTo(32_025.62, within(0.01));
    assertThat(summary.getEfficiency().getCpuSecondsPerMillionRecords()).isEqualTo(31.225);
  }

  @Test
  void efficiencyIsAbsentWhenTheCpuOrTheRateIsMissing() {
    List<FigureResult> figures =
        List.of(
            new FigureResult(Component.APP, Figure.CPU_CORES, "process", "q", null, "no data"),
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PRODUCED_PER_SEC,
                "streamgauge",
                "q",
                400.0,
                null));

    assertThat(SummaryAssembler.assemble(figures, null, null).getEfficiency()).isNull();
  }

  @Test
  void latencyOverSeveralTopicsComesFromTheMergedHistogramsAndIntegrityIsSummed() {
    Histogram fast = new Histogram(3_600_000_000L, 3);
    Histogram slow = new Histogram(3_600_000_000L, 3);
    for (int i = 1; i <= 900; i++) {
      fast.recordValue(10_000); // 10 ms
    }
    for (int i = 1; i <= 100; i++) {
      slow.recordValue(500_000); // 500 ms
    }
    String json =
        """
        {"isolationLevel": "read_committed", "topics": {
          "a": {"measurement": {"count": 900, "negative": 2, "histogram": "%s"},
                "integrity": {"measurement": {"final": true, "unattributed": 0, "producers": {
                  "lg-0": {"received": 905, "lost": 3, "duplicated": 5}}}}},
          "b": {"measurement": {"count": 100, "negative": 0, "histogram": "%s"},
                "integrity": {"measurement": {"final": true, "unattributed": 0, "producers": {
                  "lg-0": {"received": 100, "lost": 0, "duplicated": 0}}}}}}}
        """
            .formatted(encode(fast), encode(slow));

    RunSummary summary = SummaryAssembler.assemble(List.of(), LatencyResults.parse(json), null);

    assertThat(summary.getLatency().getSamples()).isEqualTo(1000);
    assertThat(summary.getLatency().getNegativeSamples()).isEqualTo(2);
    assertThat(summary.getLatency().getP50Ms()).isCloseTo(10.0, within(0.01));
    assertThat(summary.getLatency().getP95Ms()).isCloseTo(500.0, within(0.5));
    assertThat(summary.getIntegrity().getConsumed()).isEqualTo(1005);
    assertThat(summary.getIntegrity().getLost()).isEqualTo(3);
    assertThat(summary.getIntegrity().getDuplicated()).isEqualTo(5);
    assertThat(summary.getIntegrity().getProduced()).isEqualTo(1003);
    assertThat(summary.getMissing()).isNull();
    assertThat(summary.getOutputTopics()).containsOnlyKeys("a", "b");
    assertThat(summary.getOutputTopics().get("a").getSamples()).isEqualTo(900);
    assertThat(summary.getOutputTopics().get("a").getP99Ms()).isCloseTo(10.0, within(0.01));
    assertThat(summary.getOutputTopics().get("b").getP50Ms())
        .as("each topic's own percentiles, not the merged ones")
        .isCloseTo(500.0, within(0.5));
  }

  /**
   * Every percentile users read is the one it names: latencies of 1, 2, … 10,000 ms split odd and
   * even over two topics, and 1 … 1,000 ms on a third, give each percentile a value of its own, so
   * a p95 reported as p99 (or p99.9), or a topic's p99 taken from the merged histogram, fails here.
   */
  @Test
  void everyPercentileIsTheOneItNamesOverTheMergedAndEachTopicsHistogram() {
    Histogram odd = new Histogram(3_600_000_000L, 3);
    Histogram even = new Histogram(3_600_000_000L, 3);
    for (int ms = 1; ms <= 10_000; ms++) {
      (ms % 2 == 1 ? odd : even).recordValue(ms * 1000L);
    }
    Histogram low = new Histogram(3_600_000_000L, 3);
    for (int ms = 1; ms <= 1_000; ms++) {
      low.recordValue(ms * 1000L);
    }
    String json =
        """
        {"topics": {
          "a": {"measurement": {"count": 5000, "negative": 0, "histogram": "%s"}},
          "b": {"measurement": {"count": 5000, "negative": 0, "histogram": "%s"}},
          "c": {"measurement": {"count": 1000, "negative": 0, "histogram": "%s"}}}}
        """
            .formatted(encode(odd), encode(even), encode(low));

    RunSummary summary = SummaryAssembler.assemble(List.of(), LatencyResults.parse(json), null);

    // 11,000 values: 1..1,000 twice, 1,001..10,000 once. HdrHistogram keeps 3 significant digits.
    var latency = summary.getLatency();
    assertThat(latency.getSamples()).isEqualTo(11_000);
    assertThat(latency.getP50Ms()).isCloseTo(4_500.0, within(5.0));
    assertThat(latency.getP90Ms()).isCloseTo(8_900.0, within(10.0));
    assertThat(latency.getP95Ms()).isCloseTo(9_450.0, within(10.0));
    assertThat(latency.getP99Ms()).isCloseTo(9_890.0, within(10.0));
    assertThat(latency.getP999Ms()).isCloseTo(9_989.0, within(10.0));
    assertThat(latency.getMaxMs()).isCloseTo(10_000.0, within(10.0));
    var a = summary.getOutputTopics().get("a");
    assertThat(a.getP50Ms()).isCloseTo(5_000.0, within(5.0));
    assertThat(a.getP99Ms()).isCloseTo(9_900.0, within(10.0));
    assertThat(a.getMaxMs()).isCloseTo(9_999.0, within(10.0));
    var c = summary.getOutputTopics().get("c");
    assertThat(c.getP50Ms()).isCloseTo(500.0, within(0.5));
    assertThat(c.getP99Ms()).isCloseTo(990.0, within(1.0));
    assertThat(c.getMaxMs()).isCloseTo(1_000.0, within(1.0));
  }

  /**
   * The stages are merged over topics like the latency: each stage's percentiles from its
   * histograms added together (values that differ at p50, p90 and p99, and differ between stages,
   * so a stage read from another's histogram or percentile fails), its mean and the bands from the
   * consumer's per-band sums, the coverage a share of the records timed.
   */
  @Test
  void eachStageIsItsOwnMergedDistributionAndTheBandsAddUpOverTopics() {
    Histogram latency = new Histogram(3_600_000_000L, 3);
    Histogram publish = new Histogram(3_600_000_000L, 3);
    Histogram through = new Histogram(3_600_000_000L, 3);
    Histogram commit = new Histogram(3_600_000_000L, 3);
    for (int i = 1; i <= 1_000; i++) {
      latency.recordValue(i * 1000L);
      publish.recordValue(i * 10L); // 0.01 .. 10 ms
      through.recordValue(i * 100L); // 0.1 .. 100 ms
      commit.recordValue(i * 300L); // 0.3 .. 300 ms
    }
    String stages =
        """
        "stages": {"measurement": {"matched": %d, "unmatched": 0, "withPublishDelay": %d,
          "publishDelay": {"histogram": "%s"}, "throughApp": {"histogram": "%s"},
          "commitWait": {"histogram": "%s"},
          "bands": [{"upToMs": 100, "records": %d, "publishDelayMeanMs": 1.0,
                     "throughAppMeanMs": 20.0, "commitWaitMeanMs": 30.0},
                    {"upToMs": null, "records": %d, "publishDelayMeanMs": 3.0,
                     "throughAppMeanMs": 40.0, "commitWaitMeanMs": 250.0}]}}
        """;
    String json =
        """
        {"topics": {
          "a": {"measurement": {"count": 1000, "negative": 0, "histogram": "%s"}, %s},
          "b": {"measurement": {"count": 1000, "negative": 0, "histogram": "%s"}, %s}}}
        """
            .formatted(
                encode(latency),
                stages.formatted(
                    1_000, 1_000, encode(publish), encode(through), encode(commit), 600, 400),
                encode(latency),
                stages.formatted(
                    900, 800, encode(publish), encode(through), encode(commit), 900, 0));

    var s = SummaryAssembler.assemble(List.of(), LatencyResults.parse(json), null).getLatency();

    var st = s.getStages();
    assertThat(st.getRecords()).isEqualTo(1_900);
    assertThat(st.getCoverage()).isCloseTo(0.95, within(1e-9));
    assertThat(st.getRecordByRecord()).as("100 records of b had no publish delay").isFalse();
    assertThat(st.getPublishDelay().getP50Ms()).isCloseTo(5.0, within(0.01));
    assertThat(st.getPublishDelay().getP90Ms()).isCloseTo(9.0, within(0.01));
    assertThat(st.getPublishDelay().getP99Ms()).isCloseTo(9.9, within(0.01));
    assertThat(st.getThroughApp().getP50Ms()).isCloseTo(50.0, within(0.05));
    assertThat(st.getThroughApp().getP90Ms()).isCloseTo(90.0, within(0.1));
    assertThat(st.getThroughApp().getP99Ms()).isCloseTo(99.0, within(0.1));
    assertThat(st.getCommitWait().getP50Ms()).isCloseTo(150.0, within(0.2));
    assertThat(st.getCommitWait().getP90Ms()).isCloseTo(270.0, within(0.3));
    assertThat(st.getCommitWait().getP99Ms()).isCloseTo(297.0, within(0.3));
    // Sums from the bands: a 600 x 1 + 400 x 3, b 900 x 1; over the 1,800 with a publish delay.
    assertThat(st.getPublishDelay().getMeanMs()).isCloseTo(2_700.0 / 1_800, within(1e-9));
    assertThat(st.getCommitWait().getMeanMs())
        .isCloseTo((600 * 30.0 + 400 * 250.0 + 900 * 30.0) / 1_900, within(1e-9));
    assertThat(st.getBands()).hasSize(2);
    assertThat(st.getBands().get(0).getUpToMs()).isEqualTo(100);
    assertThat(st.getBands().get(0).getRecords()).isEqualTo(1_500);
    assertThat(st.getBands().get(0).getThroughAppMeanMs()).isCloseTo(20.0, within(1e-9));
    assertThat(st.getBands().get(1).getUpToMs()).as("the open band").isNull();
    assertThat(st.getBands().get(1).getCommitWaitMeanMs()).isCloseTo(250.0, within(1e-9));
  }

  @Test
  void withoutStagesTheSummaryHasNone() {
    Histogram latency = new Histogram(3_600_000_000L, 3);
    latency.recordValue(5_000);
    var s =
        SummaryAssembler.assemble(
                List.of(),
                LatencyResults.parse(
                    """
                    {"topics": {"a": {"measurement": {"count": 1, "histogram": "%s"}}}}
                    """
                        .formatted(encode(latency))),
                null)
            .getLatency();
    assertThat(s.getStages()).isNull();
  }

  @Test
  void withoutIntegrityTrackingThereIsNoIntegritySummary() {
    RunSummary summary =
        SummaryAssembler.assemble(
            List.of(),
            LatencyResults.parse(
                "{\"topics\": {\"a\": {\"measurement\": {\"count\": 0}, \"integrity\": null}}}"),
            null);

    assertThat(summary.getIntegrity()).isNull();
    assertThat(summary.getMissing())
        .containsExactly("latency: no record was timed in the measurement window");
  }

  private static String encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }
}
