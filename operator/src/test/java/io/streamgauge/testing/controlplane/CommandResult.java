package io.streamgauge.testing.controlplane;

/** What a command such as kubectl printed and how it exited. */
public record CommandResult(int exitCode, String stdout, String stderr) {

  /** True when the command exited with 0. */
  public boolean succeeded() {
    return exitCode == 0;
  }
}
