package io.streamgauge.platform.local;

import io.streamgauge.platform.ComponentStatus;
import java.net.URI;

/**
 * A process of a local run as the phase machine sees it: Starting until its readiness endpoint
 * first answers 200 (as a readiness probe), Ready while it runs, Failed once it exits — Ended if it
 * is a job that may end ({@code finishes}) and exited with code 0. Readiness is probed only until
 * it is first reached; after that only the process's liveness counts.
 */
final class LocalComponent {

  private final ChildProcess process;
  private final URI readiness;
  private final boolean finishes;
  private boolean ready;

  /**
   * @param readiness the URL that answers 200 once the process is ready
   * @param finishes true for a process that ends on its own when done (a load generator)
   */
  LocalComponent(ChildProcess process, URI readiness, boolean finishes) {
    this.process = process;
    this.readiness = readiness;
    this.finishes = finishes;
  }

  ChildProcess process() {
    return process;
  }

  ComponentStatus status() {
    if (!process.isAlive()) {
      return finishes && process.exitCode().orElse(-1) == 0
          ? new ComponentStatus.Ended("process " + process.name(), "exited with code 0")
          : process.failed();
    }
    if (!ready) {
      ready = HealthProbe.ok(readiness);
      if (!ready) {
        return new ComponentStatus.Starting("waiting for " + process.name() + " at " + readiness);
      }
    }
    return new ComponentStatus.Ready(readiness.toString());
  }
}
