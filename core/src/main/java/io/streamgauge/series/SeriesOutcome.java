package io.streamgauge.series;

import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How a planned series whose runs all ended went, the same for a run's repetitions and a suite's
 * runs on every platform: a failed run is recorded and the next one runs, so one bad run (a node
 * hiccup) does not throw the others away; the series fails only when every run failed, and is valid
 * only when every run is.
 */
public enum SeriesOutcome {
  /** Every run failed: a repeated run fails (RepetitionsFailed); locally exit code 4. */
  FAILED("AllRunsFailed"),
  /** One failed or was invalid: a repeated run succeeds with Valid False; locally exit code 5. */
  INVALID("RunsNotValid"),
  /** Every run succeeded and is valid. */
  VALID("AllRunsValid");

  private final String validReason;

  SeriesOutcome(String validReason) {
    this.validReason = validReason;
  }

  /** The reason of a suite's {@code Valid} condition that says this outcome. */
  public String validReason() {
    return validReason;
  }

  /** The outcome a suite's {@code Valid} condition's reason says, if it says one. */
  public static Optional<SeriesOutcome> ofValidReason(String reason) {
    return Arrays.stream(values()).filter(o -> o.validReason.equals(reason)).findFirst();
  }

  /** The outcome of ended runs, from their records. */
  public static SeriesOutcome of(List<ChildRunStatus> records) {
    if (records.stream().allMatch(r -> r.getPhase() == Phase.Failed)) {
      return FAILED;
    }
    return records.stream().allMatch(r -> Boolean.TRUE.equals(r.getValid())) ? VALID : INVALID;
  }
}
