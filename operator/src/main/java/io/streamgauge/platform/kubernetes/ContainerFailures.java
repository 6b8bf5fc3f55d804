package io.streamgauge.platform.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Whether a container failed, from its status, and why. A benchmark cannot survive a restart: a
 * container that restarted, crash-loops or terminated with an error is a failure, named with the
 * kubelet's reason and exit code ({@code restarted 1 time(s), last OOMKilled (exit code 137)}). The
 * kubelet may report a restart a moment before its reason; a restart without one is reported once
 * the new container has run {@link #REASON_GRACE} without it.
 */
final class ContainerFailures {

  /** How long a restart may go without a reported reason before it fails without one. */
  static final Duration REASON_GRACE = Duration.ofSeconds(20);

  private ContainerFailures() {}

  /** Why {@code c} failed, or empty while it has not (or its reason is still to come). */
  static Optional<String> of(ContainerStatus c, Instant now) {
    String waiting =
        c.getState() != null && c.getState().getWaiting() != null
            ? c.getState().getWaiting().getReason()
            : null;
    ContainerStateTerminated current = c.getState() == null ? null : c.getState().getTerminated();
    ContainerStateTerminated last =
        c.getLastState() == null ? null : c.getLastState().getTerminated();
    ContainerStateTerminated why = last != null ? last : current;
    boolean crashLooping = "CrashLoopBackOff".equals(waiting);
    int restarts = c.getRestartCount() == null ? 0 : c.getRestartCount();
    if (restarts > 0 || crashLooping) {
      if (why == null && !crashLooping && runningFor(c, now).compareTo(REASON_GRACE) < 0) {
        return Optional.empty();
      }
      return Optional.of(
          "container "
              + c.getName()
              + " restarted "
              + restarts
              + " time(s)"
              + (why == null ? "" : ", last " + describe(why))
              + (waiting == null ? "" : ", now " + waiting));
    }
    if (current != null
        && ("OOMKilled".equals(current.getReason()) || "Error".equals(current.getReason()))) {
      return Optional.of("container " + c.getName() + " " + describe(current));
    }
    return Optional.empty();
  }

  private static String describe(ContainerStateTerminated t) {
    return (t.getReason() == null ? "terminated" : t.getReason())
        + (t.getExitCode() == null ? "" : " (exit code " + t.getExitCode() + ")");
  }

  /** How long the container has run since it last started; zero when it is not running. */
  private static Duration runningFor(ContainerStatus c, Instant now) {
    if (c.getState() == null || c.getState().getRunning() == null) {
      return Duration.ZERO;
    }
    try {
      return Duration.between(Instant.parse(c.getState().getRunning().getStartedAt()), now);
    } catch (DateTimeParseException | NullPointerException e) {
      return Duration.ZERO;
    }
  }
}
