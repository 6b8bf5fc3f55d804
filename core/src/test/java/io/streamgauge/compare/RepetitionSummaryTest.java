package io.streamgauge.compare;

import static io.streamgauge.compare.ComparisonTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RepetitionSummaryTest {

  @Test
  void theValidRunsAreSummarisedAndTheInvalidOnesNamed() {
    RepetitionSummary summary =
        RepetitionSummary.of(
            List.of(
                run("1", "img", 90, 1.0),
                run("2", "img", 100, 1.2),
                run("3", "img", 900, 3.0, "lagGrowth"),
                run("4", "img", 110, 1.1)));

    Spread p99 = summary.spreads().get(ComparedFigure.LATENCY_P99);
    assertThat(p99.count()).isEqualTo(3);
    assertThat(p99.median()).isEqualTo(100);
    assertThat(p99.cv()).isCloseTo(0.1, within(1e-12));
    assertThat(summary.leftOut()).containsExactly("3: failed lagGrowth 17.250 not <= 10");
    assertThat(summary.markdown())
        .contains("| True E2E p99 (ms) | 100.0 | 90.0 | 110.0 | 10.0% | 3 |")
        .contains("- 3: failed lagGrowth 17.250 not <= 10");
    assertThat(summary.json().get("figures").get("latency.p99").get("median").asDouble())
        .isEqualTo(100);
  }

  @Test
  void withNoValidRunAllAreSummarised() {
    RepetitionSummary summary =
        RepetitionSummary.of(
            List.of(run("1", "img", 90, 1.0, "clock"), run("2", "img", 100, 1.0, "clock")));
    assertThat(summary.runs()).hasSize(2);
    assertThat(summary.spreads().get(ComparedFigure.LATENCY_P99).median()).isEqualTo(95);
    assertThat(summary.markdown()).contains("None of the runs is valid");
  }
}
