package io.streamgauge.suite;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.spec.SuiteGateSpec;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.SuitePhase;
import io.streamgauge.run.Conditions;
import io.streamgauge.run.ErrorRetry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuiteMachineTest {

  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

  private final FakeSeriesPlatform platform = new FakeSeriesPlatform();
  private final BenchmarkSuiteStatus status = new BenchmarkSuiteStatus();

  @Test
  void runsOneAtATimeInTheInterleavedOrderThenComparesAndGates() {
    BenchmarkSuiteSpec spec = gated();

    assertThat(advance(spec)).isPresent();
    assertThat(status.getPhase()).isEqualTo(SuitePhase.Running);
    assertThat(platform.created).containsExactly("s-1");
    assertThat(status.getProgress())
        .isEqualTo("run 1 of 4: s-1 (a/wordcount/exactly_once_v2/x1, repetition 1): created");
    assertThat(advance(spec)).as("s-1 still measures: nothing new").isPresent();
    assertThat(platform.created).containsExactly("s-1");
    assertThat(status.getProgress()).endsWith(": Measuring");

    // a: 100 ms, b: 150 ms; the order is a b b a
    platform.succeed("s-1", 100, true);
    advance(spec);
    platform.succeed("s-2", 150, true);
    advance(spec);
    platform.succeed("s-3", 151, true);
    advance(spec);
    assertThat(platform.created).containsExactly("s-1", "s-2", "s-3", "s-4");
    assertThat(status.getCompleted()).isEqualTo("3/4");
    platform.succeed("s-4", 101, true);

    assertThat(advance(spec)).isEmpty();

    assertThat(status.getPhase()).isEqualTo(SuitePhase.Succeeded);
    assertThat(status.getCompleted()).isEqualTo("4/4");
    assertThat(status.getRuns())
        .extracting(r -> r.getName() + " " + r.getCell() + " " + r.getRepetition())
        .containsExactly(
            "s-1 a/wordcount/exactly_once_v2/x1 1",
            "s-2 b/wordcount/exactly_once_v2/x1 1",
            "s-3 b/wordcount/exactly_once_v2/x1 2",
            "s-4 a/wordcount/exactly_once_v2/x1 2");
    assertThat(condition(Conditions.READY).getMessage())
        .isEqualTo("4 runs: 4 valid, 0 invalid, 0 failed");
    assertThat(condition(Conditions.VALID).getStatus()).isEqualTo("True");
    assertThat(condition(Conditions.VALID).getReason()).isEqualTo("AllRunsValid");
    assertThat(condition(Conditions.ENDED).getStatus()).isEqualTo("True");
    assertThat(condition(Conditions.ENDED).getReason()).isEqualTo("Completed");
    assertThat(condition(Conditions.GATE).getStatus()).isEqualTo("False");
    assertThat(condition(Conditions.GATE).getMessage())
        .startsWith("b/wordcount/exactly_once_v2/x1: latency.p99<=5% (");
    assertThat(status.getComparisons())
        .singleElement()
        .satisfies(c -> assertThat(c.getCandidate()).isEqualTo("b/wordcount/exactly_once_v2/x1"));
    assertThat(status.getResultRef().getConfigMap()).isEqualTo("s-results");
    assertThat(platform.stored).isNotNull();
    assertThat(platform.events)
        .containsExactly("Normal Running", "Normal Succeeded", "Warning GateFailed");
    assertThat(advance(spec)).as("an ended suite stays as it is").isEmpty();
  }

  @Test
  void aFailedOrDeletedRunIsRecordedAndTheSuiteGoesOn() {
    BenchmarkSuiteSpec spec = gated();
    advance(spec);
    platform.fail("s-1");
    advance(spec);
    platform.runs.remove("s-2");
    advance(spec);
    assertThat(status.getRuns().get(0).getProblems())
        .containsExactly("failed: AppFailed: OOMKilled");
    assertThat(status.getRuns().get(1).getProblems())
        .singleElement()
        .asString()
        .startsWith("failed: deleted before it ended");
    assertThat(platform.created).containsExactly("s-1", "s-2", "s-3");
  }

  @Test
  void aSuiteWithAnInvalidOrFailedRunEndsNotValidNamingThem() {
    BenchmarkSuiteSpec spec = gated();
    advance(spec);
    assertThat(condition(Conditions.ENDED).getStatus()).isEqualTo("False");
    platform.fail("s-1");
    advance(spec);
    platform.succeed("s-2", 150, false);
    advance(spec);
    platform.succeed("s-3", 151, true);
    advance(spec);
    platform.succeed("s-4", 101, true);

    assertThat(advance(spec)).isEmpty();

    assertThat(status.getPhase()).isEqualTo(SuitePhase.Succeeded);
    assertThat(condition(Conditions.ENDED).getStatus()).isEqualTo("True");
    assertThat(condition(Conditions.VALID).getStatus()).isEqualTo("False");
    assertThat(condition(Conditions.VALID).getReason()).isEqualTo("RunsNotValid");
    assertThat(condition(Conditions.VALID).getMessage())
        .isEqualTo("4 runs: 2 valid, 1 invalid, 1 failed: s-1 (failed), s-2 (invalid)");
  }

  @Test
  void aSuiteThatCannotRunFailsAtOnceNamingTheProblems() {
    BenchmarkSuiteSpec spec = gated();
    spec.getGate().setRules(List.of("p99<=5%"));

    assertThat(advance(spec)).isEmpty();

    assertThat(status.getPhase()).isEqualTo(SuitePhase.Failed);
    assertThat(condition(Conditions.READY).getReason()).isEqualTo("ValidationFailed");
    assertThat(condition(Conditions.ENDED).getReason()).isEqualTo("ValidationFailed");
    assertThat(condition(Conditions.READY).getMessage())
        .startsWith("spec.gate.rules[0]: gate rule 'p99<=5%': unknown figure 'p99'");
    assertThat(platform.created).isEmpty();
  }

  /**
   * A template duration no run can hold (admitted by a CRD older than the operator) fails the suite
   * naming the field, instead of an overflow retried until someone notices.
   */
  @Test
  void aTemplateDurationNoRunCanHoldFailsTheSuiteNamingIt() {
    BenchmarkSuiteSpec spec = gated();
    spec.getTemplate().setSchedule(new ScheduleSpec());
    spec.getTemplate().getSchedule().setMeasurement("999999999999999999h");

    assertThat(advance(spec)).isEmpty();

    assertThat(status.getPhase()).isEqualTo(SuitePhase.Failed);
    assertThat(condition(Conditions.READY).getReason()).isEqualTo("ValidationFailed");
    assertThat(condition(Conditions.READY).getMessage())
        .isEqualTo(
            "spec.template.schedule.measurement: '999999999999999999h' must be at most 720h");
    assertThat(platform.created).isEmpty();
  }

  @Test
  void aRunOfTheSameNameThatIsNotTheSuitesFailsIt() {
    platform.foreign.add("s-1");

    assertThat(advance(gated())).isEmpty();

    assertThat(status.getPhase()).isEqualTo(SuitePhase.Failed);
    assertThat(condition(Conditions.READY).getReason()).isEqualTo("NameConflict");
  }

  @Test
  void anErrorIsSaidInTheStatusAndRetriedAsARunsIs() {
    BenchmarkSuiteSpec spec = gated();
    advance(spec);
    platform.unreachable = true;

    assertThat(advance(spec)).contains(ErrorRetry.AFTER);
    assertThat(advance(spec)).as("the same error again").contains(ErrorRetry.AFTER);

    assertThat(status.getPhase()).isEqualTo(SuitePhase.Running);
    assertThat(status.getProgress())
        .isEqualTo("Retrying after an error: IllegalStateException: connection refused");
    assertThat(condition(Conditions.READY).getReason()).isEqualTo(ErrorRetry.REASON);
    assertThat(platform.events)
        .as("one Warning per new message")
        .containsOnlyOnce("Warning " + ErrorRetry.REASON);

    platform.unreachable = false;
    assertThat(advance(spec)).isPresent();
    assertThat(condition(Conditions.READY).getMessage()).isEqualTo("resumed");
    assertThat(status.getProgress()).endsWith(": Measuring");
  }

  private Optional<Duration> advance(BenchmarkSuiteSpec spec) {
    return SuiteMachine.advance("s", spec, status, platform, NOW, 1L);
  }

  private Condition condition(String type) {
    return Conditions.find(status.getConditions(), type).orElseThrow();
  }

  private static BenchmarkSuiteSpec gated() {
    BenchmarkSuiteSpec spec = SuitePlanTest.twoVariants();
    spec.setRepetitions(2);
    spec.setBaseline("a");
    SuiteGateSpec gate = new SuiteGateSpec();
    gate.setRules(List.of("latency.p99<=5%"));
    spec.setGate(gate);
    return spec;
  }
}
