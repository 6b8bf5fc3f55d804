package io.streamgauge.results;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ChecksSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.SpecDurations;
import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.RestorationSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.api.summary.ThroughputSummary;
import io.streamgauge.common.LagTrendResolution;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.scenario.AppCommitInterval;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The validity checks of a collected window: whether the load ran as specified, the latency
 * consumer saw enough of the window on one clock, and no record was lost (or, under exactly-once,
 * duplicated). Each check gives its value, threshold and verdict; one that cannot be evaluated has
 * no verdict and says why, and does not make the run invalid.
 */
public final class RunChecks {

  static final String AT_LEAST = ">=";
  static final String AT_MOST = "<=";

  /** The share of the spec's scrapes Prometheus must hold for the scrapeInterval check. */
  static final double MIN_SCRAPE_SHARE = 0.75;

  private RunChecks() {}

  /** The checks of {@code summary}, with the thresholds of {@code spec.checks}. */
  public static List<CheckResult> evaluate(BenchmarkRunSpec spec, RunSummary summary) {
    if (summary.getRestoration() != null) {
      return List.of(restoredRecords(summary.getRestoration()));
    }
    ChecksSpec thresholds = spec.getChecks() == null ? new ChecksSpec() : spec.getChecks();
    List<CheckResult> checks = new ArrayList<>();
    ThroughputSummary throughput = summary.getThroughput();
    double target = spec.getLoad().totalRatePerSecond();
    checks.add(producedRate(spec, throughput, thresholds));
    checks.add(publishDelay(spec, throughput, thresholds));
    checks.add(lagGrowth(spec, target, throughput, thresholds));
    CheckResult backlogAtStart = backlogAtStart(target, throughput, thresholds);
    checks.add(backlogAtStart);
    if (summary.getCatchUp() != null) {
      checks.add(catchUp(target, summary.getCatchUp(), backlogAtStart, thresholds));
    }
    checks.add(cpuThrottling(summary, thresholds));
    checks.add(cpuCoverage(summary, thresholds));
    LatencySummary latency = summary.getLatency();
    checks.add(latencySamples(latency, thresholds));
    checks.add(latencyTail(latency));
    checks.add(clock(latency));
    checks.add(scrapeInterval(spec, throughput));
    IntegritySummary integrity = summary.getIntegrity();
    if (integrity != null) {
      checks.add(failedSends(integrity));
      checks.add(lostRecords(integrity));
      if (spec.getProcessingGuarantee() == ProcessingGuarantee.EXACTLY_ONCE_V2) {
        checks.add(duplicatedRecords(integrity));
      }
    }
    return checks;
  }

  /** The names of the failed checks, comma-separated, or null when none failed. */
  public static String warnings(List<CheckResult> checks) {
    String failed =
        checks.stream()
            .filter(c -> Boolean.FALSE.equals(c.getPassed()))
            .map(CheckResult::getName)
            .collect(Collectors.joining(","));
    return failed.isEmpty() ? null : failed;
  }

  /** The failed checks, each as {@link #describeFailure}, joined by "; "; empty when none. */
  public static String describeFailures(List<CheckResult> checks) {
    return checks.stream()
        .filter(c -> Boolean.FALSE.equals(c.getPassed()))
        .map(RunChecks::describeFailure)
        .collect(Collectors.joining("; "));
  }

  /** {@code producedRate 0.932 not >= 0.990 (produced 6,990 of the target 7,500 records/s)}. */
  public static String describeFailure(CheckResult check) {
    return check.getName()
        + " "
        + number(check.getValue())
        + " not "
        + check.getComparison()
        + " "
        + number(check.getThreshold())
        + " ("
        + check.getDetail()
        + ")";
  }

  /** A check's value or threshold as reports print it: whole numbers grouped, else 3 decimals. */
  public static String number(Double value) {
    if (value == null) {
      return "-";
    }
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? "%,d".formatted(value.longValue())
        : "%,.3f".formatted(value);
  }

