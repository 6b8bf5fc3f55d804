package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The calibration in a real child JVM, pinned as an app on one core would be. */
class MachineSpeedTest {

  /**
   * A rate, not a count: timed over 0.5 s and over 1 s, the figure is the same but for the
   * machine's noise (a figure not divided by the time it counted for would double). Side by side,
   * three of each in turn (0.5, 1, 0.5, 1, 0.5, 1 s) and their medians compared, so neither the
   * hour nor a burst of other work within it decides: this machine's speed moves by up to 3x within
   * an hour, and one 1 s reading of make test on 2026-12-06 ran at half the speed of the 0.5 s
   * reading a moment before (2.23 and 4.32, with a Maven build beside it), which one reading each
   * could not tell from the doubling. A factor of 1.5 each way is the bound: the doubling is
   * outside it.
   */
  @Test
  void aPinnedChildJvmCountsWordsPerSecondWhateverTheTimeItCountsFor() throws Exception {
    ResourceRequirements oneCore = new ResourceRequirements();
    oneCore.setLimits(Map.of("cpu", new Quantity("1")));
    int processors = Runtime.getRuntime().availableProcessors();

    List<Double> halves = new ArrayList<>();
    List<Double> wholes = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      halves.add(MachineSpeed.measure(oneCore, processors, Duration.ofMillis(500)));
      wholes.add(MachineSpeed.measure(oneCore, processors, Duration.ofMillis(1000)));
    }

    System.out.printf("machine speed: %s over 0.5 s, %s over 1 s%n", halves, wholes);
    // One thread cannot count 500 million words into a hash map per second.
    assertThat(halves)
        .as("millions of words counted per second")
        .allSatisfy(h -> assertThat(h).isStrictlyBetween(0.0, 500.0));
    double half = median(halves);
    double whole = median(wholes);
    assertThat(whole / half)
        .as("the median over 1 s against over 0.5 s (%s, %s)", wholes, halves)
        .isBetween(1 / 1.5, 1.5);
  }

  private static double median(List<Double> three) {
    return three.stream().sorted().toList().get(1);
  }
}
