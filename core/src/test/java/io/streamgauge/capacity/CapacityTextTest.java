package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityTextTest {

  private static ProbeVerdict inconclusive(double rate) {
    return new ProbeVerdict(rate, ProbeVerdict.Outcome.INCONCLUSIVE);
  }

  @Test
  void splitRatesAreTheRatesWhoseProbesDisagreedOrWereInconclusive() {
    List<ProbeVerdict> probes =
        List.of(
            new ProbeVerdict(6400, true),
            new ProbeVerdict(7200, true),
            new ProbeVerdict(8000, false),
            inconclusive(8000),
            new ProbeVerdict(7200, false),
            new ProbeVerdict(6400, true),
            new ProbeVerdict(7200, true),
            inconclusive(7600),
            new ProbeVerdict(7600, true));

    assertThat(CapacityText.splitRates(probes))
        .as("6,400 agreed; 8,000's one conclusive probe failed beside an inconclusive one")
        .containsExactly(
            "7,200 records/s: 2 of 3 passed",
            "7,600 records/s: 1 of 1 passed, 1 inconclusive",
            "8,000 records/s: 0 of 1 passed, 1 inconclusive");
  }

  /**
   * A larger size that bisected below where the smaller one first failed (2 instances on a machine
   * already full: 33,000 against 40,000) says both rates, not that they were the same.
   */
  @Test
  void aLargerSizeNoBetterSaysWhereEachFirstFailed() {
    CapacityLimitStatus one = new CapacityLimitStatus();
    one.setCpuLimit("1");
    one.setFirstFailPerSecond(40_000.0);

    assertThat(
            CapacityText.outcome(
                new SearchStep.Done(32_000.0, 33_000.0, CapacityOutcome.NotBetterThanSmaller), one))
        .isEqualTo(
            "failed at 33,000 records/s, not above where CPU limit 1 first failed (40,000"
                + " records/s): no better than it");
    assertThat(
            CapacityText.outcome(
                new SearchStep.Done(32_000.0, 40_000.0, CapacityOutcome.NotBetterThanSmaller), one))
        .isEqualTo("failed at 40,000 records/s, where CPU limit 1 first failed: no better than it");
  }
}
