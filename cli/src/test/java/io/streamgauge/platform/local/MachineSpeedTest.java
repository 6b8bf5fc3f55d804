package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The calibration in a real child JVM, pinned as an app on one core would be. */
class MachineSpeedTest {

  /**
   * A rate, not a count: timed over 0.5 s and over 1 s a moment apart, the figure is the same but
   * for the machine's noise between them (a figure not divided by the time it counted for would
   * double). Side by side in one run, so the hour cannot decide it: this machine's speed moves by
   * up to 3x within an hour (bench/results/capacity.md), by far less within seconds; a factor of
   * 1.5 each way is the bound.
   */
  @Test
  void aPinnedChildJvmCountsWordsPerSecondWhateverTheTimeItCountsFor() throws Exception {
    ResourceRequirements oneCore = new ResourceRequirements();
    oneCore.setLimits(Map.of("cpu", new Quantity("1")));
    int processors = Runtime.getRuntime().availableProcessors();

    double half = MachineSpeed.measure(oneCore, processors, Duration.ofMillis(500));
    double whole = MachineSpeed.measure(oneCore, processors, Duration.ofMillis(1000));

    System.out.printf("machine speed: %.2f over 0.5 s, %.2f over 1 s%n", half, whole);
    // One thread cannot count 500 million words into a hash map per second.
    assertThat(half).as("millions of words counted per second").isStrictlyBetween(0.0, 500.0);
    assertThat(whole / half)
        .as("the figure over 1 s against over 0.5 s (%.2f, %.2f)", whole, half)
        .isBetween(1 / 1.5, 1.5);
  }
}
