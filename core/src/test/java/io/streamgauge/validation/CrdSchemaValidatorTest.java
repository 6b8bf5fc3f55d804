package io.streamgauge.validation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.testing.BoundEdge;
import io.streamgauge.testing.CrdEdges;
import io.streamgauge.testing.InvalidSpecs;
import io.streamgauge.testing.InvalidSuites;
import io.streamgauge.testing.RepoFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The local validator rejects what the API server rejects (the same {@link InvalidSpecs} table runs
 * against a real API server in {@code BenchmarkRunCrdIT}), with the API server's messages.
 */
class CrdSchemaValidatorTest {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private final CrdSchemaValidator validator = CrdSchemaValidator.benchmarkRun();

  static Stream<Arguments> invalidSpecs() {
    return InvalidSpecs.cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidSpecs")
  void rejectsWhatTheApiServerRejectsNamingTheSameField(String why, String spec, String field) {
    assertThat(validator.problems(yaml(spec)))
        .as(why)
        .anySatisfy(p -> assertThat(p).startsWith(field + ":"));
  }

  static Stream<Arguments> invalidSuites() {
    return InvalidSuites.cases();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidSuites")
  void rejectsTheSuitesTheApiServerRejects(String why, String spec, String field, String says) {
    assertThat(CrdSchemaValidator.benchmarkSuite().problems(yaml(spec)))
        .as(why)
        .anySatisfy(p -> assertThat(p).startsWith(field + ":").contains(says));
  }

  @Test
  void acceptsAValidSuiteAndEveryExampleSuite() throws IOException {
    CrdSchemaValidator suites = CrdSchemaValidator.benchmarkSuite();
    assertThat(suites.problems(yaml(InvalidSuites.VALID))).isEmpty();
    for (Path example : RepoFiles.exampleSuites()) {
      assertThat(suites.problems(YAML.readTree(example.toFile()).path("spec")))
          .as(example.toString())
          .isEmpty();
    }
    assertThat(RepoFiles.exampleSuites()).isNotEmpty();
  }

  static Stream<BoundEdge> runEdges() {
    return CrdEdges.runs().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runEdges")
  void acceptsARunJustInsideEachBoundAndRefusesItJustPast(BoundEdge edge) {
    assertThat(validator.problems(yaml(edge.inside()))).as("inside").isEmpty();
    assertThat(validator.problems(yaml(edge.past())))
        .as("past")
        .anySatisfy(p -> assertThat(p).startsWith(edge.field() + ":").contains(edge.says()));
  }

  static Stream<BoundEdge> suiteEdges() {
    return CrdEdges.suites().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("suiteEdges")
  void acceptsASuiteJustInsideEachBoundAndRefusesItJustPast(BoundEdge edge) {
    CrdSchemaValidator suites = CrdSchemaValidator.benchmarkSuite();
    assertThat(suites.problems(yaml(edge.inside()))).as("inside").isEmpty();
    assertThat(suites.problems(yaml(edge.past())))
        .as("past")
        .anySatisfy(p -> assertThat(p).startsWith(edge.field() + ":").contains(edge.says()));
  }

  /**
   * The edge tables hold every bound the schemas have, and no bound they lack: a bound added to the
   * API without its two edges fails here, as does an edge left behind by a bound removed. The
   * suite's template is the run's spec schema (its edges are the run's).
   */
  @Test
  void everyBoundOfBothSchemasHasItsEdgeTested() {
    assertEveryBoundHasAnEdge(validator.specSchema(), CrdEdges.runs(), "");
    assertEveryBoundHasAnEdge(
        CrdSchemaValidator.benchmarkSuite().specSchema(), CrdEdges.suites(), "spec.template");
  }

  private static void assertEveryBoundHasAnEdge(
      JsonNode schema, List<BoundEdge> edges, String skipped) {
    List<SchemaBound> bounds = SchemaBound.of(schema, skipped);
    assertThat(bounds).hasSizeGreaterThan(10);
    assertThat(bounds)
        .allSatisfy(
            b ->
                assertThat(edges)
                    .as("an edge for %s %s", b.field(), b.bound())
                    .anyMatch(e -> e.covers(b.field(), b.bound())));
    assertThat(edges)
        .allSatisfy(
            e ->
                assertThat(bounds)
                    .as("a bound of the schema for the edge %s", e)
                    .anyMatch(b -> e.covers(b.field(), b.bound())));
  }

  @Test
  void acceptsAValidSpec() {
    assertThat(validator.problems(yaml(InvalidSpecs.VALID))).isEmpty();
  }

  static Stream<Path> examples() {
    return RepoFiles.exampleRuns().stream();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void acceptsEveryExample(Path example) throws IOException {
    assertThat(validator.problems(YAML.readTree(example.toFile()).path("spec"))).isEmpty();
  }

  @Test
  void messagesReadLikeTheApiServers() {
    String spec =
        InvalidSpecs.VALID
            + "load:\n  producers: 0\n  topics:\n  - name: input\n    ratePerSecond: -5\n"
            + "cleanup: {policy: Sometimes}\n"
            + "kafka:\n  provision: {replicas: 3}\n  external: {bootstrapServers: \"k:9092\"}\n";

    assertThat(validator.problems(yaml(spec)))
        .containsExactlyInAnyOrder(
            "spec.load.producers: Invalid value: 0: should be greater than or equal to 1",
            "spec.load.topics[0].ratePerSecond: Invalid value: -5: should be greater than 0",
            "spec.cleanup.policy: Unsupported value: \"Sometimes\": supported values:"
                + " \"Always\", \"Never\", \"OnSuccess\"",
            "spec.kafka: Invalid value: \"object\": provision and external are mutually"
                + " exclusive; set one of them");
  }

  @Test
  void unknownFieldsAreErrorsAsWithKubectlApply() {
    assertThat(validator.problems(yaml(InvalidSpecs.VALID + "scenarios: x\n")))
        .containsExactly("spec.scenarios: unknown field \"spec.scenarios\"");
  }

  @Test
  void aMissingSpecIsRequired() {
    assertThat(validator.problems(null)).containsExactly("spec: Required value");
  }

  @Test
  void requiredFieldsAreListedTogether() {
    assertThat(validator.problems(yaml("app: {}\n")))
        .containsExactlyInAnyOrder(
            "spec.scenario: Required value", "spec.processingGuarantee: Required value");
  }

  @Test
  void durationsInRulesAreComparedAsCelDurations() {
    JsonNode schedule = validator.specSchema().at("/properties/schedule");
    String rule = schedule.at("/x-kubernetes-validations/0/rule").asText();

    assertThat(
            CrdRules.holds(rule, yaml("{warmup: 1h30m, measurement: 10m, timeout: 2h}"), schedule))
        .isTrue();
    assertThat(
            CrdRules.holds(rule, yaml("{warmup: 1h30m, measurement: 30m, timeout: 2h}"), schedule))
        .isFalse();
    assertThat(
            CrdRules.holds(
                rule,
                yaml("{catchUp: 2m, warmup: 30s, measurement: 30s, timeout: 3m30s}"),
                schedule))
        .isTrue();
    assertThat(
            CrdRules.holds(
                rule, yaml("{catchUp: 2m, warmup: 30s, measurement: 30s, timeout: 3m}"), schedule))
        .as("the catch-up counts against the timeout")
        .isFalse();
  }

  private static JsonNode yaml(String text) {
    try {
      return YAML.readTree(text);
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }
}
