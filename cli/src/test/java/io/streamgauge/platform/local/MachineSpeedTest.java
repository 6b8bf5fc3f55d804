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
   * machine's noise (a figure not divided by the time it counted for would double). Side by side:
   * three pairs, each a 0.5 s reading and the 1 s reading right after it, and the median of the
   * pairs' ratios, so that neither the hour nor a change of load within it decides: this machine's
   * speed moves by up to 3x within an hour. Medians of each length taken apart were not enough: in
   * make test on 2026-12-06 a Maven build beside the test ended after its third reading, and the
   * readings went [1.907, 2.175, 3.682] over 0.5 s and [2.078, 3.909, 4.338] over 1 s — medians
   * 1.80 apart, pairs 1.09, 1.80 and 1.18. A step in the load moves one pair; the doubling moves
   * all three. A factor of 1.5 each way is the bound: the doubling is outside it.
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
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ratios.add(wholes.get(i) / halves.get(i));
    }
    assertThat(median(ratios))
        .as(
            "the median of each 1 s reading against the 0.5 s one before it (%s, %s)",
            wholes, halves)
        .isBetween(1 / 1.5, 1.5);
  }

  private static double median(List<Double> three) {
    return three.stream().sorted().toList().get(1);
  }
}
