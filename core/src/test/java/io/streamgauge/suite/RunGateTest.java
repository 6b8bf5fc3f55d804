package io.streamgauge.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.compare.GateRule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunGateTest {

  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

  @Test
  void aSlowerRunFailsItsGateWithTheFiguresInTheCondition() {
    RunGate gate =
        RunGate.judge(
            "base",
            List.of(run("base", 100), run("base", 101)),
            "cand",
            List.of(run("cand", 130), run("cand", 131)),
            List.of(GateRule.parse("latency.p99<=5%")));

    assertThat(gate.status().getPassed()).isFalse();
    assertThat(gate.status().getBaseline()).isEqualTo("base");
    assertThat(gate.status().getRules().get(0).getWorsePercent()).isCloseTo(29.9, within(0.1));
    List<Condition> conditions = new ArrayList<>();
    gate.setCondition(conditions, NOW, 1L);
    assertThat(conditions)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getType()).isEqualTo("Gate");
              assertThat(c.getStatus()).isEqualTo("False");
              assertThat(c.getMessage()).isEqualTo("against base: latency.p99<=5% (29.9% worse)");
            });
    assertThat(gate.markdown()).contains("## Comparison: `cand`").contains("## Gate: FAILED");
  }

  @Test
  void aFasterRunPassesAndABaselineWithNothingValidFails() {
    List<GateRule> rules = List.of(GateRule.parse("latency.p99<=5%"));
    RunGate faster =
        RunGate.judge("base", List.of(run("base", 100)), "cand", List.of(run("cand", 90)), rules);
    List<Condition> conditions = new ArrayList<>();
    faster.setCondition(conditions, NOW, 1L);
    assertThat(conditions.get(0).getStatus()).isEqualTo("True");

    ComparedRun invalid =
        new ComparedRun(
            "base",
            run("base", 1).setup(),
            run("base", 1).summary(),
            List.of("failed producedRate"));
    RunGate none = RunGate.judge("base", List.of(invalid), "cand", List.of(run("cand", 90)), rules);
    none.setCondition(conditions, NOW, 1L);
    assertThat(conditions.get(0).getStatus()).isEqualTo("False");
    assertThat(conditions.get(0).getReason()).isEqualTo("NotCompared");
    assertThat(conditions.get(0).getMessage())
        .startsWith("not compared: the baseline has no valid run");
  }

  private static ComparedRun run(String name, double p99) {
    return ComparedRun.of(name, SuiteResultsTest.succeeded(p99, 1.0));
  }
}
