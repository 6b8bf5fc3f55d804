package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CleanupSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RunExpiryTest {

  private static final Instant ENDED = Instant.parse("2026-11-29T10:00:00Z");

  @Test
  void anEndedRunExpiresItsTimeToLiveAfterTheTransitionThatEndedIt() {
    for (Phase end : new Phase[] {Phase.Succeeded, Phase.Failed}) {
      BenchmarkRunStatus status = status(Phase.Measuring, end);

      assertThat(RunExpiry.remaining(spec("1h"), status, ENDED.plusSeconds(600)))
          .as(end.name())
          .hasValue(Duration.ofMinutes(50));
      assertThat(RunExpiry.remaining(spec("1h"), status, ENDED.plusSeconds(3601)))
          .hasValue(Duration.ofSeconds(-1));
    }
  }

  @Test
  void aRunningRunOrOneWithoutATimeToLiveNeverExpires() {
    assertThat(RunExpiry.remaining(spec("1h"), status(Phase.Pending, Phase.Measuring), ENDED))
        .isEmpty();
    assertThat(RunExpiry.remaining(spec(null), status(Phase.Measuring, Phase.Failed), ENDED))
        .isEmpty();
    assertThat(
            RunExpiry.remaining(
                new BenchmarkRunSpec(), status(Phase.Measuring, Phase.Failed), ENDED))
        .isEmpty();
    assertThat(RunExpiry.remaining(spec("soon"), status(Phase.Measuring, Phase.Failed), ENDED))
        .as("a time to live that does not parse: the run was refused saying why")
        .isEmpty();
  }

  private static BenchmarkRunSpec spec(String ttl) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    CleanupSpec cleanup = new CleanupSpec();
    cleanup.setTtlAfterFinished(ttl);
    spec.setCleanup(cleanup);
    return spec;
  }

  /** A status whose history ends with {@code last}, entered at {@link #ENDED}. */
  private static BenchmarkRunStatus status(Phase before, Phase last) {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.getPhaseHistory().add(transition(before, ENDED.minusSeconds(60)));
    status.getPhaseHistory().add(transition(last, ENDED));
    status.setPhase(last);
    return status;
  }

  private static PhaseTransition transition(Phase phase, Instant at) {
    PhaseTransition transition = new PhaseTransition();
    transition.setPhase(phase);
    transition.setStartedAt(at.toString());
    return transition;
  }
}
