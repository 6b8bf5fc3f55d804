package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityOutcome;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.RunTransitions;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.SeriesRuns;
import io.streamgauge.testing.RecordedRunEvents;
import io.streamgauge.testing.Specs;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleBiFunction;
import org.junit.jupiter.api.Test;

class CapacityMachineTest {

  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Probe runs as documents; {@link #endAll} ends those running as the system under test would. */
  private static final class FakeProbes implements SeriesRuns {
    final Map<String, ObjectNode> runs = new LinkedHashMap<>();
    final Map<String, BenchmarkRunSpec> specs = new LinkedHashMap<>();
    final RecordedRunEvents events = new RecordedRunEvents();

    @Override
    public Optional<JsonNode> find(String name) {
      return Optional.ofNullable(runs.get(name));
    }

    @Override
    public boolean create(PlannedRun run) {
      assertThat(runs.values())
          .as("one probe at a time")
          .allSatisfy(r -> assertThat(r.at("/status/phase").asText()).isIn("Succeeded", "Failed"));
      ObjectNode doc = JSON.createObjectNode();
      doc.putObject("status").put("phase", "Measuring");
      runs.put(run.name(), doc);
      specs.put(run.name(), run.spec());
      return true;
    }

    /** Ends every running probe with the p99 {@code system} gives for its CPU limit and rate. */
    void endAll(ToDoubleBiFunction<Double, Double> system) {
      runs.forEach(
          (name, doc) -> {
            if (doc.at("/status/phase").asText().equals("Measuring")) {
              BenchmarkRunSpec spec = specs.get(name);
              double cores =
                  spec.getApp()
                      .getResources()
                      .getLimits()
                      .get("cpu")
                      .getNumericalAmount()
                      .doubleValue();
              double p99 = system.applyAsDouble(cores, totalRate(spec));
              ObjectNode status = (ObjectNode) doc.get("status");
              status.put("phase", "Succeeded");
              ObjectNode summary = status.putObject("summary");
              summary.putObject("latency").put("p99Ms", p99);
              summary.put("cpuCores", 0.5);
              summary
                  .putArray("checks")
                  .addObject()
                  .put("name", "producedRate")
                  .put("passed", true);
            }
          });
    }

    void failAll() {
      failAll("AppFailed", "image pull failed");
    }

    void failAll(String reason, String message) {
      runs.values().stream()
          .filter(doc -> doc.at("/status/phase").asText().equals("Measuring"))
          .forEach(
              doc -> {
                ObjectNode status = (ObjectNode) doc.get("status");
                status.put("phase", "Failed");
                status
                    .putArray("conditions")
                    .addObject()
                    .put("type", "Ready")
                    .put("reason", reason)
                    .put("message", message);
              });
    }
  }

  private final FakeProbes probes = new FakeProbes();

  /** p99 100 ms up to 250 records/s per core, then 2 s: a system that saturates at that rate. */
  private static double saturating(double cores, double rate) {
    return rate <= 250 * cores ? 100 : 2000;
  }

  private static double totalRate(BenchmarkRunSpec spec) {
    return spec.getLoad().getTopics().stream().mapToDouble(LoadTopicSpec::getRatePerSecond).sum();
  }

  private void drive(RunContext run, Runnable endProbes) {
    for (int i = 0; i < 200; i++) {
      if (CapacityMachine.advance(run, probes, new RunTransitions(probes.events), NOW).isEmpty()) {
        return;
      }
      endProbes.run();
    }
    throw new AssertionError("the search did not end: " + run.status().getProgress());
  }

  @Test
  void searchesEachCpuLimitOneProbeAtATimeAndRecordsTheCeilings() {
    RunContext run = run("cap", List.of("1", "2"), 3);

    drive(run, () -> probes.endAll(CapacityMachineTest::saturating));

    BenchmarkRunStatus status = run.status();
    assertThat(status.getPhaseHistory())
        .extracting(PhaseTransition::getPhase)
        .containsExactly(Phase.Pending, Phase.Searching, Phase.Succeeded);
    List<CapacityLimitStatus> limits = status.getCapacity().getLimits();
    assertThat(limits).extracting(CapacityLimitStatus::getCpuLimit).containsExactly("1", "2");
    assertThat(limits)
        .extracting(CapacityLimitStatus::getOutcome)
        .containsOnly(CapacityOutcome.Found);
    assertThat(limits.get(0).getLastPassPerSecond()).isLessThanOrEqualTo(250).isGreaterThan(237);
    assertThat(limits.get(0).getFirstFailPerSecond()).isGreaterThan(250);
    assertThat(limits.get(1).getLastPassPerSecond()).isLessThanOrEqualTo(500).isGreaterThan(475);
    List<CapacityProbeStatus> all = status.getCapacity().getProbes();
    assertThat(all).extracting(CapacityProbeStatus::getName).startsWith("cap-p1", "cap-p2");
    assertThat(all.get(0).getRatePerSecond()).as("startRatePerSecond").isEqualTo(100.0);
    assertThat(
            all.stream()
                .filter(p -> p.getCpuLimit().equals("2"))
                .findFirst()
                .orElseThrow()
                .getRatePerSecond())
        .as("the larger limit starts at the rate the smaller one first failed at")
        .isEqualTo(limits.get(0).getFirstFailPerSecond());
    assertThat(all).allSatisfy(p -> assertThat(p.getFinishedAt()).isNotNull());
    assertThat(all.stream().filter(p -> !p.getPassed()).findFirst().orElseThrow().getWhy())
        .containsExactly("p99 2000.0 ms > 500.0 ms (the SLO)");
    BenchmarkRunSpec second = probes.specs.get("cap-p2");
    assertThat(second.getCapacity()).as("a probe does not search").isNull();
    assertThat(second.getApp().getResources().getLimits().get("cpu").toString()).isEqualTo("1");
    assertThat(totalRate(second)).isEqualTo(all.get(1).getRatePerSecond());
    assertThat(condition(status, Conditions.VALID).getStatus()).isEqualTo("True");
    assertThat(condition(status, Conditions.READY).getMessage())
        .contains("CPU limit 1: ceiling in [");
  }

  @Test
  void aProbeThatFailsAsARunBeforeAnyPassedFailsTheSearch() {
    RunContext run = run("broken", List.of("1"), 3);

    drive(run, probes::failAll);

    assertThat(run.status().getPhase()).isEqualTo(Phase.Failed);
    assertThat(run.status().getCapacity().getProbes()).hasSize(1);
    Condition ready = condition(run.status(), Conditions.READY);
    assertThat(ready.getReason()).isEqualTo("ProbeFailed");
    assertThat(ready.getMessage())
        .contains("broken-p1 failed: failed: AppFailed: image pull failed");
  }

  @Test
  void anInterruptedProbeIsKeptAsItEndedAndNeitherPassesNorFailsItsRate() {
    RunContext run = run("stopped", List.of("1"), 3);
    CapacityMachine.advance(run, probes, new RunTransitions(probes.events), NOW);
    probes.endAll(CapacityMachineTest::saturating);
    CapacityMachine.advance(run, probes, new RunTransitions(probes.events), NOW);
    assertThat(probes.runs).containsOnlyKeys("stopped-p1", "stopped-p2");
    probes.failAll("Interrupted", "interrupted (SIGINT)");

    CapacityMachine.interrupt(run, probes, NOW.plusSeconds(5));

    List<CapacityProbeStatus> kept = run.status().getCapacity().getProbes();
    assertThat(kept)
        .extracting(CapacityProbeStatus::getName)
        .containsExactly("stopped-p1", "stopped-p2");
    CapacityProbeStatus interrupted = kept.get(1);
    assertThat(interrupted.getPhase()).isEqualTo(Phase.Failed);
    assertThat(interrupted.getFinishedAt()).isNotNull();
    assertThat(ProbeJudge.passed(interrupted)).isFalse();
    assertThat(ProbeJudge.verdict(interrupted))
        .as("not a fail of its rate")
        .isEqualTo("inconclusive: interrupted before its window ended; not judged");
    assertThat(probes.runs).as("nothing more is probed").hasSize(2);
    assertThat(ProbeJudge.passed(kept.get(0))).isTrue();
  }

  @Test
  void aSearchThatDoesNotResolveIsNotValid() {
    RunContext run = run("slow", List.of("1"), 1);
    run.spec().getCapacity().setMaxProbes(3);

    drive(run, () -> probes.endAll((cores, rate) -> 2000));

    assertThat(run.status().getPhase()).isEqualTo(Phase.Succeeded);
    assertThat(run.status().getCapacity().getLimits().get(0).getOutcome())
        .isEqualTo(CapacityOutcome.ProbeBudgetSpent);
    assertThat(condition(run.status(), Conditions.VALID).getReason())
        .isEqualTo("CapacityNotResolved");
    assertThat(probes.events.lines())
        .anyMatch(e -> e.startsWith("invalid CPU limit 1: probe budget spent"));
  }

  private static RunContext run(String name, List<String> cpuLimits, int confirmations) {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.STATELESS_SIMPLE);
    CapacitySpec capacity = new CapacitySpec();
    capacity.setLatencyP99MaxMs(500.0);
    capacity.setCpuLimits(cpuLimits);
    capacity.setConfirmations(confirmations);
    capacity.setStartRatePerSecond(100.0);
    spec.setCapacity(capacity);
    return new RunContext(
        "ns", name, "uid-" + name, new SpecDefaulter().apply(spec), new BenchmarkRunStatus());
  }

  private static Condition condition(BenchmarkRunStatus status, String type) {
    return Conditions.find(status.getConditions(), type).orElseThrow();
  }
}
