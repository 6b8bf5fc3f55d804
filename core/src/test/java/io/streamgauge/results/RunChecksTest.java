package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RestorationSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.ThroughputSummary;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The validity checks of a window, against the defaulted thresholds of a wordcount spec. */
class RunChecksTest {

  /** Wordcount's 7,500 lines/s target. */
  private final BenchmarkRunSpec spec =
      new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));

  @Test
  void aWindowThatRanAsSpecifiedPassesEveryCheck() {
    List<CheckResult> checks = RunChecks.evaluate(spec, summary(7_480.0, 1.2, 50_000L));

    assertThat(checks)
        .extracting(CheckResult::getName, CheckResult::getPassed)
        .containsExactly(
            tuple("producedRate", true),
            tuple("publishDelayP99", true),
            tuple("lagGrowth", true),
            tuple("backlogAtStart", true),
            tuple("cpuThrottling", null),
            tuple("cpuCoverage", null),
            tuple("latencySamples", true),
            tuple("latencyTail", true),
            tuple("clock", true),
            tuple("scrapeInterval", true));
    assertThat(RunChecks.warnings(checks)).isNull();
    assertThat(RunChecks.describeFailures(checks)).isEmpty();
  }

  @Test
  void aGeneratorThatCouldNotKeepUpFailsTheRateAndBackPressureChecks() {
    List<CheckResult> checks = RunChecks.evaluate(spec, summary(7_000.0, 38.5, 50_000L));

    Map<String, CheckResult> byName = byName(checks);
    assertThat(byName.get("producedRate").getValue()).isEqualTo(7_000.0 / 7_500.0);
    assertThat(byName.get("producedRate").getThreshold()).isEqualTo(0.99);
    assertThat(byName.get("publishDelayP99").getThreshold()).isEqualTo(5.0);
    assertThat(RunChecks.warnings(checks)).isEqualTo("producedRate,publishDelayP99");
    assertThat(RunChecks.describeFailures(checks))
        .isEqualTo(
            "producedRate 0.933 not >= 0.990 (produced 7,000 of the target 7,500 records/s);"
                + " publishDelayP99 38.500 not <= 5 (ms the load generators sent behind schedule"
                + " at p99)");
  }

  @Test
  void aLatePublishSaysWhetherTheMachineOrTheGeneratorHeldTheLoadBack() {
    RunSummary machine = summary(7_500.0, 8.3, 50_000L);
    machine.getThroughput().setGeneratorStallP99Ms(6.2);
    RunSummary generator = summary(7_500.0, 8.3, 50_000L);
    generator.getThroughput().setGeneratorStallP99Ms(0.1);
    RunSummary backlog = summary(7_500.0, 9_730.0, 50_000L);
    backlog.getThroughput().setGeneratorStallP99Ms(43.0);
    RunSummary onTime = summary(7_500.0, 0.4, 50_000L);
    onTime.getThroughput().setGeneratorStallP99Ms(0.1);

    CheckResult byMachine = byName(RunChecks.evaluate(spec, machine)).get("publishDelayP99");
    CheckResult byGenerator = byName(RunChecks.evaluate(spec, generator)).get("publishDelayP99");
    CheckResult ownBacklog = byName(RunChecks.evaluate(spec, backlog)).get("publishDelayP99");
    CheckResult passed = byName(RunChecks.evaluate(spec, onTime)).get("publishDelayP99");

    assertThat(byMachine.getPassed()).as("the load was still not offered on time").isFalse();
    assertThat(byMachine.getDetail())
        .isEqualTo(
            "ms the load generators sent behind schedule at p99; their JVMs and machines alone"
                + " held them back 6.200 ms at p99 (generatorStallP99Ms: GC, CPU contention, a"
                + " paused VM), not their capacity");
    assertThat(byGenerator.getPassed()).isFalse();
    assertThat(byGenerator.getDetail())
        .endsWith(
            "held them back 0.100 ms at p99, so the generators fell behind on their own: add"
                + " producers (spec.load.producers)");
    assertThat(ownBacklog.getDetail())
        .as("stalls over the bound, but a backlog far past them is the generators' own")
        .contains("fell behind on their own");
    assertThat(passed.getPassed()).isTrue();
    assertThat(passed.getDetail()).endsWith("held them back 0.100 ms at p99");
  }

  @Test
  void theTopicFurthestBehindItsOwnTargetDecidesTheProducedRate() {
    BenchmarkRunSpec advanced =
        new SpecDefaulter().apply(Specs.minimal(Scenario.STATELESS_ADVANCED));
    Map<String, Double> targets = new TreeMap<>();
    advanced.getLoad().getTopics().forEach(t -> targets.put(t.getName(), t.getRatePerSecond()));
    Map<String, Double> produced = new TreeMap<>(targets);
    produced.put("orders", targets.get("orders") * 0.9);
    RunSummary summary = summary(targets.values().stream().mapToDouble(d -> d).sum(), 1.0, 50_000L);
    summary.getThroughput().setProducedPerSecByTopic(produced);
    summary.getThroughput().setProducedPerSec(produced.values().stream().mapToDouble(d -> d).sum());

    CheckResult rate = byName(RunChecks.evaluate(advanced, summary)).get("producedRate");

    assertThat(
            produced.values().stream().mapToDouble(d -> d).sum()
                / targets.values().stream().mapToDouble(d -> d).sum())
        .as("the sum alone would pass")
        .isGreaterThan(0.95);
    assertThat(rate.getValue()).isCloseTo(0.9, within(1e-9));
    assertThat(rate.getPassed()).isFalse();
    assertThat(rate.getDetail())
        .isEqualTo(
            "produced 630 of the target 700 records/s into orders (the topic furthest behind its"
                + " target)");
  }

  /**
   * A shaped load is judged by the shape's mean over the window (a burst of 5× for 10 s every 1m
   * averages 1⅔× the rates), and its lag, which the shape moves on purpose, is reported unjudged.
   */
  @Test
  void aShapedLoadIsJudgedByTheShapesMeanAndItsLagIsNotJudged() {
    BenchmarkRunSpec shaped = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    shaped.getSchedule().setMeasurement("2m");
    shaped.getLoad().setShape(Specs.burst(5, "10s", "1m"));
    RunSummary summary = summary(12_400.0, 1.0, 50_000L);
    summary.getThroughput().setInputLagGrowthPerSec(800.0);

    Map<String, CheckResult> byName = byName(RunChecks.evaluate(shaped, summary));

    assertThat(byName.get("producedRate").getValue()).isCloseTo(12_400.0 / 12_500.0, within(1e-9));
    assertThat(byName.get("producedRate").getDetail())
        .isEqualTo(
            "produced 12,400 of the target 12,500 records/s (the shape's mean over the window)");
    assertThat(byName.get("lagGrowth").getPassed()).isNull();
    assertThat(byName.get("lagGrowth").getDetail()).startsWith("not judged: spec.load.shape");
  }

  @Test
  void anInputLagThatKeepsGrowingFailsAgainstOnePercentOfTheTarget() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.getThroughput().setInputLagGrowthPerSec(80.0);

    CheckResult lag = byName(RunChecks.evaluate(spec, summary)).get("lagGrowth");

    assertThat(lag.getThreshold()).isEqualTo(75.0);
    assertThat(lag.getPassed()).isFalse();
    summary.getThroughput().setInputLagGrowthPerSec(-120.0);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("lagGrowth").getPassed())
        .as("a lag that shrank (catching up after the warmup) is no sign of overload")
        .isTrue();
  }

  /**
   * A window that begins with a backlog passes the lag trend (the lag falls while it drains) and
   * measures the drain: it fails on the backlog, in seconds of input.
   */
  @Test
  void aWindowThatBeganWithABacklogFailsBeyondTwoSecondsOfInput() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.getThroughput().setInputLagGrowthPerSec(-900.0);
    summary.getThroughput().setInputLagAtStart(45_000.0);

    Map<String, CheckResult> byName = byName(RunChecks.evaluate(spec, summary));

    assertThat(byName.get("lagGrowth").getPassed()).isTrue();
    CheckResult backlog = byName.get("backlogAtStart");
    assertThat(backlog.getValue()).isEqualTo(6.0);
    assertThat(backlog.getThreshold()).isEqualTo(2.0);
    assertThat(backlog.getPassed()).isFalse();
    assertThat(RunChecks.describeFailure(backlog))
        .startsWith(
            "backlogAtStart 6 not <= 2 (seconds of input the app was behind when the window"
                + " started (input lag 45,000 records at 7,500 records/s;");
    summary.getThroughput().setInputLagAtStart(15_000.0);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("backlogAtStart").getPassed())
        .as("exactly two seconds of input")
        .isTrue();
    summary.getThroughput().setInputLagAtStart(null);
    CheckResult unsampled = byName(RunChecks.evaluate(spec, summary)).get("backlogAtStart");
    assertThat(unsampled.getPassed()).isNull();
    assertThat(unsampled.getDetail()).contains("not sampled before the window");
  }

  @Test
  void aWindowTooShortForTheAppsCommitIntervalLeavesTheLagTrendUnjudged() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.getThroughput().setInputLagGrowthPerSec(80.0);
    spec.setProcessingGuarantee(ProcessingGuarantee.AT_LEAST_ONCE);
    spec.getSchedule().setMeasurement("1m");

    CheckResult lag = byName(RunChecks.evaluate(spec, summary)).get("lagGrowth");

    assertThat(lag.getPassed()).as("one commit every 30 s: two in a minute").isNull();
    assertThat(lag.getValue()).isEqualTo(80.0);
    assertThat(lag.getDetail())
        .isEqualTo(
            "not judged: a 1m window is too short for the lag trend of an app that commits"
                + " every 30s, scraped every 10s (sampling alone could move the slope by 0.9 % of the rate); it"
                + " takes 1m30s");
    assertThat(RunChecks.warnings(RunChecks.evaluate(spec, summary))).isNull();

    spec.getSchedule().setMeasurement("2m");
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("lagGrowth").getPassed()).isFalse();

    spec.getSchedule().setMeasurement("1m");
    spec.getApp().setConfig(new HashMap<>(Map.of("commit.interval.ms", "1000")));
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("lagGrowth").getPassed())
        .as("the app's own commit.interval.ms decides")
        .isFalse();
  }

  @Test
  void anAppThrottledByItsCpuLimitInMoreThanOneCfsPeriodInTenFails() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.setCpuThrottledShare(0.25);
    summary.setCpuThrottledSeconds(12.5);

    CheckResult throttling = byName(RunChecks.evaluate(spec, summary)).get("cpuThrottling");

    assertThat(throttling.getPassed()).isFalse();
    assertThat(RunChecks.describeFailure(throttling))
        .isEqualTo(
            "cpuThrottling 0.250 not <= 0.100 (of the app container's CFS periods throttled by"
                + " its CPU limit (12.500 s stalled))");
    summary.setCpuThrottledShare(0.02);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("cpuThrottling").getPassed()).isTrue();
    summary.setCpuThrottledShare(null);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("cpuThrottling").getDetail())
        .as("local processes have no CPU quota to be throttled by")
        .contains("not measured");
  }

  /**
   * cAdvisor's samples must span at least half the window by default: judged at the threshold from
   * both sides, and unjudged for a CPU figure whose samples Prometheus stamps (local).
   */
  @Test
  void aCpuFigureDescribingLessThanHalfTheWindowFails() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.setCoverage(Map.of("cpuCores", 0.5));
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("cpuCoverage").getPassed()).isTrue();

    summary.setCoverage(Map.of("cpuCores", 0.499));
    CheckResult coverage = byName(RunChecks.evaluate(spec, summary)).get("cpuCoverage");
    assertThat(coverage.getPassed()).isFalse();
    assertThat(RunChecks.describeFailure(coverage)).startsWith("cpuCoverage 0.499 not >= 0.500");
    assertThat(RunChecks.warnings(RunChecks.evaluate(spec, summary))).contains("cpuCoverage");

    spec.getChecks().setMinCpuCoverage(0.4);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("cpuCoverage").getPassed()).isTrue();

    summary.setCoverage(null);
    CheckResult local = byName(RunChecks.evaluate(spec, summary)).get("cpuCoverage");
    assertThat(local.getPassed()).isNull();
    assertThat(local.getDetail()).contains("covers the whole window");
  }

  @Test
  void theThresholdsComeFromSpecChecks() {
    spec.getChecks().setMinProducedShare(0.9);
    spec.getChecks().setMaxPublishDelayP99Ms(50.0);
    spec.getChecks().setMinLatencySamples(100_000L);

    List<CheckResult> checks = RunChecks.evaluate(spec, summary(7_000.0, 38.5, 50_000L));

    assertThat(RunChecks.warnings(checks)).isEqualTo("latencySamples");
  }

  @Test
  void aFigureThatWasNotMeasuredHasNoVerdictAndDoesNotFailTheRun() {
    RunSummary summary = summary(7_500.0, null, 50_000L);

    CheckResult delay = byName(RunChecks.evaluate(spec, summary)).get("publishDelayP99");

    assertThat(delay.getPassed()).isNull();
    assertThat(delay.getValue()).isNull();
    assertThat(delay.getDetail()).isEqualTo("the load generators' publish delay was not measured");
    assertThat(RunChecks.warnings(RunChecks.evaluate(spec, summary))).isNull();
  }

  @Test
  void anUnfinishedTailAndSkewedClocksFail() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.getLatency().setComplete(false);
    summary.getLatency().setPartitionsBehind(List.of("output-3"));
    summary.getLatency().setClockSkewed(true);

    Map<String, CheckResult> byName = byName(RunChecks.evaluate(spec, summary));

    assertThat(byName.get("latencyTail").getPassed()).isFalse();
    assertThat(byName.get("latencyTail").getDetail()).endsWith("[output-3]");
    assertThat(byName.get("clock").getPassed()).isFalse();
  }

  /**
   * With a catch-up: an app that began its window behind while still falling further behind fails
   * the catchUp check (the lag-growth bound, 75 records/s at 7,500); one still draining, caught up,
   * within the bound, or within it by the window's start passes.
   */
  @Test
  void anAppStillFallingBehindWhenItsCatchUpRanOutFailsTheCatchUpCheck() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    summary.getThroughput().setInputLagAtStart(400_000.0);
    assertThat(RunChecks.evaluate(spec, summary))
        .extracting(CheckResult::getName)
        .as("no catch-up, no check")
        .doesNotContain("catchUp");

    CatchUpSummary catchUp = new CatchUpSummary();
    catchUp.setCaughtUp(false);
    catchUp.setSeconds(120.0);
    catchUp.setLag(360_000.0);
    catchUp.setLagTrendPerSec(4_000.0);
    summary.setCatchUp(catchUp);
    CheckResult growing = byName(RunChecks.evaluate(spec, summary)).get("catchUp");
    assertThat(growing.getPassed()).isFalse();
    assertThat(growing.getThreshold()).isEqualTo(75.0);
    assertThat(RunChecks.describeFailure(growing))
        .isEqualTo(
            "catchUp 4,000 not <= 75 (records/s the app's input lag grew by when its catch-up ran"
                + " out after 2m (lag 360,000): one still falling behind consumes less than the"
                + " input)");

    summary.getThroughput().setInputLagAtStart(600.0);
    CheckResult levelByTheWindow = byName(RunChecks.evaluate(spec, summary)).get("catchUp");
    assertThat(levelByTheWindow.getPassed())
        .as("a trend read over 10 s of a lag committed every interval is noise near the bound")
        .isTrue();
    assertThat(levelByTheWindow.getDetail())
        .isEqualTo(
            "caught up by the window's start (backlogAtStart passed); the catch-up ran out after 2m");
    summary.getThroughput().setInputLagAtStart(400_000.0);

    catchUp.setLagTrendPerSec(-1_000.0);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("catchUp").getPassed())
        .as("still draining: the window is inconclusive, not the rate")
        .isTrue();

    catchUp.setLagTrendPerSec(null);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("catchUp").getPassed()).isNull();

    catchUp.setLag(9_000.0);
    catchUp.setLagTrendPerSec(4_000.0);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("catchUp").getDetail())
        .startsWith("within the bound when the warmup started");

    catchUp.setCaughtUp(true);
    CheckResult caughtUp = byName(RunChecks.evaluate(spec, summary)).get("catchUp");
    assertThat(caughtUp.getPassed()).isTrue();
    assertThat(caughtUp.getDetail()).isEqualTo("caught up after 2m");
  }

  @Test
  void aPrometheusScrapingLessOftenThanTheSpecSaysFailsTheScrapeIntervalCheck() {
    spec.getSchedule().setMeasurement("90s");
    spec.getPrometheus().setScrapeInterval("2s");
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);

    // 45 scrapes every 2 s; three quarters of them pass, so a scrape missed now and then does.
    summary.getThroughput().setLatencyConsumerScrapes(45L);
    CheckResult kept = byName(RunChecks.evaluate(spec, summary)).get("scrapeInterval");
    assertThat(kept.getPassed()).isTrue();
    assertThat(kept.getThreshold()).isEqualTo(33.0);
    assertThat(kept.getDetail())
        .isEqualTo(
            "samples of the latency consumer in the 1m30s window: one per 2.0 s,"
                + " spec.prometheus.scrapeInterval 2s");
    summary.getThroughput().setLatencyConsumerScrapes(33L);
    assertThat(byName(RunChecks.evaluate(spec, summary)).get("scrapeInterval").getPassed())
        .isTrue();

    // A Prometheus with its own 5 s interval, ignoring the PodMonitor's.
    summary.getThroughput().setLatencyConsumerScrapes(18L);
    List<CheckResult> checks = RunChecks.evaluate(spec, summary);
    assertThat(RunChecks.warnings(checks)).isEqualTo("scrapeInterval");
    assertThat(byName(checks).get("scrapeInterval").getDetail())
        .startsWith("samples of the latency consumer in the 1m30s window: one per 5.0 s,")
        .endsWith("set spec.prometheus.scrapeInterval to the interval Prometheus scrapes at");

    summary.getThroughput().setLatencyConsumerScrapes(null);
    CheckResult unknown = byName(RunChecks.evaluate(spec, summary)).get("scrapeInterval");
    assertThat(unknown.getPassed()).isNull();
    assertThat(unknown.getDetail()).contains("no sample of the latency consumer");
  }

  @Test
  void integrityIsCheckedWhereTrackedAndDuplicatesOnlyUnderExactlyOnce() {
    RunSummary summary = summary(7_500.0, 1.0, 50_000L);
    IntegritySummary integrity = new IntegritySummary();
    integrity.setProduced(60_000L);
    integrity.setConsumed(60_010L);
    integrity.setLost(0L);
    integrity.setDuplicated(10L);
    integrity.setFailedSends(0L);
    summary.setIntegrity(integrity);

    spec.setProcessingGuarantee(ProcessingGuarantee.EXACTLY_ONCE_V2);
    assertThat(RunChecks.warnings(RunChecks.evaluate(spec, summary)))
        .isEqualTo("duplicatedRecords");

    spec.setProcessingGuarantee(ProcessingGuarantee.AT_LEAST_ONCE);
    List<CheckResult> atLeastOnce = RunChecks.evaluate(spec, summary);
    assertThat(atLeastOnce)
        .extracting(CheckResult::getName)
        .contains("failedSends", "lostRecords")
        .doesNotContain("duplicatedRecords");
    assertThat(RunChecks.warnings(atLeastOnce)).isNull();

    integrity.setLost(3L);
    assertThat(RunChecks.warnings(RunChecks.evaluate(spec, summary))).isEqualTo("lostRecords");
  }

  @Test
  void aRestorationIsCheckedForEveryPrepopulatedRecordRestored() {
    RunSummary summary = new RunSummary();
    RestorationSummary restoration = new RestorationSummary();
    restoration.setPrepopulatedRecords(16_000L);
    restoration.setRestoredRecords(15_999L);
    summary.setRestoration(restoration);

    List<CheckResult> checks =
        RunChecks.evaluate(
            new SpecDefaulter().apply(Specs.minimal(Scenario.STATE_RESTORATION)), summary);

    assertThat(checks)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getName()).isEqualTo("restoredRecords");
              assertThat(c.getPassed()).isFalse();
              assertThat(c.getThreshold()).isEqualTo(16_000.0);
            });
  }

  private RunSummary summary(Double produced, Double publishDelayP99Ms, Long samples) {
    RunSummary summary = new RunSummary();
    ThroughputSummary throughput = new ThroughputSummary();
    throughput.setProducedPerSec(produced);
    throughput.setPublishDelayP99Ms(publishDelayP99Ms);
    throughput.setInputLagGrowthPerSec(0.4);
    throughput.setInputLagAtStart(600.0);
    // One sample per spec.prometheus.scrapeInterval over the window, as Prometheus keeps them.
    throughput.setLatencyConsumerScrapes(
        SpecDuration.parse(spec.getSchedule().getMeasurement()).toMillis()
            / SpecDuration.parse(spec.getPrometheus().getScrapeInterval()).toMillis());
    summary.setThroughput(throughput);
    LatencySummary latency = new LatencySummary();
    latency.setSamples(samples);
    latency.setComplete(true);
    latency.setClockSkewed(false);
    summary.setLatency(latency);
    return summary;
  }

  private static Map<String, CheckResult> byName(List<CheckResult> checks) {
    return checks.stream().collect(Collectors.toMap(CheckResult::getName, Function.identity()));
  }
}
