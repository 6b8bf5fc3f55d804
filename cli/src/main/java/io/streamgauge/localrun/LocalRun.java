package io.streamgauge.localrun;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.local.LocalEnvironmentException;
import io.streamgauge.platform.local.LocalPlatform;
import io.streamgauge.run.FailureReason;
import io.streamgauge.run.PhaseMachine;
import io.streamgauge.run.PhaseTimeouts;
import io.streamgauge.run.RunStateMetrics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One BenchmarkRun on this machine: the operator's phase machine driven on a {@link LocalPlatform}
 * until the run succeeds, fails (a process died, a timeout) or is interrupted. A failed run keeps
 * what could be measured: the latency consumer's results so far and the figures over the part of
 * the measurement window that passed (stored by the phase machine on failing). The caller stops the
 * processes.
 */
public final class LocalRun {

  /** How long the local Prometheus may take to answer. */
  static final Duration PROMETHEUS_STARTUP = Duration.ofSeconds(60);

  /** Local components start in seconds; these bound a stuck one well inside the run's timeout. */
  static final PhaseTimeouts TIMEOUTS =
      new PhaseTimeouts(
          Duration.ofMinutes(3),
          Duration.ofMinutes(3),
          Duration.ofMinutes(1),
          Duration.ofSeconds(2));

  /** How often the loop looks at the processes and the terminal line. */
  private static final Duration TICK = Duration.ofSeconds(1);

  private final RunContext run;
  private final LocalPlatform platform;
  private final RunStateMetrics runMetrics;
  private final TerminalReporter reporter;
  private final LiveRates rates;
  private final Clock clock;
  private final AtomicReference<Interruption> interruption = new AtomicReference<>();
  private final Object wake = new Object();

  /**
   * @param runMetrics the run's state as gauges, kept current for the local Prometheus
   */
  public LocalRun(
      RunContext run,
      LocalPlatform platform,
      RunStateMetrics runMetrics,
      TerminalReporter reporter,
      Clock clock) {
    this.run = run;
    this.platform = platform;
    this.runMetrics = runMetrics;
    this.reporter = reporter;
    this.rates = new LiveRates(platform.prometheusUrl());
    this.clock = clock;
    platform.onChange(this::wakeUp);
  }

  /** A new run's context: namespace {@code local}, no uid, an empty status. */
  public static RunContext context(String name, BenchmarkRunSpec spec) {
    return new RunContext(LocalPlatform.NAMESPACE, name, null, spec, new BenchmarkRunStatus(), 1L);
  }

  /** Asks the run to stop at once (from a signal handler); the run fails as Interrupted. */
  public void interrupt(Interruption why) {
    interruption.compareAndSet(null, why);
    synchronized (wake) {
      wake.notifyAll();
    }
  }

  /** Ends the current pause: a process became ready or exited, so the run looks at once. */
  private void wakeUp() {
    synchronized (wake) {
      wake.notifyAll();
    }
  }

  /** The reason given to {@link #interrupt}, or null. */
  public Interruption interruption() {
    return interruption.get();
  }

  /**
   * Runs to the end; the platform hands the result document on as it stores it.
   *
   * @throws LocalEnvironmentException when Prometheus cannot be started
   */
  public void execute() {
    startPrometheus();
    PhaseMachine machine = new PhaseMachine(platform.platform(), reporter, TIMEOUTS);
    while (true) {
      Instant now = clock.instant();
      Interruption why = interruption.get();
      if (why != null) {
        machine.abort(run, now, FailureReason.Interrupted, why.description());
        break;
      }
      Optional<Duration> again = machine.advance(run, now);
      runMetrics.observe(run);
      if (again.isEmpty()) {
        break;
      }
      reporter.progress(run, showsRates() ? rates.describe(run) : "");
      pause(again.get().compareTo(TICK) < 0 ? again.get() : TICK);
    }
    reporter.endProgress();
    machine.cleanUpEnded(run, clock.instant());
    runMetrics.observe(run);
    letPrometheusScrapeTheEnd();
  }

  /**
   * Waits one scrape interval, so the run's final phase and figures are in Prometheus' data that
   * the run leaves behind — unless the user asked to stop.
   */
  private void letPrometheusScrapeTheEnd() {
    Instant until =
        clock.instant().plus(run.durations().scrapeInterval()).plus(Duration.ofSeconds(1));
    // A pause ends early when a process exits (a load generator finishing): wait out the rest.
    for (Instant now = clock.instant();
        now.isBefore(until) && interruption.get() == null;
        now = clock.instant()) {
      pause(Duration.between(now, until));
    }
  }

  private boolean showsRates() {
    Phase phase = run.status().getPhase();
    return phase == Phase.WarmingUp || phase == Phase.Measuring || phase == Phase.Collecting;
  }

  private void startPrometheus() {
    Instant deadline = clock.instant().plus(PROMETHEUS_STARTUP);
    while (true) {
      ComponentStatus status = platform.ensurePrometheus();
      if (status.isReady()) {
        return;
      }
      if (status instanceof ComponentStatus.Failed failed) {
        throw new LocalEnvironmentException(
            "Prometheus did not start: " + failed.object() + " " + failed.reason());
      }
      if (clock.instant().isAfter(deadline) || interruption.get() != null) {
        throw new LocalEnvironmentException(
            "Prometheus did not become ready within "
                + PROMETHEUS_STARTUP.toSeconds()
                + "s ("
                + ((ComponentStatus.Starting) status).reason()
                + ")");
      }
      pause(Duration.ofMillis(200));
    }
  }

  private void pause(Duration duration) {
    synchronized (wake) {
      if (interruption.get() != null || duration.isZero() || duration.isNegative()) {
        return;
      }
      try {
        wake.wait(Math.max(1, duration.toMillis()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        interrupt(Interruption.THREAD);
      }
    }
  }
}
