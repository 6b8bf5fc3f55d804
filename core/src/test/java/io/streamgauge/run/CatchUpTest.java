package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.Scenario;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.time.Instant;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The catch-up gate's verdicts, against wordcount's 7,500 lines/s target. */
class CatchUpTest {

  private static final Instant LOAD = Instant.parse("2026-11-25T10:00:00Z");

  private final BenchmarkRunSpec spec = spec();

  private static BenchmarkRunSpec spec() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getSchedule().setCatchUp("2m");
    spec.getChecks().setMaxBacklogAtStartSeconds(0.5);
    return spec;
  }

  @Test
  void aLagWithinTheBoundStartsTheWarmup() {
    CatchUp.Verdict verdict =
        CatchUp.judge(spec, LOAD, LOAD.plusMillis(31_700), OptionalDouble.of(3_750), null);

    assertThat(verdict.startWarmup()).isTrue();
    assertThat(verdict.text())
        .isEqualTo("caught up after 31s: input lag 3,750 <= 3,750 records (0.500 s of input)");
  }

  @Test
  void aLagOneRecordAboveTheBoundWaits() {
    CatchUp.Verdict verdict =
        CatchUp.judge(spec, LOAD, LOAD.plusSeconds(5), OptionalDouble.of(3_751), null);

    assertThat(verdict.startWarmup()).isFalse();
    assertThat(verdict.text())
        .isEqualTo("Catching up 5s/2m: input lag 3,751 > 3,750 records (0.500 s of input)");
  }

  @Test
  void anUnreadableLagWaitsSayingWhyAndTheBoundEndsTheWait() {
    CatchUp.Verdict waiting =
        CatchUp.judge(
            spec, LOAD, LOAD.plusSeconds(119), OptionalDouble.empty(), "connection refused");
    CatchUp.Verdict given =
        CatchUp.judge(
            spec, LOAD, LOAD.plusSeconds(120), OptionalDouble.empty(), "connection refused");

    assertThat(waiting.startWarmup()).isFalse();
    assertThat(waiting.text())
        .isEqualTo("Catching up 1m59s/2m: input lag unknown: connection refused");
    assertThat(given.startWarmup()).isTrue();
    assertThat(given.text())
        .isEqualTo("did not catch up within 2m: input lag unknown: connection refused");
  }
}
