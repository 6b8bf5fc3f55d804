package io.streamgauge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpreadTest {

  @Test
  void oddAndEvenCountsHaveTheirMedians() {
    assertThat(Spread.of(new double[] {3, 1, 2}).median()).isEqualTo(2);
    assertThat(Spread.of(new double[] {4, 1, 2, 3}).median()).isEqualTo(2.5);
  }

  @Test
  void theCoefficientOfVariationUsesTheSampleStandardDeviation() {
    Spread spread = Spread.of(new double[] {90, 100, 110});
    assertThat(spread.min()).isEqualTo(90);
    assertThat(spread.max()).isEqualTo(110);
    assertThat(spread.count()).isEqualTo(3);
    assertThat(spread.cv()).isCloseTo(0.1, within(1e-12)); // sd 10 over mean 100
  }

  @Test
  void oneRunHasNoVariation() {
    assertThat(Spread.of(new double[] {7}).cv()).isNaN();
  }
}