  /**
   * The produced rate against the target: per topic when the generators' rate per topic was
   * measured (the topic furthest behind its own target decides: a sum could hide it), else over all
   * topics.
   */
  private static CheckResult producedRate(
      BenchmarkRunSpec spec, ThroughputSummary throughput, ChecksSpec thresholds) {
    double meanFactor = meanFactor(spec);
    double target = spec.getLoad().totalRatePerSecond() * meanFactor;
    String shaped = meanFactor == 1 ? "" : " (the shape's mean over the window)";
    Map<String, Double> byTopic = throughput == null ? null : throughput.getProducedPerSecByTopic();
    if (byTopic != null && !byTopic.isEmpty()) {
      CheckResult worst = null;
      for (LoadTopicSpec topic : spec.getLoad().getTopics()) {
        Double rate = topic.getRatePerSecond();
        if (rate == null || rate <= 0) {
          continue;
        }
        rate *= meanFactor;
        double produced = byTopic.getOrDefault(topic.getName(), 0.0);
        double share = produced / rate;
        if (worst == null || share < worst.getValue()) {
          worst =
              compare(
                  CheckName.PRODUCED_RATE,
                  share,
                  thresholds.getMinProducedShare(),
                  AT_LEAST,
                  "produced %s of the target %s records/s%s into %s%s"
                      .formatted(
                          number(produced),
                          number(rate),
                          shaped,
                          topic.getName(),
                          spec.getLoad().getTopics().size() > 1
                              ? " (the topic furthest behind its target)"
                              : ""));
        }
      }
      if (worst != null) {
        return worst;
      }
    }
    Double produced = throughput == null ? null : throughput.getProducedPerSec();
    Double share = produced == null || target <= 0 ? null : produced / target;
    return compare(
        CheckName.PRODUCED_RATE,
        share,
        thresholds.getMinProducedShare(),
        AT_LEAST,
        share == null
            ? "the produced rate was not measured"
            : "produced %s of the target %s records/s%s"
                .formatted(number(produced), number(target), shaped));
  }

  /**
   * The factor of the topics' rates the window averages: its shape's integral over its length, 1
   * without a shape.
   */
  private static double meanFactor(BenchmarkRunSpec spec) {
    return LoadShapes.of(spec).map(s -> s.area(s.seconds()) / s.seconds()).orElse(1.0);
  }

  private static CheckResult publishDelay(
      BenchmarkRunSpec spec, ThroughputSummary throughput, ChecksSpec thresholds) {
    Double p99 = throughput == null ? null : throughput.getPublishDelayP99Ms();
    if (p99 != null && spec.hasFault(FaultType.RollBroker)) {
      return notJudged(
          CheckName.PUBLISH_DELAY_P99,
          p99,
          thresholds.getMaxPublishDelayP99Ms(),
          "the broker restart of spec.faults holds the load generators' sends back on purpose;"
              + " summary.faults says whether the run recovered");
    }
    Double bound = thresholds.getMaxPublishDelayP99Ms();
    return compare(
        CheckName.PUBLISH_DELAY_P99,
        p99,
        bound,
        AT_MOST,
        p99 == null
            ? "the load generators' publish delay was not measured"
            : "ms the load generators sent behind schedule at p99"
                + stallCause(p99, throughput.getGeneratorStallP99Ms(), bound));
  }

  /**
   * Who held the load back: the generators' machines when their stall meter alone reads over the
   * bound and at least half the publish delay (a generator that costs nothing would have failed
   * too; side by side under CPU contention the two p99s read 0.9-1.2 of each other), else the
   * generators themselves — a generator that cannot keep up builds a backlog far past any stall
   * (one at a seventh of its target read 9,730 ms against 43 ms of stalls, its own GC included).
   */
  private static String stallCause(double p99, Double stall, Double bound) {
    if (stall == null || bound == null) {
      return "";
    }
    String stalled =
        "; their JVMs and machines alone held them back %s ms at p99".formatted(number(stall));
    if (p99 <= bound) {
      return stalled;
    }
    return stall > bound && stall >= p99 / 2
        ? stalled + " (generatorStallP99Ms: GC, CPU contention, a paused VM), not their capacity"
        : stalled
            + ", so the generators fell behind on their own: add producers (spec.load.producers)";
  }

