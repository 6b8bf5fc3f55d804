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
  void aLagWithinTheBoundForThirtySecondsStartsTheWarmup() {
    Instant within = LOAD.plusMillis(21_700);
    CatchUp.Verdict first = CatchUp.judge(spec, LOAD, null, within, OptionalDouble.of(3_750), null);
    CatchUp.Verdict notYet =
        CatchUp.judge(
            spec, LOAD, first.withinSince(), within.plusSeconds(29), OptionalDouble.of(200), null);
    CatchUp.Verdict held =
        CatchUp.judge(
            spec, LOAD, first.withinSince(), within.plusSeconds(30), OptionalDouble.of(200), null);

    assertThat(first.startWarmup()).isFalse();
    assertThat(first.withinSince()).isEqualTo(within);
    assertThat(first.text())
        .isEqualTo(
            "Catching up 21s/2m: input lag 3,750 <= 3,750 records (0.500 s of input), held 0s/30s");
    assertThat(notYet.startWarmup())
        .as("a fresh app can keep up for 10-12 s and then fall behind while it is compiled")
        .isFalse();
    assertThat(notYet.text()).endsWith("held 29s/30s");
    assertThat(held.startWarmup()).isTrue();
    assertThat(held.text())
        .isEqualTo(
            "caught up after 51s: input lag 200 <= 3,750 records (0.500 s of input) for 30s");
  }

  /** A fresh app's first commit can read low before its backlog builds: that is not caught up. */
  @Test
  void aLagAboveTheBoundStartsTheHoldAgain() {
    CatchUp.Verdict behind =
        CatchUp.judge(
            spec, LOAD, LOAD.plusSeconds(2), LOAD.plusSeconds(9), OptionalDouble.of(3_751), null);

    assertThat(behind.startWarmup()).isFalse();
    assertThat(behind.withinSince()).isNull();
    assertThat(behind.text())
        .isEqualTo("Catching up 9s/2m: input lag 3,751 > 3,750 records (0.500 s of input)");
  }

  @Test
  void anUnreadableLagWaitsSayingWhyAndTheBoundEndsTheWait() {
    CatchUp.Verdict waiting =
        CatchUp.judge(
            spec, LOAD, null, LOAD.plusSeconds(119), OptionalDouble.empty(), "connection refused");
    CatchUp.Verdict given =
        CatchUp.judge(
            spec, LOAD, null, LOAD.plusSeconds(120), OptionalDouble.empty(), "connection refused");

    assertThat(waiting.startWarmup()).isFalse();
    assertThat(waiting.text())
        .isEqualTo("Catching up 1m59s/2m: input lag unknown: connection refused");
    assertThat(given.startWarmup()).isTrue();
    assertThat(given.text())
        .isEqualTo("did not catch up within 2m: input lag unknown: connection refused");
  }
}
