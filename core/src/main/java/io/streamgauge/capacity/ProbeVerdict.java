package io.streamgauge.capacity;

import io.streamgauge.api.status.CapacityProbeStatus;

/**
 * One ended probe as the search reads it.
 *
 * @param rate the total input rate probed, records/s
 * @param outcome what it showed of that rate
 */
public record ProbeVerdict(double rate, Outcome outcome) {

  /** What a probe showed of its rate. */
  public enum Outcome {
    /** It met the SLO. */
    PASSED,
    /** It did not. */
    FAILED,
    /**
     * Its window began behind: it measured a fresh app still absorbing its own start, not the rate,
     * so the rate is probed again.
     */
    INCONCLUSIVE
  }

  /** A conclusive probe: passed or failed. */
  public ProbeVerdict(double rate, boolean passed) {
    this(rate, passed ? Outcome.PASSED : Outcome.FAILED);
  }

  /** The verdict of an ended, judged probe. */
  public static ProbeVerdict of(CapacityProbeStatus probe) {
    Outcome outcome =
        Boolean.TRUE.equals(probe.getInconclusive())
            ? Outcome.INCONCLUSIVE
            : Boolean.TRUE.equals(probe.getPassed()) ? Outcome.PASSED : Outcome.FAILED;
    return new ProbeVerdict(probe.getRatePerSecond(), outcome);
  }

  /** Whether it met the SLO. */
  public boolean passed() {
    return outcome == Outcome.PASSED;
  }
}
