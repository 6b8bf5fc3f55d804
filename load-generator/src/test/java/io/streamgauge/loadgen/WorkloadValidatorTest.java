package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class WorkloadValidatorTest {

  static final String VALID =
      """
      bootstrapServers: localhost:9092
      topics:
      - name: input
        ratePerSecond: 100
        record: {format: string, valueSize: {fixed: 1024}, keys: 10}
      """;

  @Test
  void aValidWorkloadHasNoProblems() {
    assertThat(WorkloadValidator.problems(WorkloadReader.parse(VALID, "test"))).isEmpty();
  }

  static final String JOINS =
      """
      bootstrapServers: localhost:9092
      schemaRegistryUrl: http://localhost:8081
      topics:
      - {name: customers, ratePerSecond: 12, record: {format: avro, entity: customer, valueSize: {fixed: 2048}, keys: 100}}
      - {name: products, ratePerSecond: 18, record: {format: avro, entity: product, valueSize: {fixed: 2048}, keys: 10}}
      - {name: orders, ratePerSecond: 120, record: {format: avro, entity: order, valueSize: {fixed: 10240}, keys: 1}}
      - {name: shipments, ratePerSecond: 90, record: {format: avro, entity: shipment, valueSize: {fixed: 5632}, keys: 1}}
      """;

  @Test
  void theStatefulJoinsTablesAreValid() {
    assertThat(WorkloadValidator.problems(WorkloadReader.parse(JOINS, "test"))).isEmpty();
  }

  static Stream<Arguments> badWorkloads() {
    return Stream.of(
        Arguments.of(
            JOINS.replace("schemaRegistryUrl: http://localhost:8081\n", ""),
            "schemaRegistryUrl: required where a topic has a record.entity"),
        Arguments.of(
            JOINS.replace("ratePerSecond: 90", "ratePerSecond: 121"),
            "topics[3].ratePerSecond: shipment n follows order n, so at most the orders' 120.0, got 121.0"),
        Arguments.of(
            JOINS.replace("entity: product", "entity: supplier"),
            "topics[1].record.entity: unknown entity 'supplier' (customer, product, order, shipment, review)"),
        Arguments.of(
            JOINS.replace("format: avro, entity: customer", "format: string, entity: customer"),
            "topics[0].record.entity: only with format avro"),
        Arguments.of(
            JOINS.replace("entity: product", "entity: customer"),
            "topics[1].record.entity: 'customer' is already topics[0]"),
        Arguments.of(
            VALID.replace("ratePerSecond: 100", "ratePerSecond: 0"),
            "topics[0].ratePerSecond: must be greater than 0"),
        Arguments.of(
            VALID.replace("ratePerSecond: 100", "ratePerSecond: -3"),
            "topics[0].ratePerSecond: must be greater than 0"),
        Arguments.of(
            VALID.replace("format: string", "format: json"),
            "topics[0].record.format: unknown format 'json'"),
        Arguments.of(
            VALID.replace("format: string", "format: avro, message: order"),
            "topics[0].record.message: required with format protobuf, and only there"),
        Arguments.of(
            VALID.replace("bootstrapServers: localhost:9092\n", ""), "bootstrapServers: required"),
        Arguments.of(
            VALID.replace("keys: 10", "keys: 0"), "topics[0].record.keys: must be at least 1"),
        Arguments.of(
            VALID.replace("{fixed: 1024}", "{min: 10, max: 5}"),
            "topics[0].record.valueSize: need 1 <= min <= max"),
        Arguments.of(
            VALID.replace("{fixed: 1024}", "{fixed: 5, min: 1, max: 9}"),
            "topics[0].record.valueSize: set either fixed, or min and max"),
        Arguments.of(
            VALID.replace("{fixed: 1024}", "{min: 10, max: 50, mean: 60}"),
            "topics[0].record.valueSize.mean"),
        Arguments.of(VALID + "duration: ten\n", "duration: 'ten' is not a duration"),
        Arguments.of(VALID + "rampUp: slowly\n", "rampUp: 'slowly' is not a duration"),
        Arguments.of(
            VALID.replace("ratePerSecond: 100", "prepopulateRecords: 10")
                + "mode: prepopulate\nrampUp: 10s\n",
            "rampUp: only in run mode"),
        Arguments.of(VALID + "producers: 0\n", "producers: must be at least 1"),
        Arguments.of(
            VALID + "shape: [{seconds: 10, from: 5, to: 5}]\n",
            "shape: only in run mode with a windowsUrl"),
        Arguments.of(
            VALID + "windowsUrl: http://x:1\nshape: [{seconds: 0, from: 5, to: 5}]\n",
            "shape[0].seconds: must be more than 0"),
        Arguments.of(
            VALID + "windowsUrl: http://x:1\nshape: [{seconds: 3, from: -1, to: 5}]\n",
            "shape[0]: factors must be at least 0"),
        Arguments.of(
            VALID + "mode: prepopulate\n", "topics[0].prepopulateRecords: must be at least 1"),
        Arguments.of(
            VALID.replace("keys: 10", "keys: 10, keyDistribution: pareto"),
            "topics[0].record.keyDistribution: unknown 'pareto'"),
        Arguments.of(
            "bootstrapServers: x:1\ntopics: []\n", "topics: at least one topic is required"));
  }

  @ParameterizedTest
  @MethodSource("badWorkloads")
  void badWorkloadsAreReportedWithTheirFieldPath(String yaml, String expected) {
    assertThat(WorkloadValidator.problems(WorkloadReader.parse(yaml, "test")))
        .anySatisfy(p -> assertThat(p).startsWith(expected));
  }

  @Test
  void unknownFieldsAndBadEnumsNameTheirPath() {
    assertThatThrownBy(() -> WorkloadReader.parse(VALID.replace("ratePerSecond", "rate"), "w.yaml"))
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith("w.yaml: topics[0].rate: unknown field");
    assertThatThrownBy(() -> WorkloadReader.parse(VALID + "mode: sprint\n", "w.yaml"))
        .hasMessageStartingWith("w.yaml: mode: 'sprint' is not a valid value");
    assertThatThrownBy(() -> WorkloadReader.parse("topics: [", "w.yaml"))
        .hasMessageStartingWith("w.yaml: not valid YAML or JSON at line 1");
  }
}
