package io.streamgauge.run;

import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.platform.RunContext;
import io.streamgauge.results.CheckName;
import java.util.Optional;

/**
 * Whether a collected window measured anything at all, before the run may succeed: latency samples
 * in the window; for a restoration, records restored and its CPU measured. A run that fails here
 * keeps its results (they say what went wrong) but ends {@code Failed} with {@link
 * FailureReason#InvalidMeasurement}. How good a measurement that succeeded is (rate reached, back
 * pressure, integrity) is judged by {@link io.streamgauge.results.RunChecks} into the {@code Valid}
 * condition instead.
 */
final class MeasurementValidity {

  private MeasurementValidity() {}

  /** Why the window's figures mean nothing, or empty when they do. */
  static Optional<String> problem(RunContext run, RunSummary summary) {
    if (summary.getRestoration() != null) {
      return restorationProblem(summary);
    }
    var latency = summary.getLatency();
    if (loadFellBehind(summary)) {
      // The generators' own checks say why: the records sent in the window carry the intended
      // (earlier) send times of a schedule they could not keep, so none may be stamped inside it.
      return Optional.empty();
    }
    if (latency == null || latency.getSamples() == null || latency.getSamples() == 0) {
      String why =
          summary.getMissing() == null
              ? ""
              : summary.getMissing().stream()
                  .filter(m -> m.startsWith("latency: "))
                  .map(m -> " (" + m.substring("latency: ".length()) + ")")
                  .findFirst()
                  .orElse("");
      return Optional.of(
          "no latency samples in the measurement window: nothing reached "
              + String.join(", ", run.spec().getLatency().getTopics())
              + why);
    }
    return Optional.empty();
  }

  /**
   * True when the load generators fell behind their schedule (the producedRate or publishDelayP99
   * check failed): such a run succeeds and is invalid by those checks, even with no latency sample
   * in the window — the cause, not its consequence, is what it reports.
   */
  private static boolean loadFellBehind(RunSummary summary) {
    return summary.getChecks() != null
        && summary.getChecks().stream()
            .anyMatch(
                c ->
                    Boolean.FALSE.equals(c.getPassed())
                        && (CheckName.PRODUCED_RATE.is(c) || CheckName.PUBLISH_DELAY_P99.is(c)));
  }

  /**
   * A restoration measures time and resources: no record restored, or no CPU figure (a cold app's
   * first scrapes land well inside a short window, so two scrape intervals are not always enough),
   * leaves nothing to compare.
   */
  private static Optional<String> restorationProblem(RunSummary summary) {
    Long restored = summary.getRestoration().getRestoredRecords();
    if (restored != null && restored == 0) {
      return Optional.of("the app restored no record: its stores did not read the changelogs");
    }
    if (summary.getRestoration().getCpuCores() == null) {
      String why =
          summary.getMissing() == null
              ? ""
              : summary.getMissing().stream()
                  .filter(m -> m.startsWith("app.cpuCores: "))
                  .map(m -> " (" + m + ")")
                  .findFirst()
                  .orElse("");
      return Optional.of(
          "the restoration's CPU was not measured"
              + why
              + ": set a shorter spec.prometheus.scrapeInterval (locally --scrape-interval) or"
              + " prepopulate more records");
    }
    return Optional.empty();
  }
}
