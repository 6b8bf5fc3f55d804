package io.streamgauge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.RestorationSummary;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.metrics.TimeSeriesCollector;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import io.streamgauge.results.LatencyResults;
import io.streamgauge.results.LoadShapeResults;
import io.streamgauge.results.ResultDocument;
import io.streamgauge.results.RunChecks;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Collecting: after the last samples had time to land and every output partition has delivered a
 * record stamped after the window's end (at most {@code spec.schedule.drainTimeout}, then the
 * latency is reported incomplete), reads the latency consumer's results and the Prometheus figures
 * over exactly the measurement window, writes {@code status.summary} and stores the full result
 * document. An unreachable Prometheus is retried by rescheduling until the collecting timeout, then
 * the run fails with MetricsUnavailable and keeps the latency it has.
 */
final class CollectingStep implements PhaseStep {

  private static final Duration RETRY = Duration.ofSeconds(15);
  private static final Duration DRAIN_RECHECK = Duration.ofSeconds(5);

  private final Platform platform;
  private final PhaseTimeouts timeouts;

  CollectingStep(Platform platform, PhaseTimeouts timeouts) {
    this.platform = platform;
    this.timeouts = timeouts;
  }

  @Override
  public StepOutcome run(RunContext run, Instant now) {
    WindowTimes windows = WindowTimes.of(run.status());
    boolean restoration = Restoration.is(run);
    MeasurementWindow window;
    try {
      window = ResultCollection.window(run, windows.measurementEnd());
    } catch (IllegalArgumentException tooShort) {
      // Only a restoration's window has a length the schedule did not check at Pending.
      if (!restoration) {
        throw tooShort;
      }
      return restorationTooShort(run, windows, tooShort.getMessage());
    }
    Instant settled =
        windows
            .measurementEnd()
            .plus(lastSampleDelay(run, window))
            // The restoration gauges are read in the two scrape intervals after the window.
            .plus(restoration ? window.scrapeInterval().multipliedBy(2) : Duration.ZERO)
            .plus(timeouts.settle());
    // The run's timeout bounds Collecting too: past it nothing more is awaited (the samples still
    // to land, the window's tail, a retry); what can be collected then is, and what cannot fails
    // the run with Timeout, keeping what was measured.
    boolean beforeDeadline = now.isBefore(run.deadline());
    if (now.isBefore(settled) && beforeDeadline) {
      return new StepOutcome.Wait(
          Recheck.within(Duration.between(now, settled)),
          "Collecting: letting the last samples land until " + settled);
    }
    Duration drain = run.durations().drainTimeout();
    Duration collecting = Duration.between(PhaseHistory.currentPhaseSince(run.status(), now), now);
    // Retries count from the window's end, like the drain; a drain longer than the retry bound
    // extends it, so the retries keep their time after the drain.
    Duration retryFor =
        drain.compareTo(timeouts.collecting()) > 0
            ? drain.plus(timeouts.collecting())
            : timeouts.collecting();
    Retries retries = new Retries(collecting.compareTo(retryFor) < 0, beforeDeadline, run);
    if (restoration) {
      return collectRestoration(run, window, retries);
    }
    LatencyResults latency;
    try {
      latency = platform.observer().measurements(run).latencyResults();
    } catch (IOException e) {
      if (retries.allowed()) {
        return new StepOutcome.Wait(RETRY, "Collecting: " + e.getMessage() + "; retrying");
      }
      latency = null;
    }
    if (latency != null
        && !latency.tail().complete()
        && collecting.compareTo(drain) < 0
        && beforeDeadline) {
      return new StepOutcome.Wait(
          DRAIN_RECHECK,
          "Collecting: waiting for the window's last records: "
              + awaited(latency.tail())
              + ", at most until "
              + SpecDuration.format(drain)
              + " after the window");
    }
    LatencyResults read = latency;
    return collect(
        run,
        window,
        retries,
        figures -> ResultCollection.of(window, figures, read, run.status().getNodes()));
  }

