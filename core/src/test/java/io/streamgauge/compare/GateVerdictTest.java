package io.streamgauge.compare;

import static io.streamgauge.compare.ComparisonTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class GateVerdictTest {

  private static Comparison p99(double[] baseline, double[] candidate) {
    return Comparison.of(
        "base",
        java.util.Arrays.stream(baseline).mapToObj(v -> run("b" + v, "img", v, 1.0)).toList(),
        "cand",
        java.util.Arrays.stream(candidate).mapToObj(v -> run("c" + v, "img", v, 1.0)).toList(),
        false);
  }

  @Test
  void aCandidateWorseByMoreThanTheBoundFails() {
    GateVerdict gate =
        GateVerdict.evaluate(
            p99(new double[] {200, 201, 199}, new double[] {230, 231, 229}),
            List.of(GateRule.parse("latency.p99<=5%"), GateRule.parse("cpu<=10%")));
    assertThat(gate.passed()).isFalse();
    assertThat(gate.results().get(0).passed()).isFalse();
    assertThat(gate.results().get(0).worsening()).isCloseTo(0.15, within(1e-12));
    assertThat(gate.results().get(0).detail()).isEqualTo("15.0% worse, more than the allowed 5.0%");
    assertThat(gate.results().get(1).passed()).isTrue();
    assertThat(gate.failures()).isEqualTo("latency.p99<=5% (15.0% worse)");
  }

  @Test
  void aCandidateThatIsNotWorsePasses() {
    GateVerdict better =
        GateVerdict.evaluate(
            p99(new double[] {200, 201, 199}, new double[] {150, 151, 149}),
            List.of(GateRule.parse("latency.p99<=5%")));
    assertThat(better.passed()).isTrue();
    assertThat(better.results().get(0).detail()).startsWith("25.0% better");

    GateVerdict slightlyWorse =
        GateVerdict.evaluate(
            p99(new double[] {200, 201, 199}, new double[] {206, 207, 205}),
            List.of(GateRule.parse("latency.p99<=5%")));
    assertThat(slightlyWorse.passed()).isTrue();
    assertThat(slightlyWorse.results().get(0).detail())
        .isEqualTo("3.0% worse, within the allowed 5.0%");
  }

  @Test
  void noiseAloneNeverFailsAGateAndTheGateSaysItIsBlind() {
    GateVerdict gate =
        GateVerdict.evaluate(
            p99(new double[] {100, 140, 100, 100, 140}, new double[] {112, 150, 110, 108, 170}),
            List.of(GateRule.parse("latency.p99<=5%")));
    assertThat(gate.passed()).isTrue();
    assertThat(gate.results().get(0).detail())
        .contains("but within the noise")
        .contains("this gate cannot see a 5.0% regression with this spread");
  }

  @Test
  void aFigureNotMeasuredFailsItsRule() {
    GateVerdict gate =
        GateVerdict.evaluate(
            p99(new double[] {100}, new double[] {100}),
            List.of(GateRule.parse("restoration.seconds<=5%")));
    assertThat(gate.passed()).isFalse();
    assertThat(gate.results().get(0).detail()).contains("cannot judge");
  }

  @Test
  void higherIsBetterFiguresWorsenDownwards() {
    GateRule rule = GateRule.parse("throughput.consumed <= 1%");
    assertThat(rule.toString()).isEqualTo("throughput.consumed<=1%");
    assertThat(rule.maxWorsening()).isEqualTo(0.01);
  }

  @Test
  void badRulesSayWhatIsExpected() {
    assertThatThrownBy(() -> GateRule.parse("p99<5%"))
        .hasMessage("gate rule 'p99<5%': expected FIGURE<=N%, e.g. latency.p99<=5%");
    assertThatThrownBy(() -> GateRule.parse("p99<=5%"))
        .hasMessageStartingWith("gate rule 'p99<=5%': unknown figure 'p99' (known: latency.p50,");
    assertThatThrownBy(() -> GateRule.parse("cpu<=-3%"))
        .hasMessage(
            "gate rule 'cpu<=-3%': the allowed worsening must be a percentage of 0 or more");
  }
}
