package io.streamgauge.testing;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Invalid BenchmarkRun specs, each wrong in one way, with the field the error must name: checked
 * against the real API server ({@code BenchmarkRunCrdIT}) and the local validator ({@code
 * CrdSchemaValidatorTest}), so both reject the same input naming the same field.
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
        invalid(
            "zero rate", VALID + topic("ratePerSecond: 0"), "spec.load.topics[0].ratePerSecond"),
        invalid("unknown scenario", VALID.replace("wordcount", "word-count"), "spec.scenario"),
        invalid("warmup: abc", VALID + "schedule:\n  warmup: abc\n", "spec.schedule.warmup"),
        invalid(
            "measurement without unit",
            VALID + "schedule:\n  measurement: \"10\"\n",
            "spec.schedule.measurement"),
        invalid(
            "a measurement of more than 30 days",
            VALID + "schedule:\n  measurement: 721h\n",
            "spec.schedule.measurement"),
        invalid(
            "a measurement too long for any clock",
            VALID + "schedule:\n  measurement: 999999999999999999h\n",
            "spec.schedule.measurement"),
        invalid(
            "a time to live of more than 30 days",
            VALID + "cleanup:\n  ttlAfterFinished: 721h\n",
            "spec.cleanup.ttlAfterFinished"),
        invalid(
            "a scrape interval of more than 30 days",
            VALID + "prometheus:\n  scrapeInterval: 43201m\n",
            "spec.prometheus.scrapeInterval"),
        invalid(
            "zero partitions", VALID + topic("partitions: 0"), "spec.load.topics[0].partitions"),
        invalid(
            "empty app image", VALID.replace("example.invalid/app:1", "\"\""), "spec.app.image"),
        invalid(
            "external and provision both set",
            VALID
                + "kafka:\n  provision: {replicas: 3}\n  external: {bootstrapServers: \"kafka:9092\"}\n",
            "spec.kafka"),
        invalid(
            "a produced share above 1",
            VALID + "checks:\n  minProducedShare: 1.5\n",
            "spec.checks.minProducedShare"),
        invalid(
            "a CPU coverage above 1",
            VALID + "checks:\n  minCpuCoverage: 1.01\n",
            "spec.checks.minCpuCoverage"),
        invalid(
            "a negative CPU coverage",
            VALID + "checks:\n  minCpuCoverage: -0.01\n",
            "spec.checks.minCpuCoverage"),
        invalid(
            "a throttled share above 1",
            VALID + "checks:\n  maxCpuThrottledShare: 2\n",
            "spec.checks.maxCpuThrottledShare"),
        invalid(
            "a publish delay bound of 0",
            VALID + "checks:\n  maxPublishDelayP99Ms: 0\n",
            "spec.checks.maxPublishDelayP99Ms"),
        invalid(
            "negative latency samples",
            VALID + "checks:\n  minLatencySamples: -1\n",
            "spec.checks.minLatencySamples"),
        invalid("zero producers", VALID + "load:\n  producers: 0\n", "spec.load.producers"),
        invalid("65 producers", VALID + "load:\n  producers: 65\n", "spec.load.producers"),
        invalid(
            "1001 partitions", VALID + topic("partitions: 1001"), "spec.load.topics[0].partitions"),
        invalid(
            "a rate above 64 producers' worth",
            VALID + topic("ratePerSecond: 3200001"),
            "spec.load.topics[0].ratePerSecond"),
        invalid(
            "a value larger than Kafka's default largest record",
            VALID + topic("record: {valueSize: {fixed: 1000001}}"),
            "spec.load.topics[0].record.valueSize.fixed"),
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
            "the same input topic twice",
            VALID + "load:\n  topics:\n  - name: input\n  - name: input\n",
            "spec.load.topics"),
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
            "min above max",
            VALID + topic("record: {valueSize: {min: 30, max: 20}}"),
            "spec.load.topics[0].record.valueSize"),
        invalid(
            "timeout shorter than the windows",
            VALID + "schedule: {warmup: 10m, measurement: 10m, timeout: 15m}\n",
            "spec.schedule"),
        invalid(
            "a pause without its duration",
            VALID + "faults: [{type: PauseApp, at: 10s}]\n",
            "spec.faults[0]"),
        invalid(
            "a kill with a duration",
            VALID + "faults: [{type: KillApp, at: 10s, duration: 5s}]\n",
            "spec.faults[0]"),
        invalid(
            "an unknown fault",
            VALID + "faults: [{type: DelayNetwork, at: 10s}]\n",
            "spec.faults[0].type"),
        invalid(
            "a capacity search with repetitions",
            VALID + "repetitions: 2\ncapacity: {latencyP99MaxMs: 500}\n",
            "spec"),
        invalid(
            "a capacity search of a state restoration",
            VALID.replace("wordcount", "state-restoration") + "capacity: {latencyP99MaxMs: 500}\n",
            "spec"),
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
            "zero kafka replicas",
            VALID + "kafka:\n  provision: {replicas: 0}\n",
            "spec.kafka.provision.replicas"),
        invalid("zero repetitions", VALID + "repetitions: 0\n", "spec.repetitions"),
        invalid("100 repetitions", VALID + "repetitions: 100\n", "spec.repetitions"),
        invalid(
            "a gate without a baseline",
            VALID + "gate:\n  rules: [\"latency.p99<=5%\"]\n",
            "spec.gate.baseline"),
        invalid("a gate without rules", VALID + "gate:\n  baseline: base\n", "spec.gate.rules"));
  }

  /**
   * Specs exactly at a bound the cases above step past, each of which must be accepted: the other
   * side of those bounds (a bound tightened by one step fails here).
   */
  public static Stream<Arguments> atTheirBounds() {
    return Stream.of(
        Arguments.of("a measurement of 30 days", VALID + "schedule:\n  measurement: 720h\n"),
        Arguments.of("a time to live of 30 days", VALID + "cleanup:\n  ttlAfterFinished: 720h\n"),
        Arguments.of(
            "a scrape interval of 30 days", VALID + "prometheus:\n  scrapeInterval: 43200m\n"),
        Arguments.of("a produced share of 1", VALID + "checks:\n  minProducedShare: 1\n"),
        Arguments.of("a throttled share of 1", VALID + "checks:\n  maxCpuThrottledShare: 1\n"),
        Arguments.of("a throttled share of 0", VALID + "checks:\n  maxCpuThrottledShare: 0\n"),
        Arguments.of("a CPU coverage of 1", VALID + "checks:\n  minCpuCoverage: 1\n"),
        Arguments.of("a CPU coverage of 0", VALID + "checks:\n  minCpuCoverage: 0\n"),
        Arguments.of("one partition", VALID + topic("partitions: 1")));
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
