package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StallMeterTest {

  private static final long MS = 1_000_000;

  @Test
  void aPauseCountsOnceForEveryMillisecondItCovered() {
    List<Long> readings = new ArrayList<>();

    StallMeter.record(3 * MS + 500_000, readings::add);

    assertThat(readings)
        .containsExactly(3 * MS + 500_000, 2 * MS + 500_000, MS + 500_000, 500_000L);
  }

  @Test
  void aWakeUpOnTimeOrWithinTheIntervalIsOneReading() {
    List<Long> readings = new ArrayList<>();

    StallMeter.record(60_000, readings::add);
    StallMeter.record(-5_000, readings::add);
    StallMeter.record(MS, readings::add);

    assertThat(readings).containsExactly(60_000L, 0L, MS);
  }

  @Test
  void aSuspendedMachineCountsAsAMinuteAtMost() {
    List<Long> readings = new ArrayList<>();

    StallMeter.record(3_600_000 * MS, readings::add);

    assertThat(readings).hasSize(60_000).first().isEqualTo(60_000 * MS);
  }
}
