package io.streamgauge.testing;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Invalid BenchmarkSuite specs, each wrong in one way, with the field the error must name and what
 * it must say: checked against the real API server ({@code BenchmarkSuiteCrdIT}) and the local
 * validator ({@code CrdSchemaValidatorTest}).
 */
public final class InvalidSuites {

  /** A valid suite body: two variants of a template, the first the baseline, a gate. */
  public static final String VALID =
      """
      template:
        scenario: stateless-simple
        processingGuarantee: exactly_once_v2
        app:
          image: example.invalid/app:1
      matrix:
        variants:
          - name: a
          - name: b
            config: {commit.interval.ms: "400"}
      repetitions: 2
      baseline: a
      gate:
        rules: ["latency.p99<=5%"]
      """;

  private InvalidSuites() {}

  /** Each case: why, the spec body, the field the error must name, what it must say. */
  public static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            "a baseline that is no variant",
            VALID.replace("baseline: a", "baseline: c"),
            "spec",
            "baseline: must name one of spec.matrix.variants"),
        Arguments.of(
            "a gate without a baseline",
            VALID.replace("baseline: a\n", ""),
            "spec",
            "gate: needs spec.baseline"),
        Arguments.of(
            "repetitions in the template",
            VALID.replace("  processingGuarantee:", "  repetitions: 3\n  processingGuarantee:"),
            "spec",
            "template.repetitions and template.gate"),
        Arguments.of(
            "a capacity search in the template",
            VALID.replace(
                "  processingGuarantee:",
                "  capacity: {latencyP99MaxMs: 500}\n  processingGuarantee:"),
            "spec",
            "template.capacity"),
        Arguments.of(
            "two variants of one name",
            VALID.replace("- name: b", "- name: a"),
            "spec.matrix.variants",
            "variant names must be unique"),
        Arguments.of(
            "more than 999 runs",
            VALID
                .replace("repetitions: 2", "repetitions: 99")
                .replace("matrix:\n", "matrix:\n  rateScales: [0.25, 0.5, 0.75, 1, 1.25, 1.5]\n"),
            "spec",
            "at most 999 runs"),
        Arguments.of(
            "a rate scale of 0",
            VALID.replace("matrix:\n", "matrix:\n  rateScales: [0]\n"),
            "spec.matrix.rateScales",
            "every rate scale must be greater than 0"),
        Arguments.of(
            "a variant name with capitals",
            VALID.replace("- name: b", "- name: B"),
            "spec.matrix.variants[1].name",
            ""),
        Arguments.of(
            "no template", VALID.substring(VALID.indexOf("matrix:")), "spec.template", ""));
  }
}
