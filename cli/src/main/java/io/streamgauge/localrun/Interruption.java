package io.streamgauge.localrun;

/** Why a local run was stopped before its end. */
public enum Interruption {
  /** Ctrl-C (SIGINT). */
  CTRL_C("SIGINT (Ctrl-C)"),
  /** A termination request (SIGTERM), e.g. from a CI runner or {@code kill}. */
  TERMINATED("SIGTERM"),
  /** The CLI's own thread was interrupted. */
  THREAD("interrupted");

  private final String description;

  Interruption(String description) {
    this.description = description;
  }

  /** For the run's failure message, e.g. {@code SIGINT (Ctrl-C)}. */
  public String description() {
    return description;
  }

  /** The interruption of the signal called {@code name} ({@code INT} or {@code TERM}). */
  public static Interruption ofSignal(String name) {
    return switch (name) {
      case "INT" -> CTRL_C;
      case "TERM" -> TERMINATED;
      default -> throw new IllegalArgumentException("no interruption for SIG" + name);
    };
  }
}
