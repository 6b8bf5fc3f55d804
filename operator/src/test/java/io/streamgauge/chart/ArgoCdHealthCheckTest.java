package io.streamgauge.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.chart.ArgoCdHealth.Health;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The chart's Argo CD health checks on BenchmarkRuns and BenchmarkSuites as the API server returns
 * them. A pipeline gated on Argo CD's health must never read Healthy for numbers it should not ship
 * on: an invalid run or a failed gate is Degraded.
 */
class ArgoCdHealthCheckTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @ParameterizedTest
  @ValueSource(strings = {ArgoCdHealth.RUN, ArgoCdHealth.SUITE})
  void aResourceWithoutStatusIsProgressing(String script) throws IOException {
    assertThat(health(script, "metadata: {name: r, generation: 1}\n"))
        .isEqualTo(new Health("Progressing", "Waiting for the Streamgauge operator"));
  }

  @ParameterizedTest
  @ValueSource(strings = {ArgoCdHealth.RUN, ArgoCdHealth.SUITE})
  void aStatusOfAnOlderGenerationIsProgressing(String script) throws IOException {
    assertThat(
            health(
                script,
                """
                metadata: {name: r, generation: 2}
                status: {phase: Succeeded, observedGeneration: 1}
                """))
        .isEqualTo(new Health("Progressing", "Waiting for the operator to observe generation 2"));
  }

  @Test
  void aRunningRunIsProgressingWithItsProgress() throws IOException {
    assertThat(
            run(
                """
                status: {phase: Measuring, observedGeneration: 1, progress: "Measuring 4m10s/10m"}
                """))
        .isEqualTo(new Health("Progressing", "Measuring 4m10s/10m"));
  }

  @Test
  void aValidRunIsHealthyAndSaysItsP99() throws IOException {
    assertThat(
            run(
                """
                status:
                  phase: Succeeded
                  observedGeneration: 1
                  summary: {latency: {p50Ms: 100.2, p99Ms: 180.5}}
                  conditions:
                  - {type: Ready, status: "True", reason: Succeeded}
                  - {type: Ended, status: "True", reason: Succeeded}
                  - {type: Valid, status: "True", reason: ChecksPassed}
                """))
        .isEqualTo(new Health("Healthy", "Succeeded: p99 180.5 ms"));
  }

  @Test
  void aFailedRunIsDegradedWithTheReason() throws IOException {
    assertThat(
            run(
                """
                status:
                  phase: Failed
                  observedGeneration: 1
                  conditions:
                  - {type: Ready, status: "False", reason: AppFailed, message: "Pod bench/r-app-0: OOMKilled"}
                """))
        .isEqualTo(new Health("Degraded", "Failed: AppFailed: Pod bench/r-app-0: OOMKilled"));
  }

  @Test
  void aSucceededRunWithInvalidNumbersIsDegraded() throws IOException {
    assertThat(
            run(
                """
                status:
                  phase: Succeeded
                  observedGeneration: 1
                  summary: {latency: {p99Ms: 180.5}}
                  conditions:
                  - {type: Ready, status: "True", reason: Succeeded}
                  - {type: Ended, status: "True", reason: Succeeded}
                  - {type: Valid, status: "False", reason: ChecksFailed, message: "producedRate 0.9 not >= 0.99"}
                """))
        .isEqualTo(
            new Health(
                "Degraded",
                "Succeeded, but not valid: ChecksFailed: producedRate 0.9 not >= 0.99"));
  }

  @Test
  void aRunThatFailedItsGateIsDegradedAndOneThatPassedIsHealthy() throws IOException {
    String failed =
        """
        status:
          phase: Succeeded
          observedGeneration: 1
          conditions:
          - {type: Ended, status: "True", reason: Succeeded}
          - {type: Valid, status: "True", reason: ChecksPassed}
          - {type: Gate, status: "%s", reason: %s, message: "%s"}
        """;

    assertThat(run(failed.formatted("False", "Failed", "against base: latency.p99<=5% (+27%)")))
        .isEqualTo(
            new Health(
                "Degraded",
                "Succeeded, but gate failed: Failed: against base: latency.p99<=5% (+27%)"));
    assertThat(run(failed.formatted("True", "Passed", "every rule passed")))
        .isEqualTo(new Health("Healthy", "Succeeded; gate passed"));
  }

  @Test
  void aRunWhoseGateWaitsForItsBaselineIsProgressing() throws IOException {
    assertThat(
            run(
                """
                status:
                  phase: Succeeded
                  observedGeneration: 1
                  conditions:
                  - {type: Ended, status: "False", reason: WaitingForBaseline, message: "succeeded; its gate waits for the baseline run base"}
                  - {type: Valid, status: "True", reason: ChecksPassed}
                  - {type: Gate, status: "Unknown", reason: WaitingForBaseline, message: "the baseline run base is Measuring"}
                """))
        .isEqualTo(
            new Health(
                "Progressing",
                "Succeeded; judging the gate: WaitingForBaseline: the baseline run base is"
                    + " Measuring"));
  }

  @Test
  void aRunningSuiteIsProgressingWithItsProgress() throws IOException {
    assertThat(
            suite(
                """
                status: {phase: Running, observedGeneration: 1, progress: "run 3 of 8: s-3: Measuring"}
                """))
        .isEqualTo(new Health("Progressing", "run 3 of 8: s-3: Measuring"));
  }

  @Test
  void aSuiteWhoseRunsWereAllValidAndWhoseGatePassedIsHealthy() throws IOException {
    assertThat(
            suite(
                """
                status:
                  phase: Succeeded
                  observedGeneration: 1
                  conditions:
                  - {type: Ready, status: "True", reason: Completed, message: "4 runs: 4 valid, 0 invalid, 0 failed"}
                  - {type: Valid, status: "True", reason: AllRunsValid}
                  - {type: Gate, status: "True", reason: Passed}
                """))
        .isEqualTo(
            new Health("Healthy", "Completed: 4 runs: 4 valid, 0 invalid, 0 failed; gate passed"));
  }

  @Test
  void aSuiteWithAFailedGateOrAnInvalidRunIsDegradedSayingBoth() throws IOException {
    assertThat(
            suite(
                """
                status:
                  phase: Succeeded
                  observedGeneration: 1
                  conditions:
                  - {type: Ready, status: "True", reason: Completed}
                  - {type: Valid, status: "False", reason: RunsNotValid, message: "s-2 (invalid)"}
                  - {type: Gate, status: "False", reason: Failed, message: "b: latency.p99<=5% (+50%)"}
                """))
        .isEqualTo(
            new Health(
                "Degraded",
                "Completed, but not valid: RunsNotValid: s-2 (invalid); gate failed: Failed: b:"
                    + " latency.p99<=5% (+50%)"));
  }

  @Test
  void aSuiteThatCouldNotRunIsDegradedWithTheReason() throws IOException {
    assertThat(
            suite(
                """
                status:
                  phase: Failed
                  observedGeneration: 1
                  conditions:
                  - {type: Ready, status: "False", reason: ValidationFailed, message: "spec.gate.rules[0]: unknown figure"}
                """))
        .isEqualTo(
            new Health("Degraded", "Failed: ValidationFailed: spec.gate.rules[0]: unknown figure"));
  }

  private static Health run(String status) throws IOException {
    return health(ArgoCdHealth.RUN, "metadata: {name: r, generation: 1}\n" + status);
  }

  private static Health suite(String status) throws IOException {
    return health(ArgoCdHealth.SUITE, "metadata: {name: s, generation: 1}\n" + status);
  }

  private static Health health(String script, String yaml) throws IOException {
    return ArgoCdHealth.of(script, YAML.readTree(yaml));
  }
}