  /**
   * Judged only when the window is long enough for the lag's slope to mean more than when the
   * sampler happened to read it ({@link LagTrendResolution}); otherwise reported without verdict.
   */
  private static CheckResult lagGrowth(
      BenchmarkRunSpec spec, double target, ThroughputSummary throughput, ChecksSpec thresholds) {
    Double growth = throughput == null ? null : throughput.getInputLagGrowthPerSec();
    Double share = thresholds.getMaxLagGrowthShare();
    Double bound = share == null || target <= 0 ? null : share * target;
    if (growth == null) {
      return compare(
          CheckName.LAG_GROWTH,
          null,
          bound,
          AT_MOST,
          "the app's input lag was not sampled (no committed offsets of its group)");
    }
    String what = "records/s the app's input lag grew by (least-squares slope over the window)";
    if (spec.hasFaults()) {
      return notJudged(
          CheckName.LAG_GROWTH,
          growth,
          bound,
          "the faults of spec.faults move the lag on purpose; summary.faults says whether the app"
              + " recovered");
    }
    if (spec.getLoad().getShape() != null) {
      return notJudged(
          CheckName.LAG_GROWTH,
          growth,
          bound,
          "spec.load.shape moves the lag on purpose; summary.load says each segment's lag and how"
              + " long each burst took to drain");
    }
    Duration window = measurementWindow(spec);
    if (share == null || window == null) {
      return compare(CheckName.LAG_GROWTH, growth, bound, AT_MOST, what);
    }
    Duration commits = AppCommitInterval.of(spec);
    Duration scrapes = SpecDurations.of(spec).scrapeInterval();
    Duration needed = LagTrendResolution.minimumWindow(commits, scrapes, share);
    if (window.compareTo(needed) < 0) {
      return notJudged(
          CheckName.LAG_GROWTH,
          growth,
          bound,
          "a %s window is too short for the lag trend of an app that commits every %s, scraped every %s"
                  .formatted(SpecDuration.format(window), interval(commits), interval(scrapes))
              + " (sampling alone could move the slope by %.1f %% of the rate); it takes %s"
                  .formatted(
                      100 * LagTrendResolution.noiseShare(commits, scrapes, window),
                      SpecDuration.format(roundUpToSeconds(needed))));
    }
    return compare(CheckName.LAG_GROWTH, growth, bound, AT_MOST, what);
  }

  /**
   * How far behind its input the app began the window, in seconds of input: a window that begins
   * with a backlog measures its drain (p99 holds the backlog's age) and a lag slope that falls
   * while the app may or may not keep up.
   */
  private static CheckResult backlogAtStart(
      double target, ThroughputSummary throughput, ChecksSpec thresholds) {
    Double lag = throughput == null ? null : throughput.getInputLagAtStart();
    Double bound = thresholds.getMaxBacklogAtStartSeconds();
    if (lag == null || target <= 0) {
      return compare(
          CheckName.BACKLOG_AT_START,
          null,
          bound,
          AT_MOST,
          target <= 0
              ? "no target rate to measure the backlog in"
              : "the app's input lag was not sampled before the window (no committed offsets of"
                  + " its group)");
    }
    return compare(
        CheckName.BACKLOG_AT_START,
        lag / target,
        bound,
        AT_MOST,
        "seconds of input the app was behind when the window started (input lag %s records at %s records/s; spec.schedule.catchUp waits for it to catch up)"
            .formatted(number((double) Math.round(lag)), number((double) Math.round(target))));
  }

  /**
   * Whether an app that began its window behind was still draining when its catch-up ran out, or
   * falling further behind: at {@code schedule.catchUp} (or later, while it drained) after the load
   * started, past its JIT phase, a lag that still grows by more than the lag-growth bound means the
   * app consumes less than the input — the rate is not sustained, however the window goes. One that
   * caught up, ended within the bound, or passed {@code backlogAtStart} passes: the trend comes
   * from two readings 10 s apart of a lag committed every commit interval, which moves by up to an
   * interval's input between them (docs/guides/capacity.md#a-window-begun-behind-is-inconclusive).
   */
  private static CheckResult catchUp(
      double target, CatchUpSummary catchUp, CheckResult backlogAtStart, ChecksSpec thresholds) {
    Double trend = catchUp.getLagTrendPerSec();
    Double share = thresholds.getMaxLagGrowthShare();
    Double bound = share == null || target <= 0 ? null : share * target;
    String after =
        catchUp.getSeconds() == null
            ? ""
            : " after " + SpecDuration.format(Duration.ofSeconds(Math.round(catchUp.getSeconds())));
    if (Boolean.TRUE.equals(catchUp.getCaughtUp())) {
      return caughtUp(trend, bound, "caught up" + after);
    }
    Double backlogSeconds = thresholds.getMaxBacklogAtStartSeconds();
    if (catchUp.getLag() != null
        && backlogSeconds != null
        && catchUp.getLag() <= backlogSeconds * target) {
      return caughtUp(
          trend,
          bound,
          "within the bound when the warmup started" + after + ", not yet held for its time");
    }
    if (Boolean.TRUE.equals(backlogAtStart.getPassed())) {
      return caughtUp(
          trend,
          bound,
          "caught up by the window's start (backlogAtStart passed); the catch-up ran out" + after);
    }
    if (trend == null) {
      return notJudged(
          CheckName.CATCH_UP,
          null,
          bound,
          "the catch-up ran out" + after + " before its lag had a trend");
    }
    return compare(
        CheckName.CATCH_UP,
        trend,
        bound,
        AT_MOST,
        "records/s the app's input lag grew by when its catch-up ran out%s (lag %s): one still falling behind consumes less than the input"
            .formatted(after, number((double) Math.round(catchUp.getLag()))));
  }

