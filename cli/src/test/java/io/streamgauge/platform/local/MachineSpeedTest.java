package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The calibration in a real child JVM, pinned as an app on one core would be. */
class MachineSpeedTest {

  /**
   * A rate, not a count: the figure is the words the child counted divided by the seconds it
   * counted for, and it counted for the time asked. Judged from the child's own words and seconds,
   * not by comparing readings of different lengths: this machine's speed moved by 2.5x between two
   * seconds while other builds ran (readings [1.388, 4.107, 3.329] over 1 s against [2.763, 1.641,
   * 1.715] over 0.5 s, 2026-12-07), which no bound on their ratio can tell from a figure that
   * doubles with the time.
   */
  @Test
  void aPinnedChildJvmCountsWordsPerSecondWhateverTheTimeItCountsFor() throws Exception {
    ResourceRequirements oneCore = new ResourceRequirements();
    oneCore.setLimits(Map.of("cpu", new Quantity("1")));
    int processors = Runtime.getRuntime().availableProcessors();

    for (Duration measured : List.of(Duration.ofMillis(500), Duration.ofMillis(1000))) {
      MachineSpeed.Reading reading = MachineSpeed.read(oneCore, processors, measured);

      System.out.printf("machine speed over %s: %s%n", measured, reading);
      assertThat(reading.seconds())
          .as("the timed part lasts the time asked")
          .isGreaterThanOrEqualTo(measured.toMillis() / 1000.0);
      assertThat(reading.words()).as("words counted").isPositive();
      assertThat(reading.millionWordsPerSecond())
          .as("the figure is the words over the seconds, in millions")
          .isCloseTo(reading.words() / reading.seconds() / 1e6, within(0.0006))
          // One thread cannot count 500 million words into a hash map per second.
          .isStrictlyBetween(0.0, 500.0);
    }
  }
}
