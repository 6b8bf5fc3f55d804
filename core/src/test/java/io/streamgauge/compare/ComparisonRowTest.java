package io.streamgauge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ComparisonRowTest {

  @Test
  void oneRunEachIsJudgedAgainstTheTwoPercentFloorWithoutAnInterval() {
    ComparisonRow slower =
        ComparisonRow.of(ComparedFigure.LATENCY_P99, new double[] {180.0}, new double[] {201.9});
    assertThat(slower.delta()).isCloseTo(0.1217, within(1e-4));
    assertThat(slower.interval()).isNull();
    assertThat(slower.noiseFloor()).isEqualTo(0.02);
    assertThat(slower.verdict()).isEqualTo(Verdict.BASELINE_WINS);

    ComparisonRow close =
        ComparisonRow.of(ComparedFigure.CPU, new double[] {1.30}, new double[] {1.31});
    assertThat(close.verdict()).isEqualTo(Verdict.PARITY);
  }

  @Test
  void higherIsBetterForRates() {
    ComparisonRow faster =
        ComparisonRow.of(
            ComparedFigure.RESTORATION_RATE, new double[] {100_000}, new double[] {150_000});
    assertThat(faster.verdict()).isEqualTo(Verdict.CANDIDATE_WINS);
  }

  @Test
  void noisyRepetitionsRaiseTheFloor() {
    // CV of the candidate 0.1 → floor 20 %: a 15 % difference is parity.
    ComparisonRow row =
        ComparisonRow.of(
            ComparedFigure.LATENCY_P99, new double[] {100, 100, 100}, new double[] {105, 115, 125});
    assertThat(row.noiseFloor()).isCloseTo(0.174, within(0.001)); // 2 × sd 8.66 / mean 115
    assertThat(row.verdict()).isEqualTo(Verdict.PARITY);
  }

  @Test
  void anIntervalHoldingZeroIsParityEvenAboveTheFloor() {
    ComparisonRow row =
        ComparisonRow.of(
            ComparedFigure.LATENCY_P50,
            new double[] {100, 100, 100, 100, 110},
            new double[] {110, 110, 110, 110, 100});
    // Floor 2 × 4.4 % = 8.8 % < Δ 10 %, but one resample in nine flips a median.
    assertThat(row.delta()).isCloseTo(0.10, within(1e-9));
    assertThat(row.noiseFloor()).isLessThan(0.10);
    assertThat(row.interval().containsZero()).isTrue();
    assertThat(row.verdict()).isEqualTo(Verdict.PARITY);
  }

  @Test
  void repeatedClearWinsHaveAnIntervalExcludingZero() {
    ComparisonRow row =
        ComparisonRow.of(
            ComparedFigure.LATENCY_P99, new double[] {200, 202, 198}, new double[] {150, 151, 149});
    assertThat(row.delta()).isCloseTo(-0.25, within(1e-9));
    assertThat(row.interval().high()).isLessThan(0);
    assertThat(row.verdict()).isEqualTo(Verdict.CANDIDATE_WINS);
    assertThat(row.reason()).contains("excludes 0");
  }

  @Test
  void aFigureMeasuredOnOneSideIsNotCompared() {
    ComparisonRow row =
        ComparisonRow.of(ComparedFigure.GC_PAUSE_MAX, new double[] {}, new double[] {3.0});
    assertThat(row.verdict()).isEqualTo(Verdict.NOT_COMPARED);
    assertThat(row.reason()).contains("baseline");
  }

  @Test
  void aZeroBaselineHasNoRelativeDifference() {
    ComparisonRow row =
        ComparisonRow.of(ComparedFigure.CPU_THROTTLED, new double[] {0}, new double[] {0.2});
    assertThat(row.delta()).isNull();
    assertThat(row.verdict()).isEqualTo(Verdict.BASELINE_WINS);
  }
}