  /**
   * A restoration too short for Prometheus to have two samples of the app inside it: its time is
   * kept, but a run whose resources cannot be measured is no valid measurement.
   */
  private static StepOutcome restorationTooShort(RunContext run, WindowTimes windows, String why) {
    RestorationSummary restoration = new RestorationSummary();
    restoration.setSeconds(
        Duration.between(windows.measurementStart(), windows.measurementEnd()).toMillis() / 1000.0);
    restoration.setPrepopulatedRecords(Restoration.prepopulatedRecords(run));
    RunSummary summary = new RunSummary();
    summary.setRestoration(restoration);
    run.status().setSummary(summary);
    return new StepOutcome.Fail(
        FailureReason.InvalidMeasurement,
        why
            + ": the restoration's resources cannot be measured; set a shorter"
            + " spec.prometheus.scrapeInterval (locally --scrape-interval) or prepopulate more"
            + " records");
  }

  /** State restoration: the app's figures over the restoration; there is no latency to read. */
  private StepOutcome collectRestoration(
      RunContext run, MeasurementWindow window, Retries retries) {
    long prepopulated = Restoration.prepopulatedRecords(run);
    return collect(
        run,
        window,
        retries,
        figures -> ResultCollection.ofRestoration(window, figures, prepopulated));
  }

  /**
   * Queries the figures over the window and stores the results {@code assemble} makes of them; an
   * unreachable Prometheus is retried while {@code retries} allow, then fails the run with what was
   * assembled without figures.
   */
  private StepOutcome collect(
      RunContext run,
      MeasurementWindow window,
      Retries retries,
      Function<List<FigureResult>, ResultCollection> assemble) {
    List<FigureResult> figures;
    try {
      figures = platform.observer().measurements(run).figures(window);
    } catch (PrometheusException e) {
      if (retries.allowed()) {
        return new StepOutcome.Wait(RETRY, "Collecting: " + e.getMessage() + "; retrying");
      }
      run.status().setSummary(assemble.apply(List.of()).summary());
      return retries.giveUp(FailureReason.MetricsUnavailable, e.getMessage());
    }
    return store(run, assemble.apply(figures), figures, retries);
  }

  private StepOutcome store(
      RunContext run, ResultCollection results, List<FigureResult> figures, Retries retries) {
    results.summary().setStartup(AppStartups.record(platform, run));
    PhaseHistory.timeIn(run.status(), Phase.ProvisioningKafka)
        .ifPresent(waited -> results.summary().setKafkaReadySeconds(waited.toMillis() / 1000.0));
    results.summary().setCatchUp(run.status().getCatchUp());
    RunSeries series = series(run, results.window());
    if (run.spec().hasFaults()) {
      results.summary().setFaults(FaultSummaries.of(run, results, series.series()));
    }
    LoadShapes.of(run.spec())
        .ifPresent(
            shape ->
                results
                    .summary()
                    .setLoad(
                        LoadShapeResults.summarize(
                            run.spec().getLoad(),
                            shape,
                            results.window().start(),
                            results.latency() == null
                                ? new TreeMap<>()
                                : results.latency().secondHistograms(),
                            FaultSummaries.points(series.series(), TimeSeriesCollector.INPUT_LAG),
                            CatchUp.allowedLag(run.spec()))));
    List<CheckResult> checks = RunChecks.evaluate(run.spec(), results.summary());
    results.summary().setChecks(checks);
    results.summary().setWarnings(RunChecks.warnings(checks));
    run.status().setSummary(results.summary());
    ObjectNode document = results.document(run.spec());
    ResultDocument.addEnvironment(document, platform.observer().environment(run));
    ResultDocument.addTimeSeries(
        document, series.from(), results.window(), series.series(), series.error());
    if (AppEnvironment.replicas(run.spec()) > 1) {
      addInstances(run, results.window(), document);
    }
    try {
      run.status().setResultRef(platform.results().storeResults(run, document));
    } catch (IOException e) {
      if (retries.allowed()) {
        return new StepOutcome.Wait(
            RETRY, "Collecting: cannot store the results: " + e.getMessage() + "; retrying");
      }
      return retries.giveUp(FailureReason.ResultsNotStored, e.getMessage());
    }
    Optional<String> invalid = MeasurementValidity.problem(run, results.summary());
    if (invalid.isPresent()) {
      return new StepOutcome.Fail(FailureReason.InvalidMeasurement, invalid.get());
    }
    long missing = figures.stream().filter(f -> !f.isMeasured()).count();
    return new StepOutcome.Advance(
        Phase.Succeeded,
        "collected "
            + (figures.size() - missing)
            + " figures"
            + (missing > 0 ? ", " + missing + " missing" : ""));
  }

