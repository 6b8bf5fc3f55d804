package io.streamgauge.cli;

import io.streamgauge.fetch.ClusterWait;
import io.streamgauge.localrun.RunOutcome;

/** The exit codes of the {@code streamgauge} command; a run's own are its {@link RunOutcome}'s. */
public final class ExitCodes {

  /** The run succeeded (or the spec is valid). */
  public static final int SUCCESS = RunOutcome.SUCCEEDED.exitCode();

  /** The spec or the command line is invalid; nothing was started. */
  public static final int INVALID = 2;

  /** This machine cannot run it: a tool is missing, a port is in use, a file cannot be written. */
  public static final int ENVIRONMENT = 3;

  /** The run started and failed (a process died, a timeout, metrics unavailable). */
  public static final int RUN_FAILED = RunOutcome.FAILED.exitCode();

  /**
   * The run succeeded but is not a valid measurement: a check failed (status.summary.checks, the
   * Valid condition), e.g. the load fell short of its target.
   */
  public static final int INVALID_RUN = RunOutcome.INVALID.exitCode();

  /**
   * A regression gate failed: the candidate is worse than the baseline by more than a rule allows
   * ({@code streamgauge compare --gate}).
   */
  public static final int GATE_FAILED = 6;

  /**
   * Waiting for a run on a cluster ran out ({@code --timeout}) before it ended; it goes on there.
   */
  public static final int WAIT_TIMED_OUT = 7;

  /**
   * {@code streamgauge conformance}: a check failed, so the app does not meet the contract every
   * app under test meets (docs/guides/runtimes.md).
   */
  public static final int NOT_CONFORMANT = 8;

  /** Stopped by Ctrl-C (SIGINT): 128 + 2. */
  public static final int INTERRUPTED = RunOutcome.INTERRUPTED.exitCode();

  /** Stopped by SIGTERM: 128 + 15. */
  public static final int TERMINATED = RunOutcome.TERMINATED.exitCode();

  private ExitCodes() {}

  /** The exit code of a run or suite on a cluster that ended as {@code verdict}: a local run's. */
  public static int of(ClusterWait.Verdict verdict) {
    return switch (verdict) {
      case SUCCEEDED -> SUCCESS;
      case INVALID -> INVALID_RUN;
      case GATE_FAILED -> GATE_FAILED;
      case FAILED -> RUN_FAILED;
    };
  }
}
