package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
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
            rate,
            Long.MAX_VALUE,
            new RecordFactory(
                1,
                "p",
                "t",
                new Workload.Record(
                    "bytes", new Workload.ValueSize(1, null, null, null), 1L, null, null, null)),
            "p",
            new TopicStats(c.labelValues("t"), c.labelValues("t")));
    long duration = seconds * 1_000_000_000L;
    long scheduled = 0;
    while (load.nextDueOffset() < duration) {
      load.next(0);
      scheduled++;
    }
    assertThat(load.dueWithin(duration)).isEqualTo(scheduled);
    assertThat((double) scheduled)
        .isCloseTo(rate * seconds, org.assertj.core.api.Assertions.within(1.0));
  }
}
