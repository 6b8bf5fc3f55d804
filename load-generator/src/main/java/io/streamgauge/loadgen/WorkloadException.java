package io.streamgauge.loadgen;

/** Bad input or an unusable environment, with a message meant for the person who ran the tool. */
public final class WorkloadException extends RuntimeException {

  private final int exitCode;

  /**
   * @param exitCode the process exit code this error maps to
   * @param message one line saying what is wrong and where
   */
  public WorkloadException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  /** The exit code the process ends with. */
  public int exitCode() {
    return exitCode;
  }
}
