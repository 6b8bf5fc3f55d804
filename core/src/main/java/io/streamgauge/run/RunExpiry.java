package io.streamgauge.run;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.common.SpecDuration;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * When an ended run is deleted: {@code spec.cleanup.ttlAfterFinished} after the transition that
 * ended it, as a Job's {@code ttlSecondsAfterFinished}. Read from the spec as written, so a run
 * refused before its defaults could be applied expires too.
 */
public final class RunExpiry {

  private RunExpiry() {}

  /**
   * How long until the run is to be deleted (zero or negative: now); empty when it is not to be —
   * it has not ended, or has no time to live (or one that does not parse: the refusal says why).
   */
  public static Optional<Duration> remaining(
      BenchmarkRunSpec spec, BenchmarkRunStatus status, Instant now) {
    if (spec == null || spec.getCleanup() == null) {
      return Optional.empty();
    }
    String ttl = spec.getCleanup().getTtlAfterFinished();
    Optional<Instant> ended = endedAt(status);
    if (ttl == null || ended.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Duration.between(now, ended.get().plus(SpecDuration.parse(ttl))));
    } catch (IllegalArgumentException | ArithmeticException e) {
      return Optional.empty();
    }
  }

  /** When the run ended: the start of its terminal phase; empty while it runs. */
  private static Optional<Instant> endedAt(BenchmarkRunStatus status) {
    if (status == null
        || (status.getPhase() != Phase.Succeeded && status.getPhase() != Phase.Failed)) {
      return Optional.empty();
    }
    List<PhaseTransition> history = status.getPhaseHistory();
    if (history == null || history.isEmpty()) {
      return Optional.empty();
    }
    PhaseTransition last = history.get(history.size() - 1);
    if (last.getPhase() != status.getPhase() || last.getStartedAt() == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(last.getStartedAt()));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
