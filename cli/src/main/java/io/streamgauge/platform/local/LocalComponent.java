package io.streamgauge.platform.local;

import io.streamgauge.platform.ComponentStatus;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A process of a local run as the phase machine sees it: Starting until its readiness endpoint
 * first answers 200 (as a readiness probe), Ready while it runs, Failed once it exits — Ended if it
 * is a job that may end ({@code finishes}) and exited with code 0. A thread of its own probes the
 * endpoint every {@link #PROBE_PERIOD} until it first answers, so the moment it became ready is
 * known to that period, not to the phase machine's pace; after that only the process's liveness
 * counts. Becoming ready and exiting are both told to a listener, so the phase machine can look at
 * once.
 */
final class LocalComponent {

  /** How often readiness is probed until it is first reached. */
  static final Duration PROBE_PERIOD = Duration.ofMillis(100);

  private final ChildProcess process;
  private final URI readiness;
  private final boolean finishes;
  private final Runnable changed;
  private volatile Instant readyAt;

  /**
   * Starts probing {@code readiness} in the background.
   *
   * @param readiness the URL that answers 200 once the process is ready
   * @param finishes true for a process that ends on its own when done (a load generator)
   * @param changed called once it is ready, and once it has exited
   */
  static LocalComponent watch(
      ChildProcess process, URI readiness, boolean finishes, Runnable changed) {
    LocalComponent component = new LocalComponent(process, readiness, finishes, changed);
    process.onExit(changed);
    Thread probe = new Thread(component::probeUntilReady, "readiness-" + process.name());
    probe.setDaemon(true);
    probe.start();
    return component;
  }

  private LocalComponent(ChildProcess process, URI readiness, boolean finishes, Runnable changed) {
    this.process = process;
    this.readiness = readiness;
    this.finishes = finishes;
    this.changed = changed;
  }

  private void probeUntilReady() {
    try {
      while (process.isAlive()) {
        if (HealthProbe.ok(readiness)) {
          readyAt = Instant.now();
          changed.run();
          return;
        }
        Thread.sleep(PROBE_PERIOD.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  ChildProcess process() {
    return process;
  }

  /** When its readiness endpoint first answered 200, or empty before. */
  Optional<Instant> readyAt() {
    return Optional.ofNullable(readyAt);
  }

  /** The path of its readiness endpoint. */
  String readinessPath() {
    return readiness.getPath();
  }

  ComponentStatus status() {
    if (!process.isAlive()) {
      return finishes && process.exitCode().orElse(-1) == 0
          ? new ComponentStatus.Ended("process " + process.name(), "exited with code 0")
          : process.failed();
    }
    if (readyAt == null) {
      return new ComponentStatus.Starting("waiting for " + process.name() + " at " + readiness);
    }
    return new ComponentStatus.Ready(readiness.toString());
  }
}