  /**
   * Whether Collecting may still retry what failed: within its own bound, and before the run's
   * timeout. Past the timeout a failure is the timeout's.
   */
  private record Retries(boolean withinBound, boolean beforeDeadline, RunContext run) {

    boolean allowed() {
      return withinBound && beforeDeadline;
    }

    StepOutcome giveUp(FailureReason reason, String message) {
      if (beforeDeadline) {
        return new StepOutcome.Fail(reason, message);
      }
      return new StepOutcome.Fail(
          FailureReason.Timeout, PhaseMachine.timeoutPassed(run) + ": " + message);
    }
  }

  /**
   * The app's figures per instance, into the result document; a Prometheus that cannot answer now
   * leaves them out, saying why, and never fails the run (the app's own figures are in).
   */
  private void addInstances(RunContext run, MeasurementWindow window, ObjectNode document) {
    try {
      ResultDocument.addInstances(
          document, platform.observer().measurements(run).appInstances(window));
    } catch (PrometheusException e) {
      ResultDocument.addInstancesMissing(document, e.getMessage());
    }
  }

  /**
   * The run over time from the warmup's start (a restoration's start): for the report's plots and a
   * fault's recovery. A Prometheus that cannot answer now leaves them out, saying why, and never
   * fails the run.
   *
   * @param series the series, or null when Prometheus could not answer
   * @param error why not, or null
   */
  private record RunSeries(Instant from, List<PlotSeries> series, String error) {}

  private RunSeries series(RunContext run, MeasurementWindow window) {
    WindowTimes windows = WindowTimes.of(run.status());
    Instant from = Restoration.is(run) ? windows.measurementStart() : windows.warmupStart();
    try {
      return new RunSeries(from, platform.observer().measurements(run).series(window, from), null);
    } catch (PrometheusException e) {
      return new RunSeries(from, null, e.getMessage());
    }
  }

  /**
   * How long after the window's end its last samples may land: one scrape interval of the run's
   * pods, or of cAdvisor, which stamps samples with its housekeeping time, whichever is longer.
   */
  private static Duration lastSampleDelay(RunContext run, MeasurementWindow window) {
    Duration cadvisor = run.durations().cadvisorScrapeInterval();
    return cadvisor.compareTo(window.scrapeInterval()) > 0 ? cadvisor : window.scrapeInterval();
  }

  /** What the window's tail still waits for, in words. */
  private static String awaited(LatencyResults.Tail tail) {
    List<String> behind = tail.behind();
    List<String> parts = new ArrayList<>();
    if (!behind.isEmpty()) {
      parts.add(
          behind.size()
              + " output partition(s) not yet past the measurement's end ("
              + String.join(", ", behind.subList(0, Math.min(5, behind.size())))
              + (behind.size() > 5 ? ", ..." : "")
              + ")");
    }
    if (tail.reportsMissing() > 0) {
      parts.add(tail.reportsMissing() + " load generator(s) yet to report what they sent");
    }
    return parts.isEmpty() ? "no output record read yet" : String.join(" and ", parts);
  }
}
