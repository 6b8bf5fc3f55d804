package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.streamgauge.common.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopicLoadTest {

  @ParameterizedTest
  @CsvSource({"22905,20", "2000,10", "7500,600", "12,20", "0.5,7", "44829,20", "67244,20"})
  void recordsDueWithinADurationMatchTheSchedule(double rate, long seconds) {
    Counter c = Counter.builder().name("x").labelNames("t").build();
    TopicLoad load =
        new TopicLoad(
            "t",
            1,
            new SendSchedule(rate, 0),
            Long.MAX_VALUE,
            new RecordFactory(
                1,
                "p",
                "t",
                new Workload.Record(
                    "bytes", new Workload.ValueSize(1, null, null, null), 1L, null, null, null)),
            "p",
            true,
            new SendWindow(),
            null,
            new TopicStats(c.labelValues("t"), c.labelValues("t"), c.labelValues("t")));
    long duration = seconds * 1_000_000_000L;
    long scheduled = 0;
    while (load.nextDueOffset() < duration) {
      load.next(0, 0);
      scheduled++;
    }
    assertThat(load.dueWithin(duration)).isEqualTo(scheduled);
    assertThat((double) scheduled)
        .isCloseTo(rate * seconds, org.assertj.core.api.Assertions.within(1.0));
  }

  /** Intended times are rounded to the millisecond, not floored (which adds 0.5 ms on average). */
  @Test
  void timestampsAreTheIntendedTimeRoundedToTheMillisecond() {
    long start = 1_800_000_000_000_000_000L;
    assertThat(LoadGenerator.intendedMillis(start, 333_333_333L)).isEqualTo(1_800_000_000_333L);
    assertThat(LoadGenerator.intendedMillis(start, 666_666_667L)).isEqualTo(1_800_000_000_667L);
    assertThat(LoadGenerator.intendedMillis(start, 499_999L)).isEqualTo(1_800_000_000_000L);
    assertThat(LoadGenerator.intendedMillis(start, 500_000L)).isEqualTo(1_800_000_000_001L);
    double meanError = 0;
    for (long offset = 0; offset < 1_000_000_000L; offset += 12_345L) {
      meanError += LoadGenerator.intendedMillis(start, offset) * 1_000_000L - (start + offset);
    }
    assertThat(meanError / (1_000_000_000L / 12_345L + 1))
        .as("mean error in ns")
        .isBetween(-20_000.0, 20_000.0);
  }

  @Test
  void theTraceHeaderIsLeftOutWhereNothingReadsIt() {
    Counter c = Counter.builder().name("y").labelNames("t").build();
    RecordFactory records =
        new RecordFactory(
            1,
            "p",
            "t",
            new Workload.Record(
                "bytes", new Workload.ValueSize(1, null, null, null), 1L, null, null, null));
    TopicStats stats = new TopicStats(c.labelValues("t"), c.labelValues("t"), c.labelValues("t"));

    var traced = load(true, records, stats).next(0, 250);
    var plain = load(false, records, stats).next(0, 250);

    assertThat(traced.headers().toArray()).hasSize(1);
    assertThat(RecordHeaders.publishDelayMicros(RecordHeaders.trace(traced.headers())))
        .as("the record's own publish delay")
        .isEqualTo(250);
    assertThat(plain.headers().toArray()).isEmpty();
  }

  /** A topic of 10 records/s on one partition, with or without the trace header. */
  private static TopicLoad load(boolean trace, RecordFactory records, TopicStats stats) {
    return new TopicLoad(
        "t",
        1,
        new SendSchedule(10, 0),
        Long.MAX_VALUE,
        records,
        "p",
        trace,
        new SendWindow(),
        null,
        stats);
  }
}