  /** The catchUp check passed: the app caught up (or did by the window), as {@code detail} says. */
  private static CheckResult caughtUp(Double trend, Double bound, String detail) {
    return new CheckResult(CheckName.CATCH_UP.id(), trend, bound, AT_MOST, true, detail);
  }

  /** A check reported with its value but no verdict, saying why. */
  private static CheckResult notJudged(CheckName name, Double value, Double bound, String why) {
    return new CheckResult(name.id(), value, bound, AT_MOST, null, "not judged: " + why);
  }

  private static CheckResult cpuThrottling(RunSummary summary, ChecksSpec thresholds) {
    Double share = summary.getCpuThrottledShare();
    return compare(
        CheckName.CPU_THROTTLING,
        share,
        thresholds.getMaxCpuThrottledShare(),
        AT_MOST,
        share == null
            ? "the app's CPU throttling was not measured (cAdvisor's CFS counters, on Kubernetes;"
                + " local processes have no CPU quota)"
            : summary.getCpuThrottledSeconds() == null
                ? "of the app container's CFS periods throttled by its CPU limit"
                : "of the app container's CFS periods throttled by its CPU limit (%s s stalled)"
                    .formatted(number(summary.getCpuThrottledSeconds())));
  }

  /**
   * Whether the app's CPU figure describes enough of the window: cAdvisor's samples, which the
   * figure's slope rests on, span at least this share of it. Unjudged where the figure comes from
   * samples Prometheus stamps at each scrape (the process's own counters), which cover it all.
   */
  private static CheckResult cpuCoverage(RunSummary summary, ChecksSpec thresholds) {
    Double share = summary.getCoverage() == null ? null : summary.getCoverage().get("cpuCores");
    return compare(
        CheckName.CPU_COVERAGE,
        share,
        thresholds.getMinCpuCoverage(),
        AT_LEAST,
        share == null
            ? "the app's CPU figure covers the whole window (its samples are stamped at each"
                + " scrape), or was not measured"
            : "of the window between cAdvisor's first and last samples of the app's CPU (a longer"
                + " window, a shorter housekeeping or scrape interval cover more)");
  }

  /**
   * Whether Prometheus scraped the latency consumer as often as {@code
   * spec.prometheus.scrapeInterval} says: the ranges of two scrape intervals (the peaks, the plots,
   * a fault's recovery, the backlog at the start) hold two samples only then. A Prometheus that
   * ignores the PodMonitor's interval (its own global interval, annotation-based scraping) leaves
   * them with one sample or none, and the figures over them silently absent. A quarter of slack: a
   * scrape missed now and then (a machine saturated by the run) leaves a gap, not a run without
   * figures, and should not fail a probe of a capacity search.
   */
  private static CheckResult scrapeInterval(BenchmarkRunSpec spec, ThroughputSummary throughput) {
    Long scrapes = throughput == null ? null : throughput.getLatencyConsumerScrapes();
    Duration window = measurementWindow(spec);
    Duration interval = SpecDurations.of(spec).scrapeInterval();
    if (window == null) {
      return compare(CheckName.SCRAPE_INTERVAL, null, null, AT_LEAST, "no measurement window");
    }
    double expected = (double) window.toMillis() / interval.toMillis();
    double least = Math.max(1, Math.floor(MIN_SCRAPE_SHARE * expected));
    if (scrapes == null || scrapes == 0) {
      return compare(
          CheckName.SCRAPE_INTERVAL,
          null,
          least,
          AT_LEAST,
          "Prometheus holds no sample of the latency consumer in the window");
    }
    double every = window.toMillis() / 1000.0 / scrapes;
    String observed =
        String.format(
            Locale.ROOT,
            "samples of the latency consumer in the %s window: one per %.1f s,"
                + " spec.prometheus.scrapeInterval %s",
            SpecDuration.format(window),
            every,
            interval(interval));
    return compare(
        CheckName.SCRAPE_INTERVAL,
        scrapes.doubleValue(),
        least,
        AT_LEAST,
        scrapes >= least
            ? observed
            : observed
                + ": ranges of two scrape intervals (peaks, plots, a fault's recovery, the backlog"
                + " at the start) find one sample or none; set spec.prometheus.scrapeInterval to"
                + " the interval Prometheus scrapes at");
  }

