package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CleanupPolicy;
import io.streamgauge.api.spec.FaultSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.StartupSummary;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.platform.AppStartup;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.PlatformException;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.RecordedRunEvents;
import io.streamgauge.testing.Specs;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The phase machine over a fake platform and a hand-moved clock. */
class PhaseMachineTest {

  private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
  private static final PhaseTimeouts TIMEOUTS =
      new PhaseTimeouts(
          Duration.ofSeconds(60),
          Duration.ofSeconds(60),
          Duration.ofSeconds(30),
          Duration.ofSeconds(2));

  private final FakePlatform platform = new FakePlatform();
  private final List<String> events = new ArrayList<>();
  private RunContext run;

  @BeforeEach
  void setUp() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getSchedule().setWarmup("5s");
    spec.getSchedule().setMeasurement("10s");
    spec.getSchedule().setTimeout("5m");
    spec.getSchedule().setDrainTimeout("20s");
    spec.getPrometheus().setScrapeInterval("1s");
    spec.getPrometheus().setResolution("1s");
    spec.getPrometheus().setCadvisorScrapeInterval("1s");
    run = new RunContext("bench", "wc", "uid-1", spec, new BenchmarkRunStatus());
  }

  @Test
  void aRunGoesThroughEveryPhaseInOrderWithWindowsFromTheSchedule() {
    platform.kafka = new ComponentStatus.Starting("Kafka bench/wc not Ready");
    platform.figures =
        List.of(new FigureResult(Component.APP, Figure.CPU_CORES, "cadvisor", "q", 2.0, null));
    platform.startup =
        new AppStartup(T0.plusSeconds(1), T0.plusMillis(3_500), T0.plusMillis(4_750), "/health");

    Optional<Duration> first = advance(T0);
    assertThat(run.status().getPhase()).isEqualTo(Phase.ProvisioningKafka);
    assertThat(run.status().getProgress()).isEqualTo("Waiting for Kafka: Kafka bench/wc not Ready");
    assertThat(first).contains(Duration.ofSeconds(5));
    assertThat(run.status().getRuntime())
        .as("the defaulted runtime, for kubectl get")
        .isEqualTo("kafka-streams");

    platform.kafka = new ComponentStatus.Ready("kafka-bootstrap:9092");
    Instant loadStarts = T0.plusSeconds(5);
    advance(loadStarts);
    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(run.status().getKafkaBootstrapServers()).isEqualTo("kafka-bootstrap:9092");
    assertThat(run.status().getWarmupStartedAt()).isEqualTo(loadStarts.toString());
    assertThat(run.status().getMeasurementStartedAt())
        .isEqualTo(loadStarts.plusSeconds(5).toString());
    assertThat(run.status().getMeasurementEndedAt())
        .isEqualTo(loadStarts.plusSeconds(15).toString());
    assertThat(platform.windowsSent)
        .containsExactly(
            new WindowTimes(loadStarts, loadStarts.plusSeconds(5), loadStarts.plusSeconds(15)));
    assertThat(platform.calls)
        .containsSubsequence(
            "kafka",
            "app kafka-bootstrap:9092",
            "latency-consumer kafka-bootstrap:9092",
            "load kafka-bootstrap:9092");

    advance(loadStarts.plusSeconds(9));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Measuring);
    assertThat(run.status().getProgress()).isEqualTo("Measuring 4s/10s");

    Optional<Duration> collecting = advance(loadStarts.plusSeconds(15));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    assertThat(collecting.orElseThrow()).isLessThanOrEqualTo(Duration.ofSeconds(4));

    assertThat(advance(loadStarts.plusSeconds(18))).isEmpty();
    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(phases())
        .containsExactly(
            Phase.Pending,
            Phase.ProvisioningKafka,
            Phase.DeployingApp,
            Phase.StartingLoad,
            Phase.WarmingUp,
            Phase.Measuring,
            Phase.Collecting,
            Phase.Succeeded);
    assertThat(platform.windowsQueried.get(0).start()).isEqualTo(loadStarts.plusSeconds(5));
    assertThat(platform.windowsQueried.get(0).end()).isEqualTo(loadStarts.plusSeconds(15));
    assertThat(run.status().getSummary().getCpuCores()).isEqualTo(2.0);
    assertThat(run.status().getNodes())
        .containsEntry("app", List.of("node-b"))
        .containsEntry("load-generator", List.of("node-a"))
        .containsEntry("latency-consumer", List.of("node-a"));
    assertThat(run.status().getSummary().getLatency().getSharedClock()).isTrue();
    assertThat(run.status().getResultRef().getConfigMap()).isEqualTo("wc-results");
    assertThat(platform.stored.at("/summary/cpuCores").asDouble()).isEqualTo(2.0);
    StartupSummary startup = run.status().getSummary().getStartup();
    assertThat(startup.getCreatedToStartedSeconds()).isEqualTo(2.5);
    assertThat(startup.getStartedToReadySeconds()).isEqualTo(1.25);
    assertThat(startup.getTimeToReadySeconds()).isEqualTo(3.75);
    assertThat(startup.getReadinessPath()).isEqualTo("/health");
    assertThat(platform.stored.at("/summary/startup/timeToReadySeconds").asDouble())
        .isEqualTo(3.75);
    assertThat(run.status().getSummary().getKafkaReadySeconds())
        .as("ProvisioningKafka from T0 until Kafka was Ready at the next step, 5 s later")
        .isEqualTo(5.0);
    assertThat(ready().getStatus()).isEqualTo("True");
    assertThat(platform.cleanups).as("not before the end is stored").isZero();
    assertThat(cleanUpEnded(T0.plusSeconds(60))).isTrue();
    assertThat(platform.cleanups).isEqualTo(1);
    assertThat(run.status().getCleanedUpAt()).isEqualTo(T0.plusSeconds(60).toString());
    assertThat(cleanUpEnded(T0.plusSeconds(61))).as("once").isFalse();
    assertThat(platform.cleanups).isEqualTo(1);
    assertThat(events).contains("Measuring", "Succeeded");
  }

  /** A state-restoration run: prepopulate, start the app cold, measure until it is restored. */
  private void restorationRun() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.STATE_RESTORATION));
    spec.getLoad().getTopics().forEach(t -> t.setPrepopulateRecords(1000L));
    spec.getSchedule().setMeasurement("1m");
    spec.getSchedule().setTimeout("10m");
    spec.getPrometheus().setScrapeInterval("1s");
    spec.getPrometheus().setResolution("1s");
    spec.getPrometheus().setCadvisorScrapeInterval("1s");
    run = new RunContext("bench", "sr", "uid-2", spec, new BenchmarkRunStatus());
  }

  @Test
  void aRestorationPrepopulatesThenTimesTheColdAppUntilItIsRestored() {
    restorationRun();
    platform.load = new ComponentStatus.Ready("load: 1 running");
    platform.app = new ComponentStatus.Starting("app not ready");
    platform.figures =
        List.of(
            new FigureResult(Component.APP, Figure.CPU_CORES, "process", "q", 1.5, null),
            new FigureResult(Component.APP, Figure.CPU_CORES_PEAK, "process", "q", 1.9, null),
            new FigureResult(
                Component.APP, Figure.MEMORY_BYTES, "process", "q", 512 * 1048576.0, null),
            new FigureResult(
                Component.APP, Figure.MEMORY_PEAK_BYTES, "process", "q", 700 * 1048576.0, null),
            new FigureResult(
                Component.APP, Figure.RESTORED_RECORDS, "streamgauge-app", "q", 16_000.0, null),
            new FigureResult(Component.APP, Figure.STATE_BYTES, "streamgauge-app", "q", 9e6, null));

    advance(T0);
    assertThat(run.status().getPhase()).isEqualTo(Phase.Prepopulating);
    assertThat(run.status().getProgress())
        .isEqualTo("Prepopulating 16000 records into 16 topics: running");
    assertThat(platform.calls).doesNotContain("app 127.0.0.1:9092");

    platform.load = new ComponentStatus.Ended("load", "exited with code 0");
    Instant coldStart = T0.plusSeconds(30);
    advance(coldStart);
    assertThat(run.status().getPhase()).isEqualTo(Phase.Restoring);
    assertThat(run.status().getMeasurementStartedAt())
        .as("the window starts when the app is first asked for")
        .isEqualTo(coldStart.toString());
    assertThat(advance(coldStart.plusSeconds(5))).contains(Duration.ofSeconds(1));
    assertThat(run.status().getProgress()).startsWith("Restoring: the app started cold at");

    platform.app = new ComponentStatus.Ready("app");
    advance(coldStart.plusSeconds(20));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    assertThat(run.status().getMeasurementEndedAt())
        .isEqualTo(coldStart.plusSeconds(20).toString());

    assertThat(advance(coldStart.plusSeconds(30))).isEmpty();
    assertThat(phases())
        .containsExactly(
            Phase.Pending,
            Phase.ProvisioningKafka,
            Phase.Prepopulating,
            Phase.Restoring,
            Phase.Collecting,
            Phase.Succeeded);
    assertThat(platform.calls)
        .as("no live load: no latency consumer")
        .noneMatch(c -> c.startsWith("latency-consumer"));
    var restoration = run.status().getSummary().getRestoration();
    assertThat(restoration.getSeconds()).isEqualTo(20.0);
    assertThat(restoration.getPrepopulatedRecords()).isEqualTo(16_000);
    assertThat(restoration.getRestoredRecords()).isEqualTo(16_000);
    assertThat(restoration.getRecordsPerSec()).isEqualTo(800.0);
    assertThat(restoration.getCpuCores()).isEqualTo(1.5);
    assertThat(restoration.getPeakCpuCores()).isEqualTo(1.9);
    assertThat(restoration.getMemoryMiB()).isEqualTo(512.0);
    assertThat(restoration.getPeakMemoryMiB()).isEqualTo(700.0);
    assertThat(restoration.getStateBytes()).isEqualTo(9_000_000);
    assertThat(run.status().getSummary().getLatency()).isNull();
    assertThat(platform.stored.at("/summary/restoration/seconds").asDouble()).isEqualTo(20.0);
  }

  @Test
  void aRestorationLongerThanTheMeasurementFailsAsTimeout() {
    restorationRun();
    platform.load = new ComponentStatus.Ended("load", "exited with code 0");
    platform.app = new ComponentStatus.Starting("restoring: 3 of 96 partitions left");

    advance(T0);
    assertThat(run.status().getPhase()).isEqualTo(Phase.Restoring);
    advance(T0.plusSeconds(61));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("Timeout");
    assertThat(ready().getMessage())
        .isEqualTo(
            "the app had not restored every store after spec.schedule.measurement (1m):"
                + " restoring: 3 of 96 partitions left");
  }

  @Test
  void aRestorationThatRestoredNothingIsInvalid() {
    restorationRun();
    platform.load = new ComponentStatus.Ended("load", "exited with code 0");
    platform.app = new ComponentStatus.Starting("app not ready");
    platform.figures =
        List.of(
            new FigureResult(
                Component.APP, Figure.RESTORED_RECORDS, "streamgauge-app", "q", 0.0, null));

    advance(T0);
    platform.app = new ComponentStatus.Ready("app");
    advance(T0.plusSeconds(10));
    advance(T0.plusSeconds(20));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("InvalidMeasurement");
    assertThat(ready().getMessage()).contains("restored no record");
  }

  @Test
  void aRestorationWhoseCpuWasNotMeasuredIsInvalidAndSaysWhy() {
    restorationRun();
    platform.load = new ComponentStatus.Ended("load", "exited with code 0");
    platform.app = new ComponentStatus.Starting("app not ready");
    platform.figures =
        List.of(
            new FigureResult(Component.APP, Figure.CPU_CORES, "process", "q", null, "no data"),
            new FigureResult(
                Component.APP, Figure.RESTORED_RECORDS, "streamgauge-app", "q", 16_000.0, null));

    advance(T0);
    platform.app = new ComponentStatus.Ready("app");
    advance(T0.plusSeconds(10));
    advance(T0.plusSeconds(20));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("InvalidMeasurement");
    assertThat(ready().getMessage())
        .isEqualTo(
            "the restoration's CPU was not measured (app.cpuCores: no data): set a shorter"
                + " spec.prometheus.scrapeInterval (locally --scrape-interval) or prepopulate more"
                + " records");
    assertThat(run.status().getSummary().getRestoration().getRestoredRecords())
        .as("the results are kept")
        .isEqualTo(16_000);
  }

  @Test
  void aRestorationShorterThanTwoScrapesKeepsItsTimeButIsInvalid() {
    restorationRun();
    platform.load = new ComponentStatus.Ended("load", "exited with code 0");
    platform.app = new ComponentStatus.Starting("app not ready");

    advance(T0);
    platform.app = new ComponentStatus.Ready("app");
    advance(T0.plusMillis(1500));
    advance(T0.plusSeconds(10));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("InvalidMeasurement");
    assertThat(ready().getMessage())
        .startsWith("measurement window of 1.5s is shorter than two scrape intervals")
        .endsWith(
            "set a shorter spec.prometheus.scrapeInterval (locally --scrape-interval) or"
                + " prepopulate more records");
    assertThat(run.status().getSummary().getRestoration().getSeconds()).isEqualTo(1.5);
  }

  @Test
  void anAppFailingWhileMeasuringFailsTheRunNamingThePodAndKeepsTheWindows() {
    advance(T0);
    advance(T0.plusSeconds(6));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Measuring);
    platform.app = new ComponentStatus.Failed("Pod bench/wc-app-0", "OOMKilled");

    assertThat(advance(T0.plusSeconds(8))).isEmpty();

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("AppFailed");
    assertThat(ready().getMessage()).isEqualTo("Pod bench/wc-app-0: OOMKilled");
    assertThat(run.status().getMeasurementStartedAt()).isEqualTo(T0.plusSeconds(5).toString());
    assertThat(platform.cleanups).as("not before the end is stored").isZero();
  }

  @Test
  void aFailedRunGivesBackItsWorkloadsByDefaultKeepingTheirLogsFirst() {
    advance(T0);
    advance(T0.plusSeconds(6));
    platform.app = new ComponentStatus.Failed("Pod bench/wc-app-0", "OOMKilled");
    advance(T0.plusSeconds(8));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);

    assertThat(cleanUpEnded(T0.plusSeconds(9))).as("cleanup policy Always by default").isTrue();

    assertThat(platform.cleanups).isEqualTo(1);
    assertThat(platform.logsKeptBeforeCleanup).isTrue();
    assertThat(run.status().getLogsConfigMap()).isEqualTo("wc-logs");
  }

  @Test
  void logsThatCannotBeKeptAreSaidAndNeverKeepTheWorkloads() {
    platform.logsFailure = new IllegalStateException("pods/log is forbidden");
    runToTheEnd();

    assertThat(cleanUpEnded(T0.plusSeconds(60))).isTrue();

    assertThat(platform.cleanups).isEqualTo(1);
    assertThat(run.status().getLogsConfigMap()).isNull();
    assertThat(events)
        .contains("warning the workloads' logs could not be kept: pods/log is forbidden");
  }

  @Test
  void aFailedRunKeepsItsWorkloadsWhenItsPolicyIsOnSuccess() {
    run.spec().getCleanup().setPolicy(CleanupPolicy.OnSuccess);
    advance(T0);
    platform.app = new ComponentStatus.Failed("Pod bench/wc-app-0", "OOMKilled");
    advance(T0.plusSeconds(1));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);

    assertThat(cleanUpEnded(T0.plusSeconds(2))).isFalse();

    assertThat(platform.cleanups).isZero();
    assertThat(run.status().getLogsConfigMap()).isNull();
  }

  @Test
  void loadThatEndsInsideTheMeasurementFailsAsLoadEndedEarly() {
    advance(T0);
    advance(T0.plusSeconds(6));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Measuring);
    platform.load = new ComponentStatus.Ended("Job bench/wc-load", "1 of 2 pod(s) completed");

    assertThat(advance(T0.plusSeconds(8))).isEmpty();

    assertThat(ready().getReason()).isEqualTo("LoadEndedEarly");
    assertThat(ready().getMessage())
        .isEqualTo(
            "Job bench/wc-load ended before the measurement window did: 1 of 2 pod(s) completed");
  }

  @Test
  void anAppPodReplacedAfterTheWarmupStartedFailsAsAppRestartedNamingTheNewPod() {
    advance(T0);
    assertThat(run.status().getWarmupInstances())
        .containsEntry("app", List.of("app-uid-1"))
        .containsEntry("latency-consumer", List.of("lc-uid-1"));
    advance(T0.plusSeconds(6));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Measuring);
    platform.instances.put(
        Component.APP,
        List.of(
            new ComponentInstance(
                "app-uid-2", "Pod bench/wc-app-2", "2026-01-01T00:00:07Z", "node-b")));

    advance(T0.plusSeconds(8));

    assertThat(ready().getReason()).isEqualTo("AppRestarted");
    assertThat(ready().getMessage())
        .isEqualTo(
            "Pod bench/wc-app-2, created at 2026-01-01T00:00:07Z, replaced the app the warmup"
                + " started with (app-uid-1)");
  }

  @Test
  void aLatencyConsumerGoneDuringTheWarmupFailsAsLatencyConsumerLost() {
    advance(T0);
    platform.instances.put(Component.LATENCY_CONSUMER, List.of());

    advance(T0.plusSeconds(2));

    assertThat(ready().getReason()).isEqualTo("LatencyConsumerLost");
    assertThat(ready().getMessage())
        .isEqualTo("the latency-consumer the warmup started with (lc-uid-1) is gone");
  }

  /**
   * The latency consumer accepted windows from an attempt whose status write was lost: they are the
   * ones it counts with, so the status takes them instead of failing on its 409 forever.
   */
  @Test
  void windowsTheLatencyConsumerAcceptedEarlierAreAdopted() {
    WindowTimes earlier =
        new WindowTimes(T0.minusSeconds(3), T0.plusSeconds(2), T0.plusSeconds(12));
    platform.windowsInForce = earlier;

    advance(T0);

    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(WindowTimes.of(run.status())).isEqualTo(earlier);
    advance(T0.plusSeconds(3));
    assertThat(run.status().getPhase())
        .as("the adopted measurement began at T0+2s")
        .isEqualTo(Phase.Measuring);
  }

  /**
   * With schedule.catchUp the windows wait for the app to drain its start-up backlog: wordcount's
   * 7,500 lines/s allow 15,000 records of lag (2 s of input).
   */
  @Test
  void withCatchUpTheWarmupStartsOnceTheAppsLagIsWithinTwoSecondsOfInput() {
    run.spec().getSchedule().setCatchUp("1m");

    assertThat(advance(T0)).contains(Duration.ofSeconds(2));
    assertThat(run.status().getPhase()).isEqualTo(Phase.StartingLoad);
    assertThat(run.status().getLoadStartedAt()).isEqualTo(T0.toString());
    assertThat(run.status().getWarmupStartedAt()).isNull();
    assertThat(run.status().getProgress())
        .isEqualTo("Catching up 0s/1m: the app's group has not committed yet");

    platform.appLag = OptionalDouble.of(40_000);
    advance(T0.plusSeconds(10));
    assertThat(run.status().getProgress())
        .isEqualTo("Catching up 10s/1m: input lag 40,000 > 15,000 records (2 s of input)");
    assertThat(platform.windowsSent).isEmpty();

    platform.appLag = OptionalDouble.of(9_000);
    advance(T0.plusSeconds(14));
    assertThat(run.status().getPhase())
        .as("within the bound, for 30 s")
        .isEqualTo(Phase.StartingLoad);
    assertThat(run.status().getLagWithinBoundSince()).isEqualTo(T0.plusSeconds(14).toString());
    assertThat(run.status().getProgress())
        .isEqualTo(
            "Catching up 14s/1m: input lag 9,000 <= 15,000 records (2 s of input), held 0s/30s");
    advance(T0.plusSeconds(34));
    assertThat(run.status().getPhase()).isEqualTo(Phase.StartingLoad);
    assertThat(run.status().getProgress()).endsWith("held 20s/30s");

    Instant caughtUp = T0.plusSeconds(44);
    advance(caughtUp);
    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(run.status().getLoadStartedAt()).as("kept").isEqualTo(T0.toString());
    assertThat(platform.windowsSent)
        .containsExactly(
            new WindowTimes(caughtUp, caughtUp.plusSeconds(5), caughtUp.plusSeconds(15)));
    assertThat(lastTransitionMessage())
        .startsWith(
            "load running; caught up after 44s: input lag 9,000 <= 15,000 records (2 s of"
                + " input) for 30s; warmup 5s until ");
  }

  /**
   * Where Prometheus learns of new targets late, the windows wait with the load running until every
   * component was scraped, and start from then.
   */
  @Test
  void theWindowsWaitForPrometheusFirstScrapeOfEveryComponent() {
    platform.firstScrapeWait = Duration.ofMinutes(1);
    platform.unscraped = List.of(Component.LATENCY_CONSUMER, Component.LOAD_GENERATOR);

    assertThat(advance(T0)).contains(Duration.ofSeconds(5));
    assertThat(run.status().getPhase()).isEqualTo(Phase.StartingLoad);
    assertThat(run.status().getLoadStartedAt()).isEqualTo(T0.toString());
    assertThat(run.status().getProgress())
        .isEqualTo(
            "Waiting for the first scrape 0s/1m: Prometheus has not scraped the latency-consumer,"
                + " load-generator yet");
    advance(T0.plusSeconds(40));
    assertThat(run.status().getPhase()).isEqualTo(Phase.StartingLoad);
    assertThat(platform.windowsSent).isEmpty();

    platform.unscraped = List.of();
    Instant scraped = T0.plusSeconds(45);
    advance(scraped);

    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(platform.windowsSent)
        .containsExactly(new WindowTimes(scraped, scraped.plusSeconds(5), scraped.plusSeconds(15)));
  }

  /**
   * A component Prometheus never scrapes fails the run once the wait is over, naming it and what to
   * check, before a window is measured without its figures; an unanswering Prometheus is waited for
   * the same way.
   */
  @Test
  void aComponentPrometheusNeverScrapesFailsTheRunBeforeItsWindow() {
    platform.firstScrapeWait = Duration.ofMinutes(1);
    platform.unscraped = List.of(Component.LOAD_GENERATOR);
    advance(T0);
    platform.prometheusDown =
        new PrometheusException(PrometheusException.Kind.UNREACHABLE, "connection refused", null);
    advance(T0.plusSeconds(30));
    assertThat(run.status().getProgress())
        .isEqualTo(
            "Waiting for the first scrape 30s/1m: Prometheus cannot be asked: connection refused");
    platform.prometheusDown = null;

    advance(T0.plusSeconds(60));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("NotScraped");
    assertThat(ready().getMessage())
        .startsWith(
            "Prometheus has not scraped the load-generator yet, 1m after the load started"
                + " (spec.prometheus.url http://prometheus-operated.monitoring:9090): does it"
                + " select the run's PodMonitors");
    assertThat(platform.windowsSent).isEmpty();
  }

  /** An app that never catches up still gets its window; the backlogAtStart check judges it. */
  @Test
  void anAppThatDoesNotCatchUpInTimeStartsItsWarmupAnywaySayingSo() {
    run.spec().getSchedule().setCatchUp("1m");
    platform.appLag = OptionalDouble.of(40_000);
    advance(T0);

    advance(T0.plusSeconds(60));

    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(run.status().getWarmupStartedAt()).isEqualTo(T0.plusSeconds(60).toString());
    assertThat(lastTransitionMessage())
        .startsWith(
            "load running; did not catch up within 1m: input lag 40,000 > 15,000 records (2 s of"
                + " input), steady; warmup 5s");
  }

  /**
   * Past catchUp the catch-up waits on for an app still draining its backlog (status.catchUp keeps
   * its readings), and records how it ended.
   */
  @Test
  void pastCatchUpADrainingAppIsWaitedForAndTheCatchUpIsRecorded() {
    run.spec().getSchedule().setCatchUp("1m");
    platform.appLag = OptionalDouble.of(60_000);
    advance(T0);
    advance(T0.plusSeconds(50));

    platform.appLag = OptionalDouble.of(40_000);
    advance(T0.plusSeconds(60));
    assertThat(run.status().getPhase())
        .as("falling 2,000 records/s, and 30 s held would end before 2m")
        .isEqualTo(Phase.StartingLoad);
    assertThat(run.status().getCatchUp().getLagTrendPerSec()).isEqualTo(-2_000.0);
    assertThat(run.status().getProgress())
        .isEqualTo(
            "Catching up 1m, past catchUp 1m while the app drains (at most 2m): input lag 40,000 >"
                + " 15,000 records (2 s of input), falling 2,000 records/s");

    platform.appLag = OptionalDouble.of(9_000);
    advance(T0.plusSeconds(74));
    advance(T0.plusSeconds(104));
    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(lastTransitionMessage()).startsWith("load running; caught up after 1m44s: ");
    assertThat(run.status().getCatchUp().getCaughtUp()).isTrue();
    assertThat(run.status().getCatchUp().getSeconds()).isEqualTo(104.0);
    assertThat(run.status().getCatchUp().getLag()).isEqualTo(9_000.0);
  }

  @Test
  void anAppThatFailsWhileCatchingUpFailsTheRun() {
    run.spec().getSchedule().setCatchUp("1m");
    advance(T0);

    platform.app = new ComponentStatus.Failed("Pod bench/wc-app-1", "CrashLoopBackOff");
    advance(T0.plusSeconds(4));

    assertThat(ready().getReason()).isEqualTo("AppFailed");
    assertThat(run.status().getWarmupStartedAt()).isNull();
  }

  private String lastTransitionMessage() {
    List<PhaseTransition> history = run.status().getPhaseHistory();
    return history.get(history.size() - 1).getMessage();
  }

  @Test
  void loadThatAlreadyEndedIsNotReadyToStartTheWindows() {
    platform.load = new ComponentStatus.Ended("process load-generator", "exited with code 0");

    advance(T0);

    assertThat(ready().getReason()).isEqualTo("LoadEndedEarly");
    assertThat(run.status().getWarmupStartedAt()).isNull();
  }

  @Test
  void anAbortedRunFailsWithTheReasonGivenAndAnEndedRunStaysAsItIs() {
    advance(T0);
    advance(T0.plusSeconds(6));
    PhaseMachine machine =
        new PhaseMachine(platform.platform(), new RecordedRunEvents(events), TIMEOUTS);

    machine.abort(run, T0.plusSeconds(7), FailureReason.Interrupted, "SIGINT (Ctrl-C)");
    machine.abort(run, T0.plusSeconds(8), FailureReason.Timeout, "again");

    assertThat(phases()).endsWith(Phase.Measuring, Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("Interrupted");
    assertThat(ready().getMessage()).isEqualTo("SIGINT (Ctrl-C)");
    assertThat(events).containsOnlyOnce("failed Interrupted").doesNotContain("failed Timeout");
    assertThat(machine.advance(run, T0.plusSeconds(9))).isEmpty();
  }

  @Test
  void anErrorThatCannotPassFailsTheRunWithPlatformErrorAndWhatWasRefused() {
    platform.kafkaError =
        new PlatformException(
            "Kafka bench/wc-kafka: forbidden: the operator may not create kafkas", true, null);

    assertThat(advance(T0)).isEmpty();

    assertThat(phases()).containsExactly(Phase.Pending, Phase.ProvisioningKafka, Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("PlatformError");
    assertThat(ready().getMessage())
        .isEqualTo("Kafka bench/wc-kafka: forbidden: the operator may not create kafkas");
  }

  @Test
  void anErrorThatMayPassIsRetriedSaidOnceAndForgottenWhenItPasses() {
    platform.kafkaError = new IllegalStateException("connection refused");

    assertThat(advance(T0)).contains(Duration.ofSeconds(15));
    advance(T0.plusSeconds(15));

    assertThat(run.status().getPhase()).isEqualTo(Phase.ProvisioningKafka);
    assertThat(run.status().getProgress())
        .isEqualTo("Retrying after an error: IllegalStateException: connection refused");
    assertThat(ready().getStatus()).isEqualTo("Unknown");
    assertThat(ready().getReason()).isEqualTo("Retrying");
    assertThat(events).containsOnlyOnce("warning IllegalStateException: connection refused");

    platform.kafkaError = null;
    advance(T0.plusSeconds(30));
    assertThat(run.status().getPhase()).isEqualTo(Phase.WarmingUp);
    assertThat(ready().getReason()).isEqualTo("Running");
  }

  @Test
  void anErrorThatNeverPassesEndsAtTheRunsTimeoutCountedFromItsFirstPhase() {
    platform.kafkaError = new IllegalStateException("connection refused");
    advance(T0);

    assertThat(advance(T0.plusSeconds(301))).isEmpty();

    assertThat(ready().getReason()).isEqualTo("Timeout");
  }

  @Test
  void collectingWaitsOneCadvisorScrapeIntervalWhenItIsTheLonger() {
    run.spec().getPrometheus().setCadvisorScrapeInterval("5s");
    advance(T0);
    Instant end = T0.plusSeconds(15);

    advance(end.plusSeconds(6));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    assertThat(run.status().getProgress())
        .as("cAdvisor's samples from inside the window are stamped at its housekeeping")
        .startsWith("Collecting: letting the last samples land until " + end.plusSeconds(7));
    advance(end.plusSeconds(7));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
  }

  @Test
  void aCompleteWindowIsCollectedEvenWhenTheRunsTimeoutPassesMeanwhile() {
    run.spec().getSchedule().setTimeout("20s");
    advance(T0);
    advance(T0.plusSeconds(16));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    platform.prometheusDown =
        new PrometheusException(PrometheusException.Kind.UNREACHABLE, "Prometheus down", null);
    advance(T0.plusSeconds(19));
    platform.prometheusDown = null;

    advance(T0.plusSeconds(35));

    assertThat(run.status().getPhase())
        .as(String.valueOf(run.status().getConditions()))
        .isEqualTo(Phase.Succeeded);
  }

  /**
   * The run's timeout bounds Collecting too: a Prometheus still down at the timeout fails the run
   * then, with Timeout naming what failed, keeping the latency measured — not at Collecting's own
   * bound, past the timeout.
   */
  @Test
  void aPrometheusStillDownAtTheRunsTimeoutFailsItThenKeepingTheLatency() {
    run.spec().getSchedule().setTimeout("25s");
    advance(T0);
    advance(T0.plusSeconds(16));
    platform.prometheusDown =
        new PrometheusException(PrometheusException.Kind.UNREACHABLE, "Prometheus down", null);
    Optional<Duration> again = advance(T0.plusSeconds(19));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    assertThat(again)
        .as("rechecked at the timeout, not after the 15 s retry")
        .contains(Duration.ofSeconds(6));

    advance(T0.plusSeconds(25));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("Timeout");
    assertThat(ready().getMessage())
        .isEqualTo("spec.schedule.timeout of 25s passed in phase Collecting: Prometheus down");
    assertThat(run.status().getSummary().getLatency().getSamples()).isEqualTo(100);
    assertThat(platform.stored.get("failureReason").asText()).isEqualTo("Timeout");
  }

  /**
   * At the run's timeout Collecting stops waiting for the window's tail: the latency is incomplete.
   */
  @Test
  void theRunsTimeoutEndsTheWaitForTheWindowsTail() {
    run.spec().getSchedule().setTimeout("25s");
    tail(false, 0, "output-1");
    advance(T0);
    advance(T0.plusSeconds(16));
    advance(T0.plusSeconds(20));
    assertThat(run.status().getProgress()).startsWith("Collecting: waiting for the window's last");

    advance(T0.plusSeconds(25));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(run.status().getSummary().getLatency().getComplete()).isFalse();
    assertThat(run.status().getSummary().getLatency().getPartitionsBehind())
        .containsExactly("output-1");
  }

  @Test
  void aRunOfRegisteredAvroRecordsGetsItsOwnSchemaRegistryBeforeTheAppStarts() {
    BenchmarkRunSpec joins = new SpecDefaulter().apply(Specs.minimal(Scenario.STATEFUL_JOINS));
    run = new RunContext("bench", "sj", "uid-2", joins, new BenchmarkRunStatus());
    platform.kafka = new ComponentStatus.Ready("kafka-bootstrap:9092");
    platform.schemaRegistry = new ComponentStatus.Starting("Deployment bench/sj-schema-registry");

    advance(T0);
    advance(T0.plusSeconds(1));
    assertThat(run.status().getPhase()).isEqualTo(Phase.ProvisioningKafka);
    assertThat(run.status().getProgress())
        .isEqualTo("Waiting for the schema registry: Deployment bench/sj-schema-registry");
    assertThat(platform.calls).doesNotContain("app kafka-bootstrap:9092");

    platform.schemaRegistry = new ComponentStatus.Ready("http://sj-schema-registry.bench.svc:8081");
    advance(T0.plusSeconds(2));
    assertThat(run.status().getSchemaRegistryUrl())
        .isEqualTo("http://sj-schema-registry.bench.svc:8081");
    assertThat(platform.calls)
        .containsSubsequence("kafka", "schema-registry", "app kafka-bootstrap:9092");
  }

  @Test
  void aSchemaRegistryTheSpecNamesIsUsedAsItIs() {
    BenchmarkRunSpec joins = new SpecDefaulter().apply(Specs.minimal(Scenario.STATEFUL_JOINS));
    joins.setSchemaRegistry(new io.streamgauge.api.spec.SchemaRegistrySpec());
    joins.getSchemaRegistry().setUrl("http://registry.example:8081");
    run = new RunContext("bench", "sj", "uid-3", joins, new BenchmarkRunStatus());
    platform.kafka = new ComponentStatus.Ready("kafka-bootstrap:9092");

    advance(T0);
    advance(T0.plusSeconds(1));
    assertThat(run.status().getSchemaRegistryUrl()).isEqualTo("http://registry.example:8081");
    assertThat(platform.calls).doesNotContain("schema-registry");
  }

  @Test
  void aSchemaRegistryNeverReadyFailsTheRun() {
    BenchmarkRunSpec joins = new SpecDefaulter().apply(Specs.minimal(Scenario.STATEFUL_JOINS));
    joins.getSchedule().setTimeout("5m");
    run = new RunContext("bench", "sj", "uid-4", joins, new BenchmarkRunStatus());
    platform.kafka = new ComponentStatus.Ready("kafka-bootstrap:9092");
    platform.schemaRegistry =
        new ComponentStatus.Failed("Deployment bench/sj-schema-registry", "ImagePullBackOff");

    advance(T0);
    advance(T0.plusSeconds(1));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("SchemaRegistryNotReady");
    assertThat(ready().getMessage()).contains("ImagePullBackOff");
  }

  @Test
  void kafkaNeverReadyFailsAfterItsTimeoutAndCleansUpWhenAlwaysAsked() {
    run.spec().getCleanup().setPolicy(CleanupPolicy.Always);
    platform.kafka = new ComponentStatus.Starting("no listener address yet");
    advance(T0);

    advance(T0.plusSeconds(59));
    assertThat(run.status().getPhase()).isEqualTo(Phase.ProvisioningKafka);
    advance(T0.plusSeconds(61));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("KafkaNotReady");
    assertThat(ready().getMessage()).isEqualTo("Kafka not ready after 1m: no listener address yet");
    assertThat(cleanUpEnded(T0.plusSeconds(62))).isTrue();
    assertThat(platform.cleanups).isEqualTo(1);
  }

  @Test
  void theScheduleTimeoutEndsARunWhateverItWaitsFor() {
    run.spec().getSchedule().setTimeout("30s");
    platform.app = new ComponentStatus.Starting("image pulling");
    advance(T0);

    Optional<Duration> wait = advance(T0.plusSeconds(28));
    assertThat(wait).contains(Duration.ofSeconds(2));
    advance(T0.plusSeconds(30));

    assertThat(ready().getReason()).isEqualTo("Timeout");
    assertThat(ready().getMessage())
        .isEqualTo("spec.schedule.timeout of 30s passed in phase DeployingApp");
  }

  @Test
  void aRestartedMachineResumesMeasuringWithTheOriginalWindow() {
    advance(T0);
    advance(T0.plusSeconds(7));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Measuring);
    String measurementStart = run.status().getMeasurementStartedAt();

    // A new operator process: new machine, status as read back from the API server.
    PhaseMachine restarted =
        new PhaseMachine(platform.platform(), new RecordedRunEvents(events), TIMEOUTS);
    restarted.advance(run, T0.plusSeconds(12));
    restarted.advance(run, T0.plusSeconds(18));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(run.status().getMeasurementStartedAt()).isEqualTo(measurementStart);
    assertThat(platform.windowsSent).hasSize(1);
    assertThat(platform.windowsQueried.get(0).start()).isEqualTo(Instant.parse(measurementStart));
  }

  @Test
  void anUnreachablePrometheusIsRetriedThenFailsKeepingTheLatency() {
    platform.prometheusDown =
        new PrometheusException(
            PrometheusException.Kind.UNREACHABLE,
            "Prometheus at http://p:9090/ is unreachable",
            null);
    advance(T0);
    advance(T0.plusSeconds(15));
    advance(T0.plusSeconds(18));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    assertThat(run.status().getProgress()).contains("is unreachable; retrying");

    advance(T0.plusSeconds(49));

    assertThat(ready().getReason()).isEqualTo("MetricsUnavailable");
    assertThat(run.status().getSummary().getLatency().getSamples())
        .as("the latency measured is kept")
        .isEqualTo(100);
    assertThat(platform.stored.get("partial").asBoolean()).isTrue();
    assertThat(platform.stored.get("failureReason").asText()).isEqualTo("MetricsUnavailable");
    assertThat(run.status().getResultRef().getConfigMap()).isEqualTo("wc-results");
  }

  @Test
  void aRunFailingMidWindowStoresWhatItMeasuredBeforeCleanup() {
    run.spec().getCleanup().setPolicy(CleanupPolicy.Always);
    advance(T0);
    advance(T0.plusSeconds(6));
    platform.app = new ComponentStatus.Failed("Pod bench/wc-app-0", "OOMKilled");

    advance(T0.plusSeconds(12));

    assertThat(ready().getReason()).isEqualTo("AppFailed");
    assertThat(platform.stored).as("stored before cleanup").isNotNull();
    assertThat(platform.storedBeforeCleanup).isTrue();
    assertThat(platform.stored.get("partial").asBoolean()).isTrue();
    assertThat(platform.stored.get("failureReason").asText()).isEqualTo("AppFailed");
    assertThat(platform.windowsQueried)
        .last()
        .satisfies(
            w -> {
              assertThat(w.start()).isEqualTo(T0.plusSeconds(5));
              assertThat(w.end()).isEqualTo(T0.plusSeconds(12));
            });
    assertThat(run.status().getResultRef()).isNotNull();
  }

  @Test
  void resultsThatCannotBeStoredFailTheRunWithResultsNotStoredAfterTheCollectingTimeout() {
    platform.storeFailure = new IOException("configmaps is forbidden");
    runToTheEnd();
    advance(T0.plusSeconds(200)); // past Collecting's own bound, before the run's 5 m timeout

    assertThat(ready().getReason()).isEqualTo("ResultsNotStored");
    assertThat(ready().getMessage()).isEqualTo("configmaps is forbidden");
    assertThat(run.status().getSummary()).as("the figures stay in the status").isNotNull();
  }

  @Test
  void aWindowWithoutLatencySamplesFailsAsInvalidAndKeepsItsResults() {
    platform.latencyJson = "{\"topics\": {\"output\": {\"measurement\": {\"count\": 0}}}}";

    runToTheEnd();

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(ready().getReason()).isEqualTo("InvalidMeasurement");
    assertThat(ready().getMessage())
        .isEqualTo(
            "no latency samples in the measurement window: nothing reached output (no record was"
                + " timed in the measurement window)");
    assertThat(platform.stored).as("the results say what went wrong").isNotNull();
  }

  /**
   * A generator far behind its schedule stamps what it sends in the window with earlier intended
   * times, so the window may time no record at all: the run is then invalid by its load checks (the
   * cause), not failed for having no latency (the consequence).
   */
  @Test
  void aWindowWithoutLatencySamplesBecauseTheLoadFellBehindIsInvalidNotFailed() {
    platform.latencyJson = "{\"topics\": {\"output\": {\"measurement\": {\"count\": 0}}}}";
    platform.figures =
        List.of(
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PRODUCED_PER_SEC,
                "streamgauge",
                "q",
                1_380.0,
                null),
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PUBLISH_DELAY_P99_SECONDS,
                "streamgauge",
                "q",
                9.8,
                null));

    runToTheEnd();

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(condition("Valid").getMessage())
        .startsWith("producedRate 0.184 not >= 0.990")
        .contains("publishDelayP99 9,800 not <= 5");
  }

  @Test
  void loadBelowItsTargetSucceedsButIsNotAValidMeasurement() {
    platform.figures =
        List.of(
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PRODUCED_PER_SEC,
                "streamgauge",
                "q",
                7_400.0,
                null),
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PUBLISH_DELAY_P99_SECONDS,
                "streamgauge",
                "q",
                0.002,
                null));
    run.spec().getChecks().setMinLatencySamples(100L);

    runToTheEnd();

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    Condition valid = condition("Valid");
    assertThat(valid.getStatus()).isEqualTo("False");
    assertThat(valid.getReason()).isEqualTo("ChecksFailed");
    assertThat(valid.getMessage())
        .isEqualTo(
            "producedRate 0.987 not >= 0.990 (produced 7,400 of the target 7,500 records/s)");
    assertThat(run.status().getSummary().getWarnings()).isEqualTo("producedRate");
    assertThat(run.status().getSummary().getChecks())
        .extracting(CheckResult::getName, CheckResult::getPassed)
        .contains(
            tuple("producedRate", false),
            tuple("publishDelayP99", true),
            tuple("latencySamples", true));
    assertThat(events).contains("invalid " + valid.getMessage());
    assertThat(platform.stored.at("/summary/warnings").asText()).isEqualTo("producedRate");
  }

  @Test
  void aRunThatPassesEveryCheckIsValid() {
    platform.figures =
        List.of(
            new FigureResult(
                Component.LOAD_GENERATOR,
                Figure.PRODUCED_PER_SEC,
                "streamgauge",
                "q",
                7_500.0,
                null));
    run.spec().getChecks().setMinLatencySamples(100L);

    runToTheEnd();

    Condition valid = condition("Valid");
    assertThat(valid.getStatus()).isEqualTo("True");
    assertThat(valid.getMessage())
        .as("the publish delay was not measured: no verdict, not a failure")
        .startsWith("4 of 10 checks evaluated, all passed");
    assertThat(run.status().getSummary().getWarnings()).isNull();
  }

  /**
   * An output partition still behind the window's end: Collecting waits for it, saying which; when
   * it passes, the run completes with the latency complete.
   */
  @Test
  void collectingWaitsForEveryOutputPartitionToPassTheWindowsEnd() {
    tail(false, 0, "output-1");
    advance(T0);
    advance(T0.plusSeconds(16));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    advance(T0.plusSeconds(20));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);
    assertThat(run.status().getProgress())
        .isEqualTo(
            "Collecting: waiting for the window's last records: 1 output partition(s) not yet past"
                + " the measurement's end (output-1), at most until 20s after the window");

    tail(true, 0);
    advance(T0.plusSeconds(25));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(run.status().getSummary().getLatency().getComplete()).isTrue();
    assertThat(run.status().getSummary().getLatency().getPartitionsBehind()).isNull();
  }

  /** A partition that never passes: after the drain timeout the latency is reported incomplete. */
  @Test
  void aPartitionThatNeverPassesTheEndLeavesTheLatencyIncompleteAfterTheDrainTimeout() {
    tail(false, 0, "output-1");
    advance(T0);
    advance(T0.plusSeconds(16));
    advance(T0.plusSeconds(30));
    assertThat(run.status().getPhase()).isEqualTo(Phase.Collecting);

    advance(T0.plusSeconds(37));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(run.status().getSummary().getLatency().getComplete()).isFalse();
    assertThat(run.status().getSummary().getLatency().getPartitionsBehind())
        .containsExactly("output-1");
    assertThat(platform.stored.at("/summary/latency/complete").asBoolean()).isFalse();
  }

  /** With integrity, Collecting also waits for the load generators' reports of what they sent. */
  @Test
  void collectingWaitsForTheLoadGeneratorsReportsOfWhatTheySent() {
    tail(false, 1);
    advance(T0);
    advance(T0.plusSeconds(16));
    advance(T0.plusSeconds(20));

    assertThat(run.status().getProgress())
        .isEqualTo(
            "Collecting: waiting for the window's last records: 1 load generator(s) yet to report"
                + " what they sent, at most until 20s after the window");
  }

  /** The latency consumer's results with this tail. */
  private void tail(boolean complete, int reportsMissing, String... behind) {
    String partitions =
        java.util.Arrays.stream(behind)
            .map(p -> "\"" + p + "\"")
            .collect(java.util.stream.Collectors.joining(", "));
    platform.latencyJson =
        new FakePlatform()
            .latencyJson.replace(
                "{\"topics\"",
                "{\"tail\": {\"complete\": %s, \"partitions\": 2, \"behind\": [%s], \"reportsMissing\": %d}, \"topics\""
                    .formatted(complete, partitions, reportsMissing));
  }

  private void runToTheEnd() {
    advance(T0);
    advance(T0.plusSeconds(5));
    advance(T0.plusSeconds(40));
  }

  private static FaultSpec fault(FaultType type, String at, String duration) {
    FaultSpec fault = new FaultSpec();
    fault.setType(type);
    fault.setAt(at);
    fault.setDuration(duration);
    return fault;
  }

  /** Advances to Measuring (window 10 s from T0 + 10 s) and returns the measurement's start. */
  private Instant intoMeasuring() {
    advance(T0);
    Instant start = Instant.parse(run.status().getMeasurementStartedAt());
    advance(start);
    assertThat(run.status().getPhase()).isEqualTo(Phase.Measuring);
    return start;
  }

  @Test
  void aKillFaultIsInjectedOnceWhenDueAndTheReplacedAppDoesNotFailTheRun() {
    run.spec().setFaults(List.of(fault(FaultType.KillApp, "4s", null)));
    Instant start = intoMeasuring();
    assertThat(platform.injected).isEmpty();
    assertThat(run.status().getFaults())
        .singleElement()
        .satisfies(f -> assertThat(f.getDueAt()).isEqualTo(start.plusSeconds(4).toString()));

    Optional<Duration> recheck = advance(start.plusSeconds(1));
    assertThat(recheck)
        .as("the next reconcile lands on the fault, not 10 s later")
        .contains(Duration.ofMillis(3050));
    assertThat(platform.injected).isEmpty();

    assertThat(advance(start.plusMillis(4050)))
        .as("its targets chosen, the status is written before it acts")
        .contains(Duration.ofMillis(50));
    assertThat(platform.injected).isEmpty();
    assertThat(run.status().getFaults().get(0).getTargets()).containsExactly("app-pod-1");
    assertThat(run.status().getFaults().get(0).getInstance())
        .as("one instance: none to name")
        .isNull();
    advance(start.plusMillis(4100));
    assertThat(platform.actedOn).containsExactly("app-pod-1");
    platform.instances.put(
        Component.APP,
        List.of(new ComponentInstance("app-uid-2", "Pod bench/wc-app-2", null, "node-b")));
    advance(start.plusSeconds(6));
    assertThat(platform.injected).containsExactly(FaultAction.KILL_APP);
    assertThat(run.status().getFaults().get(0).getInjectedAt())
        .isEqualTo(start.plusMillis(4100).toString());
    assertThat(run.status().getFaults().get(0).getDetail()).isEqualTo("did KILL_APP");
    assertThat(run.status().getPhase())
        .as("the app the warmup started with is gone by design")
        .isEqualTo(Phase.Measuring);
  }

  @Test
  void aKillOfOneInstanceOfSeveralTargetsThatInstance() {
    run.spec().getApp().setReplicas(2);
    FaultSpec kill = fault(FaultType.KillApp, "4s", null);
    kill.setInstance(1);
    run.spec().setFaults(List.of(kill));
    Instant start = intoMeasuring();

    advance(start.plusSeconds(4));

    assertThat(platform.calls).contains("target KILL_APP of instance 1");
    assertThat(run.status().getFaults().get(0).getInstance()).isEqualTo(1);
  }

  /**
   * The status written after a kill is lost (an API server outage, a conflict): the next reconcile
   * reads the status stored before the act, and acts again — on what it chose then, which is gone,
   * never on the app that replaced it.
   */
  @Test
  void aKillWhoseStatusWriteWasLostDoesNotKillTheReplacement() {
    run.spec().setFaults(List.of(fault(FaultType.KillApp, "4s", null)));
    Instant start = intoMeasuring();
    advance(start.plusSeconds(4));
    BenchmarkRunStatus stored = copyOf(run.status());

    advance(start.plusMillis(4050));
    assertThat(platform.actedOn).containsExactly("app-pod-1");
    platform.faultable.add("app-pod-2");
    run = new RunContext(run.namespace(), run.name(), run.uid(), run.spec(), stored);
    advance(start.plusMillis(4100));

    assertThat(platform.actedOn).as("the replacement lives on").containsExactly("app-pod-1");
    assertThat(platform.faultable).containsExactly("app-pod-2");
    assertThat(run.status().getFaults().get(0).getInjectedAt()).isNotNull();
  }

  private static BenchmarkRunStatus copyOf(BenchmarkRunStatus status) {
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    return json.convertValue(json.valueToTree(status), BenchmarkRunStatus.class);
  }

  @Test
  void aPauseIsEndedAfterItsDuration() {
    run.spec().setFaults(List.of(fault(FaultType.PauseApp, "2s", "3s")));
    Instant start = intoMeasuring();
    advance(start.plusSeconds(2));
    assertThat(platform.injected).isEmpty();
    advance(start.plusMillis(2050));
    assertThat(platform.injected).containsExactly(FaultAction.PAUSE_APP);
    assertThat(advance(start.plusSeconds(3))).contains(Duration.ofMillis(2100));
    advance(start.plusMillis(5050));
    assertThat(platform.injected).containsExactly(FaultAction.PAUSE_APP, FaultAction.RESUME_APP);
    assertThat(run.status().getFaults().get(0).getResumedAt())
        .isEqualTo(start.plusMillis(5050).toString());
  }

  private boolean cleanUpEnded(Instant now) {
    return new PhaseMachine(platform.platform(), new RecordedRunEvents(events), TIMEOUTS)
        .cleanUpEnded(run, now);
  }

  private Optional<Duration> advance(Instant now) {
    return new PhaseMachine(platform.platform(), new RecordedRunEvents(events), TIMEOUTS)
        .advance(run, now);
  }

  private List<Phase> phases() {
    return run.status().getPhaseHistory().stream().map(PhaseTransition::getPhase).toList();
  }

  private Condition ready() {
    return condition("Ready");
  }

  private Condition condition(String type) {
    return run.status().getConditions().stream()
        .filter(c -> c.getType().equals(type))
        .findFirst()
        .orElseThrow();
  }
}
