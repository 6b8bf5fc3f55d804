package io.streamgauge.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.fetch.ClusterWait.Kind;
import io.streamgauge.fetch.ClusterWait.Verdict;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** When a run or suite on a cluster has ended, and how, read from its status alone. */
class ClusterWaitTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @Test
  void aResourceIsNamedAsKubectlNamesIt() {
    assertThat(Kind.parse("wc")).isEqualTo(new ClusterWait.Named(Kind.RUN, "wc"));
    assertThat(Kind.parse("br/wc")).isEqualTo(new ClusterWait.Named(Kind.RUN, "wc"));
    assertThat(Kind.parse("BenchmarkSuite/s")).isEqualTo(new ClusterWait.Named(Kind.SUITE, "s"));
    assertThat(Kind.parse("bs/s")).isEqualTo(new ClusterWait.Named(Kind.SUITE, "s"));
    assertThatThrownBy(() -> Kind.parse("br/")).hasMessage("'br/': the name is missing");
    assertThatThrownBy(() -> Kind.parse("pod/x"))
        .hasMessage("'pod/x': expected NAME, benchmarkrun/NAME or benchmarksuite/NAME");
  }

  @Test
  void itHasEndedWhenItsEndedConditionSaysSoAGateWaitingIncluded() throws IOException {
    assertThat(ClusterWait.ended(resource("status: {phase: Measuring}"))).isFalse();
    assertThat(
            ClusterWait.ended(
                resource(
                    """
                    status:
                      phase: Succeeded
                      conditions: [{type: Ended, status: 'False', reason: WaitingForBaseline}]
                    """)))
        .isFalse();
    assertThat(
            ClusterWait.ended(
                resource("status: {phase: Failed, conditions: [{type: Ended, status: 'True'}]}")))
        .isTrue();
  }

  @Test
  void fromAnOperatorWithoutTheEndedConditionASucceededRunWaitsForItsGate() throws IOException {
    assertThat(ClusterWait.ended(resource("status: {phase: Succeeded}"))).isTrue();
    assertThat(
            ClusterWait.ended(resource("spec: {gate: {baseline: b}}\nstatus: {phase: Succeeded}")))
        .isFalse();
    assertThat(
            ClusterWait.ended(
                resource(
                    """
                    spec: {gate: {baseline: b}}
                    status: {phase: Succeeded, conditions: [{type: Gate, status: 'True'}]}
                    """)))
        .isTrue();
    assertThat(ClusterWait.ended(resource("spec: {gate: {baseline: b}}\nstatus: {phase: Failed}")))
        .isTrue();
  }

  @Test
  void theVerdictIsFailedThenGateThenValidity() throws IOException {
    assertThat(verdict(Kind.RUN, "phase: Failed, conditions: [{type: Gate, status: 'False'}]"))
        .isEqualTo(Verdict.FAILED);
    assertThat(
            verdict(
                Kind.RUN,
                "phase: Succeeded, conditions: [{type: Valid, status: 'False'}, {type: Gate,"
                    + " status: 'False'}]"))
        .isEqualTo(Verdict.GATE_FAILED);
    assertThat(verdict(Kind.RUN, "phase: Succeeded, conditions: [{type: Valid, status: 'False'}]"))
        .isEqualTo(Verdict.INVALID);
    assertThat(verdict(Kind.RUN, "phase: Succeeded, conditions: [{type: Valid, status: 'True'}]"))
        .isEqualTo(Verdict.SUCCEEDED);
  }

  @Test
  void aSuiteWhoseEveryRunFailedHasFailedAsALocalSuiteHas() throws IOException {
    assertThat(
            verdict(
                Kind.SUITE,
                "phase: Succeeded, conditions: [{type: Valid, status: 'False', reason:"
                    + " AllRunsFailed}]"))
        .isEqualTo(Verdict.FAILED);
    assertThat(
            verdict(
                Kind.SUITE,
                "phase: Succeeded, conditions: [{type: Valid, status: 'False', reason:"
                    + " RunsNotValid}]"))
        .isEqualTo(Verdict.INVALID);
  }

  @Test
  void theProgressLineIsTheOperatorsAfterItsPhaseWhenItDoesNotStartWithIt() throws IOException {
    assertThat(ClusterWait.progressLine(resource("metadata: {name: r}")))
        .isEqualTo("waiting for the Streamgauge operator to accept it");
    assertThat(
            ClusterWait.progressLine(
                resource("status: {phase: Measuring, progress: Measuring 1m/2m}")))
        .isEqualTo("Measuring 1m/2m");
    assertThat(
            ClusterWait.progressLine(resource("status: {phase: Repeating, progress: run 2 of 3}")))
        .isEqualTo("Repeating: run 2 of 3");
  }

  @Test
  void anEndedRunIsDescribedByItsPhaseWhyItFailedAndItsVerdicts() throws IOException {
    JsonNode failed =
        resource(
            "status: {phase: Failed, conditions: [{type: Ended, status: 'True'}, {type: Ready,"
                + " status: 'False', reason: AppFailed, message: OOMKilled}]}");
    JsonNode gated =
        resource(
            "status: {phase: Succeeded, conditions: [{type: Gate, status: 'False', reason: Failed,"
                + " message: 'latency.p99<=5% (+27%)'}, {type: Ready, status: 'True'}, {type: Valid,"
                + " status: 'True'}]}");

    assertThat(new ClusterWait.Ended(failed, Verdict.FAILED).describe())
        .isEqualTo("Failed, AppFailed: OOMKilled");
    assertThat(new ClusterWait.Ended(gated, Verdict.GATE_FAILED).describe())
        .isEqualTo("Succeeded, Valid True, Gate False (Failed: latency.p99<=5% (+27%))");
  }

  private static Verdict verdict(Kind kind, String status) throws IOException {
    return ClusterWait.verdict(kind, resource("status: {" + status + "}"));
  }

  private static JsonNode resource(String yaml) throws IOException {
    return YAML.readTree(yaml);
  }
}
