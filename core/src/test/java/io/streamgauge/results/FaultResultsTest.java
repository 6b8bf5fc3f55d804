package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.status.FaultStatus;
import io.streamgauge.api.summary.FaultSummary;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.metrics.RangeSeries;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class FaultResultsTest {

  private static final long T = 1_800_000_000L; // the window's start, epoch seconds

  /** Caught up, as the window's start counts it: 2 s of input at 400 records/s. */
  private static final double CAUGHT_UP_LAG = 800;

  private static List<RangeSeries.Point> series(double... valuesEvery5s) {
    List<RangeSeries.Point> points = new ArrayList<>();
    for (int i = 0; i < valuesEvery5s.length; i++) {
      points.add(new RangeSeries.Point(T + 5L * i, valuesEvery5s[i]));
    }
    return points;
  }

  private static FaultStatus killedAt(long second) {
    FaultStatus fault = new FaultStatus();
    fault.setType(FaultType.KillApp);
    fault.setInjectedAt(Instant.ofEpochSecond(second).toString());
    return fault;
  }

  /** Seconds [T, T + 50): 10 ms each, but 5 s in [from, to). */
  private static NavigableMap<Long, Histogram> seconds(long slowFrom, long slowTo) {
    NavigableMap<Long, Histogram> seconds = new TreeMap<>();
    for (long s = T; s < T + 50; s++) {
      Histogram h = new Histogram(3_600_000_000L, 2);
      h.recordValueWithCount(s >= slowFrom && s < slowTo ? 5_000_000 : 10_000, 100);
      seconds.put(s, h);
    }
    return seconds;
  }

  private static IntegritySummary integrity(long lost, long duplicated) {
    IntegritySummary integrity = new IntegritySummary();
    integrity.setLost(lost);
    integrity.setDuplicated(duplicated);
    return integrity;
  }

  /** The one fault of a window [T, T + 50): a kill at T + 10. */
  private static FaultSummary killedAtTPlus10(
      List<RangeSeries.Point> output,
      List<RangeSeries.Point> lag,
      NavigableMap<Long, Histogram> seconds,
      IntegritySummary integrity) {
    return FaultResults.summarize(
            List.of(killedAt(T + 10)),
            Instant.ofEpochSecond(T),
            Instant.ofEpochSecond(T + 50),
            output,
            lag,
            CAUGHT_UP_LAG,
            seconds,
            integrity,
            GroupHistory.none(1, 12))
        .get(0);
  }

  /**
   * A segment's percentiles (fault segments and load segments share it) are of the records stamped
   * in its seconds only, each a value of its own: second k holds 1,000 latencies of k s + 1 … k s +
   * 1,000 ms, so the seconds [2, 6) hold 2,001 … 6,000 ms, whose p50, p99 and max all differ and
   * differ from those of any other span.
   */
  @Test
  void aSegmentsPercentilesAreOfItsOwnSecondsEachTheOneItNames() {
    NavigableMap<Long, Histogram> seconds = new TreeMap<>();
    for (long k = 0; k < 10; k++) {
      Histogram h = new Histogram(3_600_000_000L, 3);
      for (long ms = 1; ms <= 1_000; ms++) {
        h.recordValue((k * 1_000 + ms) * 1_000);
      }
      seconds.put(100 + k, h);
    }

    var segment = FaultResults.segment(seconds, 102, 106);

    assertThat(segment.getSamples()).isEqualTo(4_000);
    assertThat(segment.getFrom()).isEqualTo(Instant.ofEpochSecond(102).toString());
    assertThat(segment.getTo()).isEqualTo(Instant.ofEpochSecond(106).toString());
    // HdrHistogram keeps 3 significant digits.
    assertThat(segment.getP50Ms()).isCloseTo(4_000.0, within(5.0));
    assertThat(segment.getP99Ms()).isCloseTo(5_960.0, within(6.0));
    assertThat(segment.getMaxMs()).isCloseTo(6_000.0, within(6.0));
  }

  @Test
  void theAppRecoversWhenItsOutputRateAndLagAreBackAndStayBackUntilTheEnd() {
    // T+0 … T+45 every 5 s; killed at T+10: output stops, catches up above the rate, settles.
    List<RangeSeries.Point> output = series(400, 401, 399, 0, 0, 800, 600, 410, 402, 399);
    List<RangeSeries.Point> lag = series(20, 50, 30, 2000, 4000, 3000, 1000, 40, 30, 45);

    FaultSummary fault = killedAtTPlus10(output, lag, seconds(T + 10, T + 35), integrity(0, 0));

    assertThat(fault.getRecovered()).isTrue();
    assertThat(fault.getRecoverySeconds())
        .as("back within 5 %% of 400 and under the lag of 50 from T+35 on")
        .isEqualTo(25.0);
    assertThat(fault.getLagBefore()).isEqualTo(50.0);
    assertThat(fault.getLagPeak()).isEqualTo(4000.0);
    assertThat(fault.getBefore().getSamples()).isEqualTo(1000);
    assertThat(fault.getBefore().getP99Ms()).isCloseTo(10.0, within(0.1));
    assertThat(fault.getDuring().getFrom()).isEqualTo(Instant.ofEpochSecond(T + 10).toString());
    assertThat(fault.getDuring().getTo()).isEqualTo(Instant.ofEpochSecond(T + 35).toString());
    assertThat(fault.getDuring().getSamples()).isEqualTo(2500);
    assertThat(fault.getDuring().getMaxMs()).isCloseTo(5000.0, within(50.0));
    assertThat(fault.getAfter().getSamples()).isEqualTo(1500);
    assertThat(fault.getAfter().getP99Ms()).isCloseTo(10.0, within(0.1));
    assertThat(fault.getDelivery()).isEqualTo("all delivered");
    assertThat(fault.getLatencyRecoverySeconds())
        .as("records stamped from T+35 on are back at 10 ms")
        .isEqualTo(25.0);
  }

  @Test
  void theRebalanceLastsFromTheInjectionUntilTheGroupSettlesAgainWithinTheFaultsSegment() {
    long at = (T + 10) * 1000;
    GroupHistory group =
        new GroupHistory(
            List.of(
                new GroupHistory.Change(T * 1000, "Stable", 2, 12),
                new GroupHistory.Change(at + 3_000, "PreparingRebalance", 3, 0),
                new GroupHistory.Change(at + 6_750, "Stable", 2, 12)),
            250,
            2,
            12);
    FaultSummary fault = steadyRunKilledAtTPlus10(T + 50, group);
    FaultSummary settledAfterTheWindow = steadyRunKilledAtTPlus10(T + 15, group);

    assertThat(fault.getRebalanceSeconds()).isEqualTo(6.75);
    assertThat(settledAfterTheWindow.getRebalanceSeconds()).isNull();
  }

  /** A run at a steady 400 records/s, killed at T + 10, its window [T, {@code end}). */
  private static FaultSummary steadyRunKilledAtTPlus10(long end, GroupHistory group) {
    return FaultResults.summarize(
            List.of(killedAt(T + 10)),
            Instant.ofEpochSecond(T),
            Instant.ofEpochSecond(end),
            series(400, 400, 400, 400, 400, 400, 400, 400, 400, 400),
            List.of(),
            CAUGHT_UP_LAG,
            seconds(T, T),
            integrity(0, 0),
            group)
        .get(0);
  }

  @Test
  void latencyIsBackFromTheSecondAfterWhichNoSecondsP99ExceedsTheWorstBeforeTheFault() {
    NavigableMap<Long, Histogram> seconds = seconds(T + 10, T + 20);
    // A second before the fault at 40 ms sets the level; one after it at 30 ms is within it.
    seconds.get(T + 5).reset();
    seconds.get(T + 5).recordValueWithCount(40_000, 100);
    seconds.get(T + 25).reset();
    seconds.get(T + 25).recordValueWithCount(30_000, 100);
    // A relapse at T+30 moves the recovery past it.
    seconds.get(T + 30).reset();
    seconds.get(T + 30).recordValueWithCount(50_000, 100);

    assertThat(FaultResults.latencyBackFrom(seconds, T, T + 10, T + 50)).hasValue(T + 31);
    assertThat(FaultResults.latencyBackFrom(seconds, T, T + 10, T + 30))
        .as("up to the relapse, back from T+20")
        .hasValue(T + 20);
    assertThat(FaultResults.latencyBackFrom(seconds(T + 10, T + 50), T, T + 10, T + 50))
        .as("never back")
        .isEmpty();
    assertThat(FaultResults.latencyBackFrom(seconds, T + 10, T + 10, T + 50))
        .as("nothing before to compare with")
        .isEmpty();
  }

  @Test
  void oneGoodScrapeBetweenBadOnesIsNoRecoveryAndAnAppStillBehindAtTheEndDidNotRecover() {
    List<RangeSeries.Point> output = series(400, 400, 400, 0, 400, 0, 800, 800, 800, 800);
    List<RangeSeries.Point> lag = series(10, 10, 10, 900, 10, 900, 700, 500, 300, 100);

    FaultSummary fault = killedAtTPlus10(output, lag, seconds(T + 10, T + 50), integrity(0, 312));

    assertThat(fault.getRecovered()).isFalse();
    assertThat(fault.getRecoverySeconds()).isNull();
    assertThat(fault.getAfter()).isNull();
    assertThat(fault.getDuring().getTo())
        .as("to the window's end")
        .isEqualTo(Instant.ofEpochSecond(T + 50).toString());
    assertThat(fault.getDelivery()).isEqualTo("more than generated (312 duplicated)");
  }

  /**
   * A rate over two scrapes scatters by more than 5 % at a few hundred records/s (370 to 427 at 400
   * in a broker roll here): the app has recovered once the rate averages back and the lag stays
   * down, not only once every scrape happens to land within 5 %.
   */
  @Test
  void aRateThatScattersAroundItsPreFaultAverageHasRecovered() {
    List<RangeSeries.Point> output = series(400, 402, 398, 0, 0, 2400, 424, 370, 427, 382);
    List<RangeSeries.Point> lag = series(40, 60, 50, 2000, 3900, 170, 33, 55, 52, 56);

    FaultSummary fault = killedAtTPlus10(output, lag, seconds(T + 10, T + 30), integrity(0, 0));

    assertThat(fault.getRecovered()).isTrue();
    assertThat(fault.getRecoverySeconds())
        .as("from T+30 on the rate averages 400.75 and the lag stays under 60")
        .isEqualTo(20.0);
  }

  /**
   * The highest of the few scrapes before the fault is no level to hold a recovered app to: over
   * the longer rest of the window its lag exceeds that by chance (a 45.9 s recovery in a CI run of
   * a 50 s stretch). Back means back under that or caught up, whichever is more.
   */
  @Test
  void theLagIsBackUnderItsPreFaultMaximumOrCaughtUpWhicheverIsMore() {
    List<RangeSeries.Point> output = series(400, 400, 400, 0, 0, 1600, 400, 401, 399, 400);

    FaultSummary scattering =
        killedAtTPlus10(
            output,
            series(40, 60, 50, 2000, 4000, 900, 75, 30, 140, 45),
            seconds(T + 10, T + 30),
            integrity(0, 0));
    FaultSummary stillBehind =
        killedAtTPlus10(
            output,
            series(40, 60, 50, 2000, 4000, 900, 801, 30, 140, 45),
            seconds(T + 10, T + 30),
            integrity(0, 0));

    assertThat(scattering.getRecoverySeconds())
        .as("from T+30 on: lag 75 and 140 are above the 60 before, but within 2 s of input")
        .isEqualTo(20.0);
    assertThat(stillBehind.getRecoverySeconds())
        .as("801 records behind at T+30 is more than 2 s of input: back only from T+35")
        .isEqualTo(25.0);
  }

  /**
   * The few scrapes before a fault can run below the input rate (a slow start): an app that then
   * settles at the input rate with its lag back has recovered, though its rate is more than 5 %
   * above that short average.
   */
  @Test
  void aRateAboveAShortPreFaultAverageHasRecoveredOnceTheLagIsBack() {
    List<RangeSeries.Point> output = series(366, 360, 372, 0, 0, 3000, 400, 405, 396, 401);
    List<RangeSeries.Point> lag = series(120, 180, 150, 4000, 7800, 24, 60, 18, 49, 37);

    FaultSummary fault = killedAtTPlus10(output, lag, seconds(T + 10, T + 25), integrity(0, 0));

    assertThat(fault.getRecovered()).isTrue();
    assertThat(fault.getRecoverySeconds())
        .as("from T+25 on the lag stays under the 180 before and the rate is not below 366")
        .isEqualTo(15.0);
  }

  /**
   * Without a lag series, a rate far above the pre-fault average is a catch-up, not a recovery: the
   * 5 % bound holds on both sides.
   */
  @Test
  void withoutALagSeriesARateFarAboveTheAverageBeforeIsACatchUp() {
    List<RangeSeries.Point> output = series(400, 400, 400, 0, 0, 1200, 900, 700, 400, 400);

    FaultSummary fault = killedAtTPlus10(output, List.of(), seconds(T + 10, T + 40), null);

    assertThat(fault.getRecoverySeconds())
        .as("from T+40 on the rate is 400; every start before averages more than 420")
        .isEqualTo(30.0);
  }

  /** Without a lag series, the recovery starts after the last stall, whatever its catch-up. */
  @Test
  void aStallIsNotAveragedAwayByTheCatchUpAfterIt() {
    List<RangeSeries.Point> output = series(400, 400, 400, 0, 0, 800, 0, 800, 400, 400);

    FaultSummary fault = killedAtTPlus10(output, List.of(), seconds(T + 10, T + 40), null);

    assertThat(fault.getRecovered()).isTrue();
    assertThat(fault.getRecoverySeconds())
        .as("T+30 on averages 400 but holds a stall (0): only from T+40 is it back")
        .isEqualTo(30.0);
  }

  @Test
  void eachFaultsBeforeStartsAtThePreviousOneAndFaultsNeverInjectedAreLeftOut() {
    FaultStatus planned = new FaultStatus();
    planned.setType(FaultType.KillApp);
    List<RangeSeries.Point> output = series(400, 400, 400, 400, 400, 400, 400, 400, 400, 400);

    List<FaultSummary> faults =
        FaultResults.summarize(
            List.of(killedAt(T + 10), killedAt(T + 30), planned),
            Instant.ofEpochSecond(T),
            Instant.ofEpochSecond(T + 50),
            output,
            List.of(),
            CAUGHT_UP_LAG,
            seconds(T, T),
            integrity(7, 0),
            GroupHistory.none(1, 12));

    assertThat(faults).hasSize(2);
    assertThat(faults.get(1).getBefore().getFrom())
        .isEqualTo(Instant.ofEpochSecond(T + 10).toString());
    assertThat(faults.get(0).getRecoverySeconds())
        .as("no visible disturbance: the first scrape after it")
        .isEqualTo(5.0);
    assertThat(faults.get(0).getAfter().getTo())
        .as("up to the next fault")
        .isEqualTo(Instant.ofEpochSecond(T + 30).toString());
    assertThat(faults.get(0).getDelivery()).isEqualTo("fewer than generated (7 lost)");
  }
}
