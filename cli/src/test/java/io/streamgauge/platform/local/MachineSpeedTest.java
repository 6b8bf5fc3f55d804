package io.streamgauge.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The calibration in a real child JVM, pinned as an app on one core would be. */
class MachineSpeedTest {

  @Test
  void aPinnedChildJvmCountsMillionsOfWordsPerSecond() throws Exception {
    ResourceRequirements oneCore = new ResourceRequirements();
    oneCore.setLimits(Map.of("cpu", new Quantity("1")));

    double speed =
        MachineSpeed.measure(
            oneCore, Runtime.getRuntime().availableProcessors(), Duration.ofMillis(500));

    assertThat(speed)
        .as(
            "millions of words counted per second; this machine counted 1.45-4.26 million in bench L")
        .isBetween(0.5, 500.0);
  }
}
