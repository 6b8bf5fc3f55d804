package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The restoration's peak CPU against its average. */
class RestorationResultsTest {

  @Test
  void aPeakBelowTheAverageIsRaisedToIt() {
    assertThat(RestorationResults.atLeast(0.924, 0.939))
        .as("the real node's 20 s restoration: short rates missed the busiest stretch")
        .isEqualTo(0.939);
    assertThat(RestorationResults.atLeast(1.9, 1.5)).isEqualTo(1.9);
    assertThat(RestorationResults.atLeast(0.8, null)).isEqualTo(0.8);
  }
}
