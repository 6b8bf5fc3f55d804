package io.streamgauge.run;

import io.streamgauge.api.LoadTopicSpec;
import io.streamgauge.api.RunSummary;
import io.streamgauge.platform.RunContext;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a collected window measured what a run claims to, before it may succeed: latency samples
 * in the window, and the load generators near their target; for a restoration, records restored and
 * its CPU measured. A run that fails here keeps its results (they say what went wrong) but ends
 * {@code Failed} with {@link FailureReason#InvalidMeasurement}, so no pipeline gate passes on a
 * number that means nothing.
 */
final class MeasurementValidity {

  /** The produced rate must reach this share of the target. */
  static final double MIN_PRODUCED_SHARE = 0.95;

  private MeasurementValidity() {}

  /** Why the window's figures mean nothing, or empty when they do. */
  static Optional<String> problem(RunContext run, RunSummary summary) {
    if (summary.getRestoration() != null) {
      return restorationProblem(summary);
    }
    var latency = summary.getLatency();
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
    double target =
        run.spec().getLoad().getTopics().stream()
            .map(LoadTopicSpec::getRatePerSecond)
            .filter(Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .sum();
    Double produced =
        summary.getThroughput() == null ? null : summary.getThroughput().getProducedPerSec();
    if (target > 0 && produced != null && produced < MIN_PRODUCED_SHARE * target) {
      return Optional.of(
          "the load generators produced %,.1f records/s, below %.0f%% of the target %,.1f:"
                  .formatted(produced, MIN_PRODUCED_SHARE * 100, target)
              + " the app was not driven at the rate the run claims");
    }
    return Optional.empty();
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
