package io.streamgauge.localrun;

import io.streamgauge.series.SeriesOutcome;

/**
 * How a local run (or a series of them) ended, and the exit code the {@code streamgauge} command
 * ends with for it (the command's other codes are its own: invalid input, environment, gate).
 */
public enum RunOutcome {
  /** The run succeeded and every check passed. */
  SUCCEEDED("succeeded", 0),
  /** The run succeeded but is not a valid measurement: a check failed (the Valid condition). */
  INVALID("invalid", 5),
  /** The run started and failed: a process died, a timeout, metrics unavailable. */
  FAILED("failed", 4),
  /** Stopped by Ctrl-C (SIGINT): 128 + 2. */
  INTERRUPTED("interrupted", 130),
  /** Stopped by SIGTERM: 128 + 15. */
  TERMINATED("interrupted", 143);

  private final String word;
  private final int exitCode;

  RunOutcome(String word, int exitCode) {
    this.word = word;
    this.exitCode = exitCode;
  }

  /** The outcome as {@code result.json} writes it: succeeded, invalid, failed or interrupted. */
  public String word() {
    return word;
  }

  /** The command's exit code for this outcome. */
  public int exitCode() {
    return exitCode;
  }

  /** True when a signal stopped the run: a series stops with it, not just records it. */
  public boolean interrupted() {
    return this == INTERRUPTED || this == TERMINATED;
  }

  /** How a planned series (repetitions, a suite) that ran to its end ended. */
  public static RunOutcome of(SeriesOutcome series) {
    return switch (series) {
      case FAILED -> FAILED;
      case INVALID -> INVALID;
      case VALID -> SUCCEEDED;
    };
  }
}
