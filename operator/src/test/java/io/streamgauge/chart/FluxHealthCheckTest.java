package io.streamgauge.chart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chart's Flux health checks tell every state of a run or suite apart (exactly one of
 * inProgress, failed and current holds), and a Kustomization waiting on them never reads Current
 * for an invalid measurement or a failed gate.
 */
class FluxHealthCheckTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  static Stream<Arguments> states() {
    return Stream.of(
        Arguments.of("BenchmarkRun", "status: {phase: Pending}", "InProgress"),
        Arguments.of(
            "BenchmarkRun",
            "status: {phase: Measuring, conditions: [{type: Ended, status: 'False'}]}",
            "InProgress"),
        Arguments.of(
            "BenchmarkRun",
            """
            status:
              phase: Succeeded
              conditions:
              - {type: Ended, status: 'True'}
              - {type: Valid, status: 'True'}
            """,
            "Current"),
        Arguments.of(
            "BenchmarkRun",
            """
            status:
              phase: Failed
              conditions: [{type: Ended, status: 'True'}, {type: Ready, status: 'False'}]
            """,
            "Failed"),
        Arguments.of(
            "BenchmarkRun",
            """
            status:
              phase: Succeeded
              conditions: [{type: Ended, status: 'True'}, {type: Valid, status: 'False'}]
            """,
            "Failed"),
        Arguments.of(
            "BenchmarkRun",
            """
            status:
              phase: Succeeded
              conditions:
              - {type: Ended, status: 'False', reason: WaitingForBaseline}
              - {type: Valid, status: 'True'}
              - {type: Gate, status: Unknown}
            """,
            "InProgress"),
        Arguments.of(
            "BenchmarkRun",
            """
            status:
              phase: Succeeded
              conditions:
              - {type: Ended, status: 'True'}
              - {type: Valid, status: 'True'}
              - {type: Gate, status: 'False'}
            """,
            "Failed"),
        Arguments.of("BenchmarkSuite", "status: {phase: Running}", "InProgress"),
        Arguments.of(
            "BenchmarkSuite",
            """
            status:
              phase: Succeeded
              conditions:
              - {type: Ended, status: 'True'}
              - {type: Valid, status: 'True'}
              - {type: Gate, status: 'True'}
            """,
            "Current"),
        Arguments.of(
            "BenchmarkSuite",
            """
            status:
              phase: Succeeded
              conditions:
              - {type: Ended, status: 'True'}
              - {type: Valid, status: 'False'}
              - {type: Gate, status: 'True'}
            """,
            "Failed"),
        Arguments.of(
            "BenchmarkSuite",
            "status: {phase: Failed, conditions: [{type: Ended, status: 'True'}]}",
            "Failed"));
  }

  @ParameterizedTest(name = "{0} {2}: {1}")
  @MethodSource("states")
  void eachStateIsExactlyOneOfInProgressFailedAndCurrent(String kind, String status, String flux)
      throws IOException {
    String resource =
        "apiVersion: streamgauge.io/v1alpha1\nkind: "
            + kind
            + "\nmetadata: {name: r, generation: 1}\n"
            + status;

    assertThat(FluxHealth.of(YAML.readTree(resource))).isEqualTo(flux);
  }
}
