package io.streamgauge.conformance;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.conformance.OutputRecorder.Seen;
import io.streamgauge.loadgen.Workload;
import io.streamgauge.loadgen.WorkloadReader;
import io.streamgauge.localrun.LocalSpec;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.AppStartup;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.FaultAction;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.local.LocalPlatform;
import io.streamgauge.platform.local.LocalPorts;
import io.streamgauge.platform.local.LocalSetup;
import io.streamgauge.platform.local.ProcessGuard;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * One conformance check of an app, on this machine: a real Kafka broker, the app started as a local
 * run starts it ({@link LocalPlatform}, with the contract's environment), a real Prometheus
 * scraping it, probe records sent to its inputs and its outputs read at both isolation levels.
 *
 * <ol>
 *   <li>readiness: its readiness path answers 200;
 *   <li>a trickle of probes over several commit intervals: every output topic written, timestamps
 *       and trace headers carried, and under exactly-once output committed in transactions on the
 *       commit interval;
 *   <li>under exactly-once, a batch of probes, kill -9 before their transaction commits, a restart:
 *       {@code read_committed} sees every probe's output once;
 *   <li>the figures its metric profile reads, over the last seconds;
 *   <li>SIGTERM: it stops within its shutdown timeout.
 * </ol>
 */
public final class ConformanceRun {

  /** How long the app, Kafka and Prometheus may take to be ready. */
  static final Duration START_LIMIT = Duration.ofMinutes(2);

  /** Probe rounds per second (a round sends one probe to each input topic). */
  static final int ROUNDS_PER_SECOND = 20;

  /** Probe rounds sent just before the kill, in the transaction it interrupts. */
  static final int ROUNDS_BEFORE_KILL = 20;

  /**
   * How many commits the kill is tried against before aborted-unseen is left unchecked: a busy
   * machine commits the batch before the kill now and then, rarely twice in a row.
   */
  static final int KILL_ATTEMPTS = 3;

  /** How long output may go on arriving after the last probe. */
  static final Duration SETTLE_LIMIT = Duration.ofSeconds(90);

  private static final Duration POLL = Duration.ofMillis(100);

  private final LocalSpec spec;
  private final Duration commitInterval;
  private final String prometheusBinary;
  private final Path dir;
  private final PrintWriter progress;
  private final Instant started = Instant.now();

  /**
   * @param spec the run the app is started for (scenario, guarantee, topics, its settings)
   * @param commitInterval the commit interval the app was given
   * @param prometheusBinary the Prometheus server binary
   * @param dir where the app's, Kafka's and Prometheus' logs and data go
   * @param progress where each step is said
   */
  public ConformanceRun(
      LocalSpec spec,
      Duration commitInterval,
      String prometheusBinary,
      Path dir,
      PrintWriter progress) {
    this.spec = spec;
    this.commitInterval = commitInterval;
    this.prometheusBinary = prometheusBinary;
    this.dir = dir;
    this.progress = progress;
  }

  /** Runs every check; the app, Kafka and Prometheus are stopped when it returns. */
  public List<ConformanceCheck> run() throws Exception {
    BenchmarkRunSpec resolved = spec.spec();
    RunContext run = context(resolved);
    try (ProcessGuard guard = ProcessGuard.start()) {
      LocalPlatform platform = new LocalPlatform(setup(guard), run, document -> {});
      try {
        say("starting Kafka and Prometheus");
        awaitReady("Prometheus", platform::ensurePrometheus);
        String bootstrap =
            awaitReady("Kafka", () -> platform.platform().provisioner().ensureKafka(run));
        List<String> outputs = resolved.getLatency().getTopics();
        try (OutputRecorder committed =
                new OutputRecorder(bootstrap, Map.of(), outputs, "read_committed");
            OutputRecorder uncommitted =
                new OutputRecorder(bootstrap, Map.of(), outputs, "read_uncommitted");
            ProbeTraffic probes =
                new ProbeTraffic(
                    bootstrap,
                    Map.of(),
                    workload(run, bootstrap),
                    7L,
                    Instant.now().minus(Duration.ofHours(1)))) {
          return new Probing(platform, run, bootstrap, committed, uncommitted, probes).checks();
        }
      } finally {
        platform.close();
      }
    }
  }

  private LocalSetup setup(ProcessGuard guard) {
    int metricsPort =
        spec.app().fixedMetricsPort() ? spec.spec().getApp().getMetrics().getPort() : 0;
    return new LocalSetup(
        dir,
        LocalPorts.pick(0, metricsPort, 1),
        spec.app(),
        prometheusBinary,
        Duration.ofSeconds(1),
        guard,
        Runtime.getRuntime().availableProcessors(),
        Map.of());
  }

  /** The checks against the app once Kafka and Prometheus are up, in the order they run. */
  private final class Probing {
    private final LocalPlatform platform;
    private final RunContext run;
    private final String bootstrap;
    private final OutputRecorder committed;
    private final OutputRecorder uncommitted;
    private final ProbeTraffic probes;
    private final boolean exactlyOnce;
    private final boolean oneToOne;
    private final List<ConformanceCheck> checks = new ArrayList<>();

    Probing(
        LocalPlatform platform,
        RunContext run,
        String bootstrap,
        OutputRecorder committed,
        OutputRecorder uncommitted,
        ProbeTraffic probes) {
      this.platform = platform;
      this.run = run;
      this.bootstrap = bootstrap;
      this.committed = committed;
      this.uncommitted = uncommitted;
      this.probes = probes;
      this.exactlyOnce = spec.spec().getProcessingGuarantee().value().startsWith("exactly_once");
      this.oneToOne = ClientDocuments.keepsRecordsOneToOne(spec.spec().getScenario());
    }

    List<ConformanceCheck> checks() throws Exception {
      if (!started()) {
        return checks;
      }
      Instant writtenFrom = Instant.now();
      trickle(writtenFrom);
      List<FigureResult> figures = figuresSince(writtenFrom);
      guarantee();
      checks.addAll(ConformanceJudge.metrics(figures));
      sigterm();
      return checks;
    }

    /** Starts the app and judges its readiness; whether it got ready. */
    private boolean started() throws InterruptedException {
      say("starting the app: " + spec.app().describe());
      ComponentStatus app =
          awaitStatus(() -> platform.platform().provisioner().ensureApp(run, bootstrap));
      checks.add(
          app instanceof ComponentStatus.Failed
              ? ConformanceCheck.fail(
                  "ready", "the app stopped before it was ready: " + describe(app))
              : ConformanceJudge.ready(
                  AppEnvironment.readinessPath(spec.spec()),
                  app.isReady()
                      ? platform
                          .platform()
                          .observer()
                          .appStartup(run)
                          .map(ConformanceRun::timeToReady)
                      : Optional.empty(),
                  START_LIMIT));
      return app.isReady();
    }

    /** A trickle of probes over several commit intervals, and what came out of it. */
    private void trickle(Instant writtenFrom) throws InterruptedException {
      Duration trickle =
          exactlyOnce ? commitInterval.multipliedBy(7).dividedBy(2) : Duration.ofSeconds(10);
      say(
          "sending probes for %s (%d per second to each of %s)"
              .formatted(seconds(trickle), ROUNDS_PER_SECOND, probes.topics()));
      send(probes, trickle);
      settle(committed, "the trickle's output");
      List<Seen> seen = committed.seen();
      checks.add(ConformanceJudge.outputs(spec.spec().getLatency().getTopics(), seen));
      checks.add(ConformanceJudge.timestamps(probes.sent(), seen, oneToOne, writtenFrom));
      checks.add(ConformanceJudge.headers(probes.sent(), seen, oneToOne));
    }

    /** The app's own figures from Prometheus over the trickle. */
    private List<FigureResult> figuresSince(Instant writtenFrom) throws PrometheusException {
      say("reading the app's figures from Prometheus, over the trickle");
      MeasurementWindow window =
          new MeasurementWindow(
              writtenFrom.plusSeconds(2),
              Instant.now().minusSeconds(2),
              Duration.ofSeconds(1),
              Duration.ofSeconds(1));
      return platform.platform().observer().measurements(run).figures(window).stream()
          .filter(f -> f.component() == Component.APP)
          .toList();
    }

    /** Under exactly-once: transactions on the commit interval, and none of an aborted one seen. */
    private void guarantee() throws Exception {
      if (!exactlyOnce) {
        checks.add(
            ConformanceCheck.notChecked(
                "transactional", "at-least-once: output need not be transactional"));
        return;
      }
      ConformanceCheck transactional =
          ConformanceJudge.transactional(uncommitted.seen(), committed.seen(), commitInterval);
      checks.add(transactional);
      checks.add(
          transactional.verdict() == ConformanceCheck.Verdict.PASS
              ? killMidTransaction()
              : ConformanceCheck.notChecked(
                  "aborted-unseen",
                  "the output is not committed in transactions on the commit interval (see"
                      + " transactional): nothing to abort"));
    }

    /**
     * A batch of probes right after a commit (a trigger probe's output becoming visible marks one),
     * kill -9 a quarter of an interval later, before the next commit (its output written or, by an
     * app that buffers output until the commit, not yet), a restart, and what {@code
     * read_committed} then sees.
     */
    private ConformanceCheck killMidTransaction() throws Exception {
      int writtenBefore = 0;
      int sentBefore = 0;
      boolean open = false;
      // A busy machine may commit the batch before the kill goes out; the records of a batch that
      // committed are probes like any other, so the next commit is tried, a few times at most.
      for (int attempt = 0; attempt < KILL_ATTEMPTS && !open; attempt++) {
        int beforeTrigger = committed.seen().size();
        probes.sendOneEach();
        probes.flush();
        awaitMore(committed, beforeTrigger, SETTLE_LIMIT);
        Instant committedAt = Instant.now();
        int committedBefore = committed.seen().size();
        writtenBefore = uncommitted.seen().size();
        sentBefore = probes.sent().size();
        for (int i = 0; i < ROUNDS_BEFORE_KILL; i++) {
          probes.sendOneEach();
        }
        probes.flush();
        awaitQuiet(uncommitted, Duration.ofMillis(300), commitInterval);
        sleepUntil(committedAt.plus(commitInterval.dividedBy(4)));
        open = committed.seen().size() == committedBefore;
      }
      if (!open) {
        return ConformanceCheck.notChecked(
            "aborted-unseen",
            "the batch's transaction committed before the kill could be sent, %d times: give a longer --commit-interval"
                .formatted(KILL_ATTEMPTS));
      }
      String kill =
          "kill -9 with %d probes sent since the last commit and %d output records in the open transaction"
              .formatted(
                  probes.sent().size() - sentBefore, uncommitted.seen().size() - writtenBefore);
      List<String> targets =
          platform.platform().faults().faultTargets(run, FaultAction.KILL_APP, 0);
      say(kill + ": " + platform.platform().faults().inject(run, FaultAction.KILL_APP, targets));
      ComponentStatus restarted =
          awaitStatus(() -> platform.platform().provisioner().ensureApp(run, bootstrap));
      if (!restarted.isReady()) {
        return ConformanceCheck.fail(
            "aborted-unseen", "after kill -9 the app did not come back: " + describe(restarted));
      }
      settle(committed, "the output after the restart");
      return ConformanceJudge.exactlyOnceAcrossAKill(
          spec.spec().getScenario().value(), oneToOne, probes.sent(), committed.seen(), kill);
    }

    /** SIGTERM: the app stops within its shutdown timeout and a few seconds. */
    private void sigterm() {
      say("stopping the app with SIGTERM");
      Duration grace =
          Duration.ofMillis(
                  Long.parseLong(
                      spec.spec()
                          .getApp()
                          .getConfig()
                          .getOrDefault("shutdown.timeout.ms", "30000")))
              .plusSeconds(5);
      Optional<LocalPlatform.AppStop> stop = platform.stopApp(grace);
      checks.add(
          ConformanceJudge.sigterm(
              stop.filter(LocalPlatform.AppStop::stoppedBySigterm).map(LocalPlatform.AppStop::took),
              stop.map(s -> OptionalInt.of(s.exitCode())).orElse(OptionalInt.empty()),
              grace));
    }
  }

  private void send(ProbeTraffic probes, Duration duration) throws InterruptedException {
    Instant end = Instant.now().plus(duration);
    long intervalNanos = 1_000_000_000L / ROUNDS_PER_SECOND;
    long next = System.nanoTime();
    while (Instant.now().isBefore(end)) {
      probes.sendOneEach();
      next += intervalNanos;
      long wait = next - System.nanoTime();
      if (wait > 0) {
        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
      }
    }
    probes.flush();
  }

  /**
   * Waits until {@code recorder} has seen nothing new for two commit intervals and a second (so the
   * last commit is in), or {@link #SETTLE_LIMIT}.
   */
  private void settle(OutputRecorder recorder, String what) throws InterruptedException {
    say("waiting for " + what);
    awaitQuiet(recorder, commitInterval.multipliedBy(2).plusSeconds(1), SETTLE_LIMIT);
  }

  /** Waits until {@code recorder} has seen more than {@code count} records, or {@code limit}. */
  private static void awaitMore(OutputRecorder recorder, int count, Duration limit)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(limit);
    while (recorder.seen().size() <= count && Instant.now().isBefore(deadline)) {
      Thread.sleep(10);
    }
  }

  private static void awaitQuiet(OutputRecorder recorder, Duration quiet, Duration limit)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(limit);
    int count = recorder.seen().size();
    Instant changed = Instant.now();
    while (Instant.now().isBefore(deadline)) {
      Thread.sleep(POLL.toMillis());
      int now = recorder.seen().size();
      if (now != count) {
        count = now;
        changed = Instant.now();
      } else if (count > 0 && Duration.between(changed, Instant.now()).compareTo(quiet) >= 0) {
        return;
      }
    }
  }

  private static void sleepUntil(Instant at) throws InterruptedException {
    long wait = Duration.between(Instant.now(), at).toMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }

  /** Steps {@code ensure} until it is ready, failed, or {@link #START_LIMIT} passed. */
  private static ComponentStatus awaitStatus(Supplier<ComponentStatus> ensure)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(START_LIMIT);
    ComponentStatus status = ensure.get();
    while (!status.isReady()
        && !(status instanceof ComponentStatus.Failed)
        && Instant.now().isBefore(deadline)) {
      Thread.sleep(POLL.toMillis());
      status = ensure.get();
    }
    return status;
  }

  private static String awaitReady(String what, Supplier<ComponentStatus> ensure)
      throws InterruptedException {
    ComponentStatus status = awaitStatus(ensure);
    if (!status.isReady()) {
      throw new IllegalStateException(what + " did not start: " + describe(status));
    }
    return ((ComponentStatus.Ready) status).detail();
  }

  private static String describe(ComponentStatus status) {
    if (status instanceof ComponentStatus.Ready ready) {
      return "ready: " + ready.detail();
    }
    if (status instanceof ComponentStatus.Starting starting) {
      return "still starting after " + seconds(START_LIMIT) + ": " + starting.reason();
    }
    if (status instanceof ComponentStatus.Failed failed) {
      return failed.object() + ": " + failed.reason();
    }
    ComponentStatus.Ended ended = (ComponentStatus.Ended) status;
    return ended.object() + " ended: " + ended.detail();
  }

  private static Duration timeToReady(AppStartup startup) {
    return Duration.between(startup.startedAt(), startup.readyAt());
  }

  private static Workload workload(RunContext run, String bootstrap) {
    return WorkloadReader.parse(
        ClientDocuments.workload(run, bootstrap, URI.create("http://127.0.0.1:9")).toString(),
        "the conformance workload");
  }

  private static RunContext context(BenchmarkRunSpec spec) {
    PhaseTransition first = new PhaseTransition();
    first.setPhase(Phase.Pending);
    first.setStartedAt(Instant.now().toString());
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.getPhaseHistory().add(first);
    return new RunContext(LocalPlatform.NAMESPACE, "conformance", null, spec, status, 1L);
  }

  private void say(String line) {
    long s = Duration.between(started, Instant.now()).toSeconds();
    progress.printf(Locale.ROOT, "[%02d:%02d]  %s%n", s / 60, s % 60, line);
    progress.flush();
  }

  private static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.0f s", d.toMillis() / 1000.0);
  }
}
