package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.streamgauge.common.LoadShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SendScheduleTest {

  private static final long SECOND = 1_000_000_000L;

  @ParameterizedTest
  @CsvSource({"22905,20,0", "2000,10,3", "7500,600,30", "12,20,5", "0.5,7,2", "25600,120,30"})
  void recordsDueWithinADurationMatchTheDueTimes(double rate, long seconds, long rampSeconds) {
    SendSchedule schedule = new SendSchedule(rate, rampSeconds * SECOND);
    long duration = seconds * SECOND;
    long scheduled = 0;
    while (schedule.dueOffset(scheduled) < duration) {
      scheduled++;
    }
    assertThat(schedule.dueWithin(duration, Long.MAX_VALUE)).isEqualTo(scheduled);
    // The ramp holds half of what the flat rate sends over it.
    assertThat((double) scheduled).isCloseTo(rate * (seconds - rampSeconds / 2.0), within(1.0));
  }

  @Test
  void theRateRisesLinearlyOverTheRampAndIsFlatAfterIt() {
    SendSchedule schedule = new SendSchedule(1000, 10 * SECOND);
    // Records due by t over the ramp: 1000 t² / 20.
    assertThat(schedule.dueWithin(2 * SECOND, Long.MAX_VALUE)).isEqualTo(200);
    assertThat(schedule.dueWithin(5 * SECOND, Long.MAX_VALUE)).isEqualTo(1_250);
    assertThat(schedule.dueWithin(10 * SECOND, Long.MAX_VALUE)).isEqualTo(5_000);
    assertThat(schedule.dueWithin(11 * SECOND, Long.MAX_VALUE)).isEqualTo(6_000);
    // Near the ramp's start records are sparse, at its end 1 ms apart.
    assertThat(schedule.dueOffset(1)).isEqualTo(141_421_356L);
    assertThat(schedule.dueOffset(5_001) - schedule.dueOffset(5_000)).isEqualTo(1_000_000L);
    assertThat(schedule.dueOffset(0)).isZero();
    // The rate it runs at: the slope of the due count, 100 records/s more each second.
    assertThat(schedule.rateAt(0)).isZero();
    assertThat(schedule.rateAt(2 * SECOND)).isEqualTo(200.0);
    assertThat(schedule.rateAt(5 * SECOND)).isEqualTo(500.0);
    assertThat(schedule.rateAt(10 * SECOND)).isEqualTo(1000.0);
    assertThat(schedule.rateAt(60 * SECOND)).isEqualTo(1000.0);
    assertThat(schedule.dueWithin(5 * SECOND + SECOND / 10, Long.MAX_VALUE) - 1_250)
        .as("records due in the 100 ms after 5 s: the integral of rateAt, 50.5")
        .isBetween(50L, 51L);
    assertThat(new SendSchedule(1000, 0).rateAt(0))
        .as("no ramp: the rate at once")
        .isEqualTo(1000.0);
  }

  @Test
  void dueTimesNeverGoBackwards() {
    SendSchedule schedule = new SendSchedule(25_600, 30 * SECOND);
    long previous = -1;
    for (long i = 0; i < 1_000_000; i++) {
      long due = schedule.dueOffset(i);
      assertThat(due).isGreaterThanOrEqualTo(previous);
      previous = due;
    }
  }

  @Test
  void withoutARateEveryRecordIsDueAtOnceAndTheRampIsIgnored() {
    SendSchedule unpaced = new SendSchedule(Double.POSITIVE_INFINITY, 30 * SECOND);
    assertThat(unpaced.dueOffset(1_000)).isZero();
    assertThat(unpaced.dueWithin(1, 500)).isEqualTo(500);
  }

  /**
   * Anchored to a window that starts at an arbitrary nanosecond after a ramped start, the window's
   * segments hold exactly what the shape says by the records' stamps (intended times rounded to the
   * millisecond, as sent), no record before the window is stamped inside it, and after the window
   * the constant rate goes on.
   */
  @ParameterizedTest
  @CsvSource({"1000, 12345678901", "333.3, 20000000000", "50, 7777777777"})
  void aShapedWindowHoldsWhatItsSegmentsSayByTheStamps(double rate, long windowNanos) {
    SendSchedule schedule = new SendSchedule(rate, 5 * SECOND);
    long startEpochNanos = 1_700_000_000_123_456_789L;
    long windowStartMs = Math.floorDiv(startEpochNanos + windowNanos, 1_000_000L) + 1;
    LoadShape shape =
        LoadShape.over(
            java.util.List.of(
                new LoadShape.Piece(4, 5, 5, "burst"), new LoadShape.Piece(16, 1, 1, "base")),
            60);
    long next = schedule.dueWithin(windowNanos - 3 * SECOND, Long.MAX_VALUE);
    assertThat(schedule.shapeFrom(windowStartMs * 1_000_000L - startEpochNanos, shape, next))
        .as("known before the window")
        .isTrue();
    long[] inSegment = new long[shape.segments().size()];
    long lastStamp = Long.MIN_VALUE;
    long after = 0;
    for (long i = 0; ; i++) {
      long stamp = LoadGenerator.intendedMillis(startEpochNanos, schedule.dueOffset(i));
      assertThat(stamp).isGreaterThanOrEqualTo(lastStamp);
      lastStamp = stamp;
      double seconds = (stamp - windowStartMs) / 1000.0;
      if (seconds >= 60) {
        if (++after == 10) {
          assertThat(schedule.dueOffset(i) - schedule.dueOffset(i - 1))
              .as("the constant rate after the window")
              .isCloseTo((long) (1e9 / rate), within(1L));
          break;
        }
      } else if (seconds >= 0) {
        for (int s = 0; s < inSegment.length; s++) {
          if (seconds >= shape.segments().get(s).start()
              && seconds < shape.segments().get(s).end()) {
            inSegment[s]++;
          }
        }
      }
    }
    for (int s = 0; s < inSegment.length; s++) {
      assertThat(inSegment[s])
          .as("segment %s", s)
          .isEqualTo(shape.records(shape.segments().get(s), rate));
    }
    assertThat(schedule.rateAt(windowStartMs * 1_000_000L - startEpochNanos + SECOND))
        .as("a burst's rate")
        .isCloseTo(5 * rate, within(1e-9));
  }

  /**
   * A window learned late — a generator started again 30 s into it — shapes the records still to
   * come from where the shape is by then, never from its start: no flood of the window's past
   * records, and the burst it is in is sent at the burst's rate.
   */
  @Test
  void aWindowLearnedLateShapesFromNowOn() {
    SendSchedule schedule = new SendSchedule(100, 0);
    LoadShape shape =
        LoadShape.over(
            java.util.List.of(
                new LoadShape.Piece(10, 5, 5, "burst"), new LoadShape.Piece(20, 1, 1, "base")),
            60);
    long windowNanos = -30 * SECOND;
    assertThat(schedule.shapeFrom(windowNanos, shape, 0)).as("late").isFalse();
    assertThat(schedule.dueOffset(0)).as("due now, not 30 s ago").isEqualTo(0);
    assertThat(schedule.dueOffset(1) - schedule.dueOffset(0))
        .as("30 s into the window is the second burst: 500 records/s")
        .isEqualTo(2_000_000L);
    assertThat(schedule.dueWithin(10 * SECOND, Long.MAX_VALUE))
        .as("the burst's 10 s then 0 s of base: 5,000 records")
        .isEqualTo(5_000);
  }
}
