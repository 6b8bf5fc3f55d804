package io.streamgauge.platform;

import io.streamgauge.api.summary.StartupSummary;
import java.time.Duration;
import java.time.Instant;

/**
 * The moments the app under test came up: its pod created (absent locally, where a process starts
 * when it is created), its container or process started, and its readiness endpoint first answering
 * 200.
 *
 * @param createdAt when its pod was created, or null for a local process
 * @param startedAt when its container (locally its process) started
 * @param readyAt when its readiness endpoint first answered 200
 * @param readinessPath the path that answered
 */
public record AppStartup(
    Instant createdAt, Instant startedAt, Instant readyAt, String readinessPath) {

  /** The summary's {@code startup}: the spans in seconds, to the millisecond. */
  public StartupSummary summary() {
    StartupSummary summary = new StartupSummary();
    Instant from = createdAt != null ? createdAt : startedAt;
    if (createdAt != null) {
      summary.setCreatedToStartedSeconds(seconds(createdAt, startedAt));
    }
    summary.setStartedToReadySeconds(seconds(startedAt, readyAt));
    summary.setTimeToReadySeconds(seconds(from, readyAt));
    summary.setReadinessPath(readinessPath);
    return summary;
  }

  private static double seconds(Instant from, Instant to) {
    return Math.max(0, Duration.between(from, to).toMillis()) / 1000.0;
  }
}