  private static Duration measurementWindow(BenchmarkRunSpec spec) {
    return spec.getSchedule() == null || spec.getSchedule().getMeasurement() == null
        ? null
        : SpecDurations.of(spec).measurement();
  }

  /**
   * In whole seconds as spec durations read ({@code 30s}), else in milliseconds ({@code 100 ms}).
   */
  private static String interval(Duration d) {
    return d.toMillis() % 1000 == 0 ? SpecDuration.format(d) : d.toMillis() + " ms";
  }

  private static Duration roundUpToSeconds(Duration d) {
    return Duration.ofSeconds(d.toSeconds() + (d.toNanosPart() > 0 ? 1 : 0));
  }

  private static CheckResult latencySamples(LatencySummary latency, ChecksSpec thresholds) {
    Long samples = latency == null ? null : latency.getSamples();
    Long min = thresholds.getMinLatencySamples();
    return compare(
        CheckName.LATENCY_SAMPLES,
        samples == null ? null : samples.doubleValue(),
        min == null ? null : min.doubleValue(),
        AT_LEAST,
        samples == null ? "no record was timed in the window" : "records timed in the window");
  }

  private static CheckResult latencyTail(LatencySummary latency) {
    Boolean complete = latency == null ? null : latency.getComplete();
    return new CheckResult(
        CheckName.LATENCY_TAIL.id(),
        complete == null ? null : complete ? 1.0 : 0.0,
        1.0,
        AT_LEAST,
        complete,
        complete == null
            ? "unknown whether the window's last records were read"
            : complete
                ? "every output partition was read past the window's end"
                : "the drain ended before every output partition passed the window's end: "
                    + latency.getPartitionsBehind());
  }

  private static CheckResult clock(LatencySummary latency) {
    Boolean skewed = latency == null ? null : latency.getClockSkewed();
    return new CheckResult(
        CheckName.CLOCK.id(),
        skewed == null ? null : skewed ? 1.0 : 0.0,
        0.0,
        AT_MOST,
        skewed == null ? null : !skewed,
        skewed == null
            ? "no latency to judge the clocks by"
            : skewed
                ? "latencies below zero: the send and receive clocks disagree"
                : "send and receive times on clocks that agree");
  }

  private static CheckResult failedSends(IntegritySummary integrity) {
    return count(CheckName.FAILED_SENDS, integrity.getFailedSends(), "records whose send failed");
  }

  private static CheckResult lostRecords(IntegritySummary integrity) {
    return count(
        CheckName.LOST_RECORDS,
        integrity.getLost(),
        "records produced in the window and never read from the output");
  }

  private static CheckResult duplicatedRecords(IntegritySummary integrity) {
    return count(
        CheckName.DUPLICATED_RECORDS,
        integrity.getDuplicated(),
        "records read more than once under exactly-once");
  }

  private static CheckResult restoredRecords(RestorationSummary restoration) {
    Long restored = restoration.getRestoredRecords();
    Long written = restoration.getPrepopulatedRecords();
    return compare(
        CheckName.RESTORED_RECORDS,
        restored == null ? null : restored.doubleValue(),
        written == null ? null : written.doubleValue(),
        AT_LEAST,
        restored == null
            ? "the app did not report what it restored"
            : "records restored of the records prepopulated");
  }

  private static CheckResult count(CheckName name, Long value, String what) {
    return compare(
        name,
        value == null ? null : value.doubleValue(),
        0.0,
        AT_MOST,
        value == null ? what + ": not counted" : what);
  }

  private static CheckResult compare(
      CheckName name, Double value, Double threshold, String comparison, String detail) {
    Boolean passed =
        value == null || threshold == null
            ? null
            : AT_LEAST.equals(comparison) ? value >= threshold : value <= threshold;
    return new CheckResult(name.id(), value, threshold, comparison, passed, detail);
  }
}
