package io.streamgauge.testing;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Invalid BenchmarkRun specs, each wrong in one way, with the field the error must name: checked
 * against the real API server ({@code BenchmarkRunCrdIT}) and the local validator ({@code
 * CrdSchemaValidatorTest}), so both reject the same input naming the same field. The bounds of
 * single fields, from both sides, are {@link CrdEdges}'; these are the other ways a spec is wrong.
 */
public final class InvalidSpecs {

  /** A valid spec body; each invalid case changes one thing. */
  public static final String VALID =
      """
      scenario: wordcount
      processingGuarantee: exactly_once_v2
      app:
        image: example.invalid/app:1
      """;

  private InvalidSpecs() {}

  /** Each case: why, the spec body, the field the error must name. */
  public static Stream<Arguments> cases() {
    return Stream.of(
        invalid(
            "negative rate",
            VALID + topic("ratePerSecond: -5"),
            "spec.load.topics[0].ratePerSecond"),
        invalid("unknown scenario", VALID.replace("wordcount", "word-count"), "spec.scenario"),
        invalid("warmup: abc", VALID + "schedule:\n  warmup: abc\n", "spec.schedule.warmup"),
        invalid(
            "measurement without unit",
            VALID + "schedule:\n  measurement: \"10\"\n",
            "spec.schedule.measurement"),
        invalid(
            "a measurement too long for any clock",
            VALID + "schedule:\n  measurement: 999999999999999999h\n",
            "spec.schedule.measurement"),
        invalid(
            "empty app image", VALID.replace("example.invalid/app:1", "\"\""), "spec.app.image"),
        invalid(
            "a produced share above 1",
            VALID + "checks:\n  minProducedShare: 1.5\n",
            "spec.checks.minProducedShare"),
        invalid(
            "a throttled share above 1",
            VALID + "checks:\n  maxCpuThrottledShare: 2\n",
            "spec.checks.maxCpuThrottledShare"),
        invalid(
            "a rate above 64 producers' worth",
            VALID + topic("ratePerSecond: 3200001"),
            "spec.load.topics[0].ratePerSecond"),
        invalid(
            "protobuf records without a message",
            VALID + topic("record: {format: protobuf, valueSize: {fixed: 2048}}"),
            "spec.load.topics[0].record"),
        invalid(
            "a message on text records",
            VALID + topic("record: {format: text, message: order, valueSize: {fixed: 100}}"),
            "spec.load.topics[0].record"),
        invalid(
            "an unknown protobuf message",
            VALID + topic("record: {format: protobuf, message: invoice, valueSize: {fixed: 100}}"),
            "spec.load.topics[0].record.message"),
        invalid(
            "unknown guarantee",
            VALID.replace("exactly_once_v2", "exactly_once"),
            "spec.processingGuarantee"),
        invalid("missing scenario", VALID.replace("scenario: wordcount\n", ""), "spec.scenario"),
        invalid(
            "missing guarantee",
            VALID.replace("processingGuarantee: exactly_once_v2\n", ""),
            "spec.processingGuarantee"),
        invalid(
            "missing app", "scenario: wordcount\nprocessingGuarantee: at_least_once\n", "spec.app"),
        invalid(
            "unknown cleanup policy",
            VALID + "cleanup:\n  policy: Sometimes\n",
            "spec.cleanup.policy"),
        invalid(
            "unknown record format",
            VALID + topic("record: {format: json}"),
            "spec.load.topics[0].record.format"),
        invalid(
            "topic name with a space",
            VALID + "load:\n  topics:\n  - name: \"in put\"\n",
            "spec.load.topics[0].name"),
        invalid(
            "topic without a name",
            VALID + "load:\n  topics:\n  - partitions: 3\n",
            "spec.load.topics[0].name"),
        invalid(
            "fixed size and a range",
            VALID + topic("record: {valueSize: {fixed: 10, min: 1, max: 20}}"),
            "spec.load.topics[0].record.valueSize"),
        invalid(
            "timeout shorter than the windows",
            VALID + "schedule: {warmup: 10m, measurement: 10m, timeout: 15m}\n",
            "spec.schedule"),
        invalid(
            "a kill with a duration",
            VALID + "faults: [{type: KillApp, at: 10s, duration: 5s}]\n",
            "spec.faults[0]"),
        invalid(
            "an unknown fault",
            VALID + "faults: [{type: DelayNetwork, at: 10s}]\n",
            "spec.faults[0].type"),
        invalid(
            "a capacity search without its p99 bound",
            VALID + "capacity: {resolution: 0.05}\n",
            "spec.capacity.latencyP99MaxMs"),
        invalid(
            "a capacity resolution above 1",
            VALID + "capacity: {latencyP99MaxMs: 500, resolution: 5}\n",
            "spec.capacity.resolution"),
        invalid(
            "unknown isolation level",
            VALID + "latency: {isolationLevel: none}\n",
            "spec.latency.isolationLevel"),
        invalid(
            "metrics port out of range",
            VALID.replace("app:\n", "app:\n  metrics: {port: 70000}\n"),
            "spec.app.metrics.port"),
        invalid(
            "bootstrap without a port",
            VALID + "kafka:\n  external: {bootstrapServers: kafka}\n",
            "spec.kafka.external.bootstrapServers"),
        invalid("producers as text", VALID + "load:\n  producers: two\n", "spec.load.producers"),
        invalid(
            "min without max",
            VALID + topic("record: {valueSize: {min: 10}}"),
            "spec.load.topics[0].record.valueSize"),
        invalid(
            "mean outside the range",
            VALID + topic("record: {valueSize: {min: 10, max: 20, mean: 30}}"),
            "spec.load.topics[0].record.valueSize"),
        invalid(
            "tls authentication without a certificate and key",
            VALID + external("tls: " + CA + ", authentication: {type: tls}"),
            "spec.kafka.external.authentication"),
        invalid(
            "tls authentication without tls",
            VALID
                + external(
                    "authentication: {type: tls, certificateAndKey: {secretName: u, certificate:"
                        + " u.crt, key: u.key}}"),
            "spec.kafka.external"),
        invalid(
            "scram without a password",
            VALID + external("authentication: {type: scram-sha-512, username: alice}"),
            "spec.kafka.external.authentication"),
        invalid(
            "a username a JAAS string cannot carry",
            VALID
                + external(
                    "authentication: {type: plain, username: 'al\"ice', passwordSecret:"
                        + " {secretName: alice, password: password}}"),
            "spec.kafka.external.authentication.username"),
        invalid(
            "a Secret name that is no DNS subdomain",
            VALID
                + external(
                    "tls: {trustedCertificates: [{secretName: Kafka_CA, certificate: ca.crt}]}"),
            "spec.kafka.external.tls.trustedCertificates[0].secretName"),
        invalid(
            "a gate without a baseline",
            VALID + "gate:\n  rules: [\"latency.p99<=5%\"]\n",
            "spec.gate.baseline"),
        invalid("a gate without rules", VALID + "gate:\n  baseline: base\n", "spec.gate.rules"));
  }

  private static final String CA =
      "{trustedCertificates: [{secretName: kafka-ca, certificate: ca.crt}]}";

  private static String external(String fields) {
    return "kafka:\n  external: {bootstrapServers: \"kafka:9093\", " + fields + "}\n";
  }

  private static String topic(String field) {
    return "load:\n  topics:\n  - name: input\n    " + field + "\n";
  }

  private static Arguments invalid(String why, String spec, String field) {
    return Arguments.of(why, spec, field);
  }
}
