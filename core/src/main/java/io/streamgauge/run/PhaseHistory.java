package io.streamgauge.run;

import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Reading and extending {@code status.phaseHistory}; the history is the machine's memory. */
public final class PhaseHistory {

  private PhaseHistory() {}

  /** Records that the run entered {@code phase} at {@code now}. */
  public static void enter(BenchmarkRunStatus status, Phase phase, Instant now, String message) {
    PhaseTransition t = new PhaseTransition();
    t.setPhase(phase);
    t.setStartedAt(now.toString());
    t.setMessage(message);
    status.getPhaseHistory().add(t);
    status.setPhase(phase);
    status.setProgress(null);
  }

  /** When the current phase was entered (now, if the history says nothing). */
  static Instant currentPhaseSince(BenchmarkRunStatus status, Instant now) {
    List<PhaseTransition> history = status.getPhaseHistory();
    return history.isEmpty() ? now : Instant.parse(history.get(history.size() - 1).getStartedAt());
  }

  /**
   * How long the run was in {@code phase}: from entering it to entering the phase after it; empty
   * while the run is still in it, or if it never was.
   */
  static Optional<Duration> timeIn(BenchmarkRunStatus status, Phase phase) {
    List<PhaseTransition> history = status.getPhaseHistory();
    for (int i = 0; i + 1 < history.size(); i++) {
      if (history.get(i).getPhase() == phase) {
        return Optional.of(
            Duration.between(
                Instant.parse(history.get(i).getStartedAt()),
                Instant.parse(history.get(i + 1).getStartedAt())));
      }
    }
    return Optional.empty();
  }
}
