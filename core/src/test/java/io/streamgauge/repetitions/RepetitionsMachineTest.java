package io.streamgauge.repetitions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.GateSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.series.SeriesOutcome;
import io.streamgauge.suite.FakeSeriesPlatform;
import io.streamgauge.suite.RunGateStep;
import io.streamgauge.testing.Specs;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RepetitionsMachineTest {

  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FakeSeriesPlatform platform = new FakeSeriesPlatform();

  @Test
  void repetitionsRunOneAtATimeAndTheRunSummarisesThem() {
    RunContext run = run("wc", 3);

    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    assertThat(run.status().getPhase()).isEqualTo(Phase.Repeating);
    assertThat(platform.created).containsExactly("wc-1");
    assertThat(
            platform.runs.get("wc-1").at("/spec/repetitions").isNull()
                || platform.runs.get("wc-1").at("/spec/repetitions").isMissingNode())
        .as("a repetition does not repeat itself")
        .isTrue();
    platform.succeed("wc-1", 100, true);
    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("wc-2", 104, false);
    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("wc-3", 102, true);

    assertThat(
            RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW))
        .isEmpty();

    BenchmarkRunStatus status = run.status();
    assertThat(status.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsExactly(Phase.Pending, Phase.Repeating, Phase.Succeeded);
    assertThat(status.getRepetitions().getCompleted()).isEqualTo("3/3");
    assertThat(status.getRepetitions().getFigures())
        .anySatisfy(
            f -> {
              assertThat(f.getFigure()).isEqualTo("latency.p99");
              assertThat(f.getMedian()).as("over the two valid repetitions").isEqualTo(101.0);
              assertThat(f.getRuns()).isEqualTo(2);
            });
    assertThat(status.getRepetitions().getLeftOut())
        .singleElement()
        .asString()
        .startsWith("wc-2: failed producedRate");
    assertThat(Conditions.find(status.getConditions(), Conditions.VALID).orElseThrow().getStatus())
        .isEqualTo("False");
    assertThat(platform.events)
        .contains("Pending", "Repeating", "Succeeded")
        .anyMatch(e -> e.startsWith("invalid wc-2"));
  }

  @Test
  void aFailedRepetitionIsRecordedAndTheNextOneStillRuns() {
    RunContext run = run("wc", 3);
    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("wc-1", 100, true);
    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    platform.fail("wc-2");

    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    assertThat(platform.created)
        .as("the failure stops nothing")
        .containsExactly("wc-1", "wc-2", "wc-3");
    platform.succeed("wc-3", 102, true);
    assertThat(
            RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW))
        .isEmpty();

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(SeriesOutcome.of(run.status().getRepetitions().getRuns()))
        .isEqualTo(SeriesOutcome.INVALID);
    assertThat(
            Conditions.find(run.status().getConditions(), Conditions.VALID)
                .orElseThrow()
                .getMessage())
        .contains("wc-2: failed: ");
  }

  @Test
  void aRunWhoseEveryRepetitionFailedFails() {
    RunContext run = run("wc", 2);
    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    platform.fail("wc-1");
    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);
    platform.fail("wc-2");

    RepetitionsMachine.advance(run, platform, new RunTransitions(platform.runEvents), NOW);

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(
            Conditions.find(run.status().getConditions(), Conditions.READY)
                .orElseThrow()
                .getReason())
        .isEqualTo("RepetitionsFailed");
  }

  @Test
  void theGateWaitsForItsBaselineThenJudgesTheRepetitionsAgainstIt() {
    RunContext baseline = run("base", 2);
    RepetitionsMachine.advance(baseline, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("base-1", 100, true);
    RepetitionsMachine.advance(baseline, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("base-2", 101, true);
    RepetitionsMachine.advance(baseline, platform, new RunTransitions(platform.runEvents), NOW);

    RunContext candidate = run("cand", 2);
    GateSpec gate = new GateSpec();
    gate.setBaseline("base");
    gate.setRules(List.of("latency.p99<=5%"));
    RepetitionsMachine.advance(candidate, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("cand-1", 130, true);
    RepetitionsMachine.advance(candidate, platform, new RunTransitions(platform.runEvents), NOW);
    platform.succeed("cand-2", 131, true);
    RepetitionsMachine.advance(candidate, platform, new RunTransitions(platform.runEvents), NOW);
    assertThat(RunGateStep.pending(candidate, gate)).isTrue();

    Map<String, JsonNode> namespace = new HashMap<>();
    assertThat(
            RunGateStep.judge(
                candidate,
                gate,
                n -> Optional.ofNullable(namespace.get(n)),
                platform.runEvents,
                NOW))
        .isEmpty();
    assertThat(
            Conditions.find(candidate.status().getConditions(), Conditions.GATE)
                .orElseThrow()
                .getReason())
        .isEqualTo("BaselineNotFound");

    candidate.status().setGate(null);
    JsonNode running = document(baseline);
    ((ObjectNode) running.get("status")).put("phase", "Repeating");
    namespace.put("base", running);
    assertThat(
            RunGateStep.judge(
                candidate,
                gate,
                n -> Optional.ofNullable(namespace.get(n)),
                platform.runEvents,
                NOW))
        .contains(RunGateStep.BASELINE_RECHECK);
    assertThat(
            Conditions.find(candidate.status().getConditions(), Conditions.GATE)
                .orElseThrow()
                .getStatus())
        .isEqualTo("Unknown");
    assertThat(ended(candidate).getStatus())
        .as("kubectl wait --for=condition=Ended waits for the gate's verdict")
        .isEqualTo("False");
    assertThat(ended(candidate).getReason()).isEqualTo("WaitingForBaseline");

    namespace.put("base", document(baseline));
    assertThat(
            RunGateStep.judge(
                candidate,
                gate,
                n -> Optional.ofNullable(namespace.get(n)),
                platform.runEvents,
                NOW))
        .isEmpty();
    assertThat(candidate.status().getGate().getPassed()).isFalse();
    assertThat(candidate.status().getGate().getRules().get(0).getWorsePercent()).isGreaterThan(25);
    assertThat(
            Conditions.find(candidate.status().getConditions(), Conditions.GATE)
                .orElseThrow()
                .getMessage())
        .startsWith("against base: latency.p99<=5% (");
    assertThat(RunGateStep.pending(candidate, gate)).isFalse();
    assertThat(ended(candidate).getStatus()).isEqualTo("True");
    assertThat(ended(candidate).getReason()).isEqualTo("Succeeded");
  }

  private static Condition ended(RunContext run) {
    return Conditions.find(run.status().getConditions(), Conditions.ENDED).orElseThrow();
  }

  private static JsonNode document(RunContext run) {
    BenchmarkRun resource = new BenchmarkRun();
    resource.setSpec(run.spec());
    resource.setStatus(run.status());
    return JSON.valueToTree(resource);
  }

  private static RunContext run(String name, int repetitions) {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    spec.setRepetitions(repetitions);
    return new RunContext(
        "ns", name, "uid-" + name, new SpecDefaulter().apply(spec), new BenchmarkRunStatus());
  }
}
