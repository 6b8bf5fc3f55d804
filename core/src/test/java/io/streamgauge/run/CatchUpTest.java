package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.summary.CatchUpSummary;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * The catch-up gate's verdicts, against wordcount's 7,500 lines/s target under exactly-once (100 ms
 * commits: its readings are compared 10 s apart).
 */
class CatchUpTest {

  private static final Instant LOAD = Instant.parse("2026-11-25T10:00:00Z");

  /** Twice the 2m catchUp. */
  private static final Instant EXTEND_UNTIL = LOAD.plusSeconds(240);

  private final BenchmarkRunSpec spec = spec();

  private static BenchmarkRunSpec spec() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getSchedule().setCatchUp("2m");
    spec.getChecks().setMaxBacklogAtStartSeconds(0.5);
    return spec;
  }

  private CatchUp.Verdict judge(CatchUp.State previous, Instant now, double lag) {
    return CatchUp.judge(spec, LOAD, EXTEND_UNTIL, previous, now, OptionalDouble.of(lag), null);
  }

  /** A check before the app's group committed ({@code problem} null) or with the lag unreadable. */
  private CatchUp.Verdict judgeUnread(CatchUp.State previous, Instant now, String problem) {
    return CatchUp.judge(spec, LOAD, EXTEND_UNTIL, previous, now, OptionalDouble.empty(), problem);
  }

  @Test
  void aLagWithinTheBoundForThirtySecondsStartsTheWarmup() {
    Instant within = LOAD.plusMillis(21_700);
    CatchUp.Verdict first = judge(CatchUp.State.NONE, within, 3_750);
    CatchUp.Verdict notYet = judge(first.state(), within.plusSeconds(29), 200);
    CatchUp.Verdict held = judge(notYet.state(), within.plusSeconds(30), 200);

    assertThat(first.startWarmup()).isFalse();
    assertThat(first.state().withinSince()).isEqualTo(within);
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
    CatchUpSummary ended = held.state().readings();
    assertThat(ended.getCaughtUp()).isTrue();
    assertThat(ended.getSeconds()).isEqualTo(51.7);
    assertThat(ended.getLag()).as("the lag the warmup starts with").isEqualTo(200.0);
    assertThat(ended.getLagAt()).isEqualTo(within.plusSeconds(30).toString());
  }

  /** schedule.catchUpHold shortens the hold: an app far below its ceiling needs seconds. */
  @Test
  void aShorterCatchUpHoldStartsTheWarmupOnceItHasHeld() {
    spec.getSchedule().setCatchUpHold("5s");
    Instant within = LOAD.plusSeconds(3);
    CatchUp.Verdict first = judge(CatchUp.State.NONE, within, 100);
    CatchUp.Verdict notYet = judge(first.state(), within.plusSeconds(4), 100);
    CatchUp.Verdict held = judge(notYet.state(), within.plusSeconds(5), 100);

    assertThat(first.text()).endsWith("held 0s/5s");
    assertThat(notYet.startWarmup()).isFalse();
    assertThat(held.startWarmup()).isTrue();
    assertThat(held.text())
        .isEqualTo("caught up after 8s: input lag 100 <= 3,750 records (0.500 s of input) for 5s");
  }

  /** A fresh app's first commit can read low before its backlog builds: that is not caught up. */
  @Test
  void aLagAboveTheBoundStartsTheHoldAgain() {
    CatchUp.Verdict behind =
        judge(new CatchUp.State(LOAD.plusSeconds(2), null), LOAD.plusSeconds(9), 3_751);

    assertThat(behind.startWarmup()).isFalse();
    assertThat(behind.state().withinSince()).isNull();
    assertThat(behind.text())
        .isEqualTo("Catching up 9s/2m: input lag 3,751 > 3,750 records (0.500 s of input)");
  }

  /** Readings closer than 10 s are not compared; the trend is the change per second between two. */
  @Test
  void theLagsTrendComesFromReadingsTenSecondsApart() {
    CatchUp.Verdict first = judge(CatchUp.State.NONE, LOAD.plusSeconds(20), 100_000);
    CatchUp.Verdict soon = judge(first.state(), LOAD.plusSeconds(28), 90_000);
    CatchUp.Verdict compared = judge(soon.state(), LOAD.plusSeconds(30), 80_000);

    assertThat(CatchUp.comparisonPeriod(spec)).isEqualTo(Duration.ofSeconds(10));
    assertThat(soon.state().readings().getLag()).as("8 s: not compared").isEqualTo(100_000.0);
    assertThat(soon.state().readings().getLagTrendPerSec()).isNull();
    assertThat(compared.state().readings().getLag()).isEqualTo(80_000.0);
    assertThat(compared.state().readings().getLagAt()).isEqualTo(LOAD.plusSeconds(30).toString());
    assertThat(compared.state().readings().getLagTrendPerSec()).isEqualTo(-2_000.0);
    assertThat(compared.text())
        .isEqualTo(
            "Catching up 30s/2m: input lag 80,000 > 3,750 records (0.500 s of input), falling"
                + " 2,000 records/s");
  }

  /** An at-least-once app commits every 30 s: its lag moves once per commit. */
  @Test
  void readingsAreComparedAtLeastTwoCommitIntervalsApart() {
    spec.getApp().getConfig().put("commit.interval.ms", "30000");
    assertThat(CatchUp.comparisonPeriod(spec)).isEqualTo(Duration.ofSeconds(60));
    spec.getApp().getConfig().put("commit.interval.ms", "1000");
    assertThat(CatchUp.comparisonPeriod(spec)).isEqualTo(Duration.ofSeconds(10));
  }

  /**
   * Past catchUp, an app whose lag falls is waited for while the hold still fits before twice
   * catchUp, however slowly it falls: a fresh JVM still speeds up (bench J).
   */
  @Test
  void pastCatchUpADrainingAppIsWaitedForWhileTheHoldStillFits() {
    CatchUp.Verdict before = judge(CatchUp.State.NONE, LOAD.plusSeconds(110), 300_000);
    // -10,000 records/s: within the bound 40 s later, held 30 s more: by 3m10s.
    CatchUp.Verdict draining = judge(before.state(), LOAD.plusSeconds(120), 200_000);
    CatchUp.Verdict within = judge(draining.state(), LOAD.plusSeconds(160), 3_000);
    CatchUp.Verdict held = judge(within.state(), LOAD.plusSeconds(190), 2_000);

    assertThat(draining.startWarmup()).isFalse();
    assertThat(draining.text())
        .isEqualTo(
            "Catching up 2m, past catchUp 2m while the app drains (at most 4m): input lag 200,000"
                + " > 3,750 records (0.500 s of input), falling 10,000 records/s");
    assertThat(within.startWarmup()).as("within the bound, the hold goes on").isFalse();
    assertThat(within.text()).endsWith("held 0s/30s");
    assertThat(held.startWarmup()).isTrue();
    assertThat(held.text()).startsWith("caught up after 3m10s: ");
    assertThat(held.state().readings().getCaughtUp()).isTrue();

    // -1,000 records/s would take 4m46s more at that pace: waited for all the same, until the
    // hold no longer fits before 4m.
    CatchUp.Verdict slow = judge(before.state(), LOAD.plusSeconds(120), 290_000);
    CatchUp.Verdict stillSlow = judge(slow.state(), LOAD.plusSeconds(210), 200_000);
    CatchUp.Verdict late = judge(stillSlow.state(), LOAD.plusSeconds(212), 198_000);
    assertThat(slow.startWarmup()).isFalse();
    assertThat(stillSlow.startWarmup()).as("30 s held would end at 4m: still in time").isFalse();
    assertThat(late.startWarmup()).isTrue();
    assertThat(late.text())
        .isEqualTo(
            "did not catch up within 2m: input lag 198,000 > 3,750 records (0.500 s of input),"
                + " falling 1,000 records/s");
    assertThat(late.state().readings().getCaughtUp()).isFalse();
    assertThat(late.state().readings().getSeconds()).isEqualTo(212.0);
  }

  /** Past catchUp, an app falling further behind starts its warmup at once, saying so. */
  @Test
  void pastCatchUpAGrowingLagStartsTheWarmupWithItsTrend() {
    CatchUp.Verdict before = judge(CatchUp.State.NONE, LOAD.plusSeconds(105), 300_000);
    CatchUp.Verdict growing = judge(before.state(), LOAD.plusSeconds(120), 360_000);

    assertThat(growing.startWarmup()).isTrue();
    assertThat(growing.text())
        .isEqualTo(
            "did not catch up within 2m: input lag 360,000 > 3,750 records (0.500 s of input),"
                + " growing 4,000 records/s");
    CatchUpSummary ended = growing.state().readings();
    assertThat(ended.getCaughtUp()).isFalse();
    assertThat(ended.getLagTrendPerSec()).isEqualTo(4_000.0);
    assertThat(ended.getLag()).isEqualTo(360_000.0);
  }

  /** The run's timeout can leave less than twice catchUp: the extension ends there. */
  @Test
  void theExtensionEndsWhereTheTimeoutNeedsTheTimeForTheWindows() {
    CatchUp.Verdict before = judge(CatchUp.State.NONE, LOAD.plusSeconds(110), 300_000);
    CatchUp.Verdict tight =
        CatchUp.judge(
            spec,
            LOAD,
            LOAD.plusSeconds(149),
            before.state(),
            LOAD.plusSeconds(120),
            OptionalDouble.of(200_000),
            null);

    assertThat(tight.startWarmup()).as("30 s held would end after 2m29s").isTrue();
  }

  @Test
  void anUnreadableLagWaitsSayingWhyAndTheBoundEndsTheWait() {
    CatchUp.Verdict waiting =
        judgeUnread(CatchUp.State.NONE, LOAD.plusSeconds(119), "connection refused");
    CatchUp.Verdict given =
        judgeUnread(waiting.state(), LOAD.plusSeconds(120), "connection refused");

    assertThat(waiting.startWarmup()).isFalse();
    assertThat(waiting.text())
        .isEqualTo("Catching up 1m59s/2m: input lag unknown: connection refused");
    assertThat(given.startWarmup()).isTrue();
    assertThat(given.text())
        .isEqualTo("did not catch up within 2m: input lag unknown: connection refused");
    assertThat(given.state().readings().getLag()).isNull();
    assertThat(given.state().readings().getCaughtUp()).isFalse();
  }

  /**
   * With a ramp-up the lag is low while the load is a fraction of its rate; the hold counts only
   * from the ramp's end, so the warmup starts at the full rate.
   */
  @Test
  void aRampUpHoldsTheCatchUpUntilItsEndAndTheHoldCountsFromThere() {
    spec.getSchedule().setRampUp("30s");
    CatchUp.Verdict ramping = judge(CatchUp.State.NONE, LOAD.plusSeconds(5), 10);
    CatchUp.Verdict rampedFor29 = judge(ramping.state(), LOAD.plusSeconds(29), 100);
    CatchUp.Verdict rampEnded = judge(rampedFor29.state(), LOAD.plusSeconds(31), 120);
    CatchUp.Verdict held = judge(rampEnded.state(), LOAD.plusSeconds(61), 150);

    assertThat(ramping.startWarmup()).isFalse();
    assertThat(ramping.text())
        .isEqualTo("Catching up 5s/2m: the load ramps up for 30s, input lag 10");
    assertThat(rampedFor29.startWarmup()).isFalse();
    assertThat(rampedFor29.state().withinSince()).as("not held during the ramp").isNull();
    assertThat(rampEnded.state().withinSince()).isEqualTo(LOAD.plusSeconds(31));
    assertThat(rampEnded.text()).endsWith("held 0s/30s");
    assertThat(held.startWarmup()).isTrue();
    assertThat(held.text()).startsWith("caught up after 1m1s:");
  }

  @Test
  void withoutALagYetTheRampSaysSo() {
    spec.getSchedule().setRampUp("30s");
    CatchUp.Verdict ramping = judgeUnread(CatchUp.State.NONE, LOAD.plusSeconds(3), null);

    assertThat(ramping.startWarmup()).isFalse();
    assertThat(ramping.text()).isEqualTo("Catching up 3s/2m: the load ramps up for 30s");
  }
}
