package io.streamgauge.suite;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.GateSpec;
import io.streamgauge.api.status.GateRuleResult;
import io.streamgauge.api.status.GateStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.compare.GateRule;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.Lifecycle;
import io.streamgauge.run.RunEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Judges a succeeded run's gate ({@code spec.gate}) on a platform where the baseline is a run of
 * the same namespace: waits (Gate Unknown) while the baseline runs, then compares the run (or its
 * repetitions) with the baseline's and sets {@code status.gate} and the Gate condition, once. A
 * baseline that does not exist fails the gate: a gate never passes on missing data.
 */
public final class RunGateStep {

  /** How long to wait between checks while the baseline runs. */
  public static final Duration BASELINE_RECHECK = Duration.ofSeconds(30);

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private RunGateStep() {}

  /** True when the run has a gate left to judge: it succeeded, and has no gate outcome yet. */
  public static boolean pending(RunContext run, GateSpec gate) {
    return gate != null
        && run.status().getGate() == null
        && run.status().getPhase() == Phase.Succeeded;
  }

  /**
   * Judges the gate of {@code run} (its written spec's {@code gate}) against the baseline that
   * {@code runs} finds by name.
   *
   * @param runs the namespace's BenchmarkRuns by name, as documents
   * @return when to call again (the baseline still runs), or empty once judged
   */
  public static Optional<Duration> judge(
      RunContext run,
      GateSpec gate,
      Function<String, Optional<JsonNode>> runs,
      RunEvents events,
      Instant now) {
    Optional<JsonNode> baseline = runs.apply(gate.getBaseline());
    if (baseline.isEmpty()) {
      GateStatus status = new GateStatus();
      status.setBaseline(gate.getBaseline());
      status.setPassed(false);
      for (String rule : gate.getRules()) {
        GateRuleResult result = new GateRuleResult();
        result.setRule(rule);
        result.setPassed(false);
        result.setDetail("the baseline run " + gate.getBaseline() + " does not exist");
        status.getRules().add(result);
      }
      run.status().setGate(status);
      String message =
          "the baseline run " + gate.getBaseline() + " does not exist in " + run.namespace();
      Conditions.set(
          run.status().getConditions(),
          Conditions.GATE,
          Conditions.Status.FALSE,
          "BaselineNotFound",
          message,
          now,
          run.generation());
      events.warning(run, "gate failed: " + message);
      gateJudged(run, now);
      return Optional.empty();
    }
    String phase = baseline.get().path("status").path("phase").asText("");
    if (!phase.equals(Phase.Succeeded.name()) && !phase.equals(Phase.Failed.name())) {
      Conditions.set(
          run.status().getConditions(),
          Conditions.GATE,
          Conditions.Status.UNKNOWN,
          "WaitingForBaseline",
          "the baseline run "
              + gate.getBaseline()
              + " is "
              + (phase.isEmpty() ? "not started" : phase),
          now,
          run.generation());
      Lifecycle.ended(
          run.status().getConditions(),
          run.generation(),
          now,
          Conditions.Status.FALSE,
          "WaitingForBaseline",
          "succeeded; its gate waits for the baseline run " + gate.getBaseline());
      return Optional.of(BASELINE_RECHECK);
    }
    BenchmarkRun self = new BenchmarkRun();
    self.setSpec(run.spec());
    self.setStatus(run.status());
    RunGate judged =
        RunGate.judge(
            gate.getBaseline(),
            ComparedRecords.runsOf(gate.getBaseline(), baseline.get()),
            run.name(),
            ComparedRecords.runsOf(run.name(), SERIALIZATION.convertValue(self, JsonNode.class)),
            gate.getRules().stream().map(GateRule::parse).toList());
    run.status().setGate(judged.status());
    judged.setCondition(run.status().getConditions(), now, run.generation());
    if (!judged.verdict().passed()) {
      events.warning(
          run, "gate failed against " + gate.getBaseline() + ": " + judged.verdict().failures());
    }
    gateJudged(run, now);
    return Optional.empty();
  }

  /** The run's last verdict is written: it has ended. */
  private static void gateJudged(RunContext run, Instant now) {
    Lifecycle.ended(
        run.status().getConditions(),
        run.generation(),
        now,
        Conditions.Status.TRUE,
        Phase.Succeeded.name(),
        "succeeded; its gate is judged");
  }
}
