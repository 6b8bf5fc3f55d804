package io.streamgauge.series;

import io.streamgauge.platform.RunContext;
import io.streamgauge.run.RunTransitions;
import java.time.Instant;
import java.util.List;

/**
 * What a run whose work is done by runs of its own (its repetitions, a capacity search's probes)
 * adds to {@link RunTransitions}: how it is accepted, and its validity from what its runs showed.
 */
public final class ParentRunPhases {

  private ParentRunPhases() {}

  /**
   * A new run enters Pending, its runtime recorded. Its spec arrived checked ({@link
   * io.streamgauge.run.SpecIntake} on Kubernetes, {@code LocalSpec} locally), as a single run's
   * does.
   */
  public static void accept(RunContext run, RunTransitions transitions, Instant now) {
    run.status().setRuntime(run.spec().getApp().getRuntime());
    transitions.accept(run, now);
  }

  /**
   * The Valid condition's reasons for a run whose work ended.
   *
   * @param validReason when nothing is wrong
   * @param validMessage its message
   * @param invalidReason when something is (the message lists what)
   */
  public record Validity(String validReason, String validMessage, String invalidReason) {}

  /**
   * {@code run} succeeded with {@code summary} (Ready True); Valid True, or False listing {@code
   * problems} (and an Event saying so).
   */
  public static void succeed(
      RunContext run,
      RunTransitions transitions,
      String summary,
      List<String> problems,
      Validity validity,
      Instant now) {
    transitions.succeed(run, now, summary);
    if (problems.isEmpty()) {
      transitions.valid(run, now, validity.validReason(), validity.validMessage());
    } else {
      transitions.invalid(run, now, validity.invalidReason(), String.join(" | ", problems));
    }
  }
}
