package io.streamgauge.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Every bound of the BenchmarkRun and BenchmarkSuite CRDs at its edge ({@link BoundEdge}), written
 * out by hand: the values here are the documented bounds, so the schema cannot drift from them
 * unnoticed. Checked against the local validator ({@code CrdSchemaValidatorTest}, which also fails
 * when the schema has a bound this table lacks) and the real API server ({@code BenchmarkRunCrdIT},
 * {@code BenchmarkSuiteCrdIT}).
 */
public final class CrdEdges {

  private static final String AT_MOST_720H = "rule: must be at most 720h";
  private static final List<String> QUERIES =
      List.of(
          "cpuCores", "gcPauseMaxSeconds", "gcPauseSeconds", "heapBytes", "memoryBytes", "threads");

  private CrdEdges() {}

  /** The BenchmarkRun's bounds (spec.*). */
  public static List<BoundEdge> runs() {
    Edges e = new Edges(InvalidSpecs.VALID);
    e.add("spec.app.image", "minLength 1", "{app: {image: %s}}", "a", "''");
    e.add("spec.app.jvmOptions", "maxItems 64", "{app: {jvmOptions: %s}}", list(64), list(65));
    e.range("spec.app.replicas", 1, 16, "{app: {replicas: %s}}");
    e.range("spec.app.metrics.port", 1, 65535, "{app: {metrics: {port: %s}}}");
    for (String query : QUERIES) {
      e.maxLength(
          "spec.app.metrics.queries." + query,
          2000,
          "{app: {metrics: {queries: {" + query + ": %s}}}}");
    }

    String capacity = "{capacity: {latencyP99MaxMs: 500, %s}}";
    e.range("spec.capacity.confirmations", 1, 9, capacity.formatted("confirmations: %s"));
    e.range("spec.capacity.maxProbes", 2, 99, capacity.formatted("maxProbes: %s"));
    e.add(
        "spec.capacity.cpuLimits",
        "maxItems 8",
        capacity.formatted("cpuLimits: %s"),
        list(8),
        list(9));
    e.add(
        "spec.capacity.instances",
        "maxItems 8",
        capacity.formatted("instances: %s"),
        list(8, "1"),
        list(9, "1"));
    e.add(
        "spec.capacity.instances",
        "rule: each instance count is from 1 to 16",
        capacity.formatted("instances: %s"),
        "[1, 16]",
        "[1, 17]");
    e.positive("spec.capacity.latencyP99MaxMs", "{capacity: {latencyP99MaxMs: %s}}");
    e.positive("spec.capacity.maxRatePerSecond", capacity.formatted("maxRatePerSecond: %s"));
    e.positive("spec.capacity.startRatePerSecond", capacity.formatted("startRatePerSecond: %s"));
    e.positive("spec.capacity.resolution", capacity.formatted("resolution: %s"));
    e.add(
        "spec.capacity.resolution",
        "maximum 1",
        capacity.formatted("resolution: %s"),
        "1",
        "1.001");

    e.positive("spec.checks.maxBacklogAtStartSeconds", "{checks: {maxBacklogAtStartSeconds: %s}}");
    e.positive("spec.checks.maxLagGrowthShare", "{checks: {maxLagGrowthShare: %s}}");
    e.positive("spec.checks.maxPublishDelayP99Ms", "{checks: {maxPublishDelayP99Ms: %s}}");
    e.positive("spec.checks.minProducedShare", "{checks: {minProducedShare: %s}}");
    e.add(
        "spec.checks.minProducedShare",
        "maximum 1",
        "{checks: {minProducedShare: %s}}",
        "1",
        "1.001");
    e.share("spec.checks.maxCpuThrottledShare", "{checks: {maxCpuThrottledShare: %s}}");
    e.share("spec.checks.minCpuCoverage", "{checks: {minCpuCoverage: %s}}");
    e.add(
        "spec.checks.minLatencySamples",
        "minimum 0",
        "{checks: {minLatencySamples: %s}}",
        "0",
        "-1");

    e.duration("spec.cleanup.ttlAfterFinished", "{cleanup: {ttlAfterFinished: %s}}");
    String kill = "{type: KillApp, at: 10s}";
    e.add("spec.faults", "maxItems 8", "{faults: %s}", list(8, kill), list(9, kill));
    e.duration("spec.faults[0].at", "{faults: [{type: KillApp, at: %s}]}");
    e.duration("spec.faults[0].duration", "{faults: [{type: PauseApp, at: 10s, duration: %s}]}");
    e.add(
        "spec.faults[0]",
        "rule: a PauseApp fault needs a duration",
        "{faults: [{type: PauseApp, at: 10s%s}]}",
        ", duration: 5s",
        "");
    e.range("spec.faults[0].instance", 0, 15, "{faults: [{type: KillApp, at: 10s, instance: %s}]}");
    e.add(
        "spec.faults[0]",
        "rule: a RollBroker fault hits a broker, not an app instance",
        "{faults: [{type: RollBroker, at: 10s%s}]}",
        "",
        ", instance: 0");

    String gate = "{gate: {baseline: base, rules: %s}}";
    e.add(
        "spec.gate.baseline",
        "maxLength 63",
        "{gate: {baseline: %s, rules: [cpu<=5%%]}}",
        "b".repeat(63),
        "b".repeat(64));
    e.add("spec.gate.rules", "minItems 1", gate, list(1, "cpu<=5%"), "[]");
    e.add("spec.gate.rules", "maxItems 32", gate, list(32, "cpu<=5%"), list(33, "cpu<=5%"));

    String certificate = "{secretName: ca, certificate: ca.crt}";
    String external = "{kafka: {external: {bootstrapServers: 'kafka:9093', %s}}}";
    e.add(
        "spec.kafka.external.tls.trustedCertificates",
        "minItems 1",
        external.formatted("tls: {trustedCertificates: %s}"),
        list(1, certificate),
        "[]");
    e.add(
        "spec.kafka.external.tls.trustedCertificates",
        "maxItems 8",
        external.formatted("tls: {trustedCertificates: %s}"),
        list(8, certificate),
        list(9, certificate));
    String tls = "tls: {trustedCertificates: [" + certificate + "]}";
    String clientCertificate = "certificateAndKey: {secretName: u, certificate: u.crt, key: u.key}";
    e.add(
        "spec.kafka.external",
        "rule: authentication.type tls needs tls",
        external.formatted("%s authentication: {type: tls, " + clientCertificate + "}"),
        tls + ",",
        "");
    e.add(
        "spec.kafka.external.authentication",
        "rule: type tls takes certificateAndKey",
        external.formatted(tls + ", authentication: {type: tls %s}"),
        ", " + clientCertificate,
        "");
    e.add(
        "spec.kafka",
        "rule: provision and external are mutually exclusive",
        "{kafka: {external: {bootstrapServers: 'kafka:9092'} %s}}",
        "",
        ", provision: {replicas: 1}");
    e.range("spec.kafka.provision.replicas", 1, 9, "{kafka: {provision: {replicas: %s}}}");

    e.add("spec.latency.topics", "maxItems 32", "{latency: {topics: %s}}", list(32), list(33));

    e.range("spec.load.producers", 1, 64, "{load: {producers: %s}}");
    e.add(
        "spec.load.shape",
        "rule: set exactly one of burst, steps and ramp",
        "{load: {shape: %s}}",
        "{ramp: {fromFactor: 1, toFactor: 2}}",
        "{ramp: {fromFactor: 1, toFactor: 2}, steps: [{factor: 1, duration: 10s}]}");
    String burst = "{load: {shape: {burst: {%s}}}}";
    e.positive(
        "spec.load.shape.burst.factor", burst.formatted("factor: %s, length: 5s, period: 1m"));
    e.add(
        "spec.load.shape.burst.factor",
        "maximum 100",
        burst.formatted("factor: %s, length: 5s, period: 1m"),
        "100",
        "100.001");
    e.shortDuration(
        "spec.load.shape.burst.length", burst.formatted("factor: 2, length: %s, period: 1m"));
    e.shortDuration(
        "spec.load.shape.burst.period", burst.formatted("factor: 2, length: 5s, period: %s"));
    e.add(
        "spec.load.shape.burst",
        "rule: length must be shorter than period (the base rate runs between bursts)",
        burst.formatted("factor: 2, length: %s, period: 1m"),
        "59s",
        "1m");
    String steps = "{load: {shape: {steps: %s}}}";
    e.add("spec.load.shape.steps", "minItems 1", steps, "[{factor: 1, duration: 10s}]", "[]");
    e.add(
        "spec.load.shape.steps",
        "maxItems 20",
        steps,
        list(20, "{factor: 1, duration: 1s}"),
        list(21, "{factor: 1, duration: 1s}"));
    String step = "{load: {shape: {steps: [{%s}]}}}";
    e.factor("spec.load.shape.steps[0].factor", step.formatted("factor: %s, duration: 10s"));
    e.shortDuration("spec.load.shape.steps[0].duration", step.formatted("factor: 1, duration: %s"));
    String ramp = "{load: {shape: {ramp: {%s}}}}";
    e.factor("spec.load.shape.ramp.fromFactor", ramp.formatted("fromFactor: %s, toFactor: 1"));
    e.factor("spec.load.shape.ramp.toFactor", ramp.formatted("fromFactor: 1, toFactor: %s"));
    e.range(
        "spec.load.shape.ramp.segments",
        1,
        60,
        ramp.formatted("fromFactor: 1, toFactor: 2, segments: %s"));
    e.add("spec.load.topics", "maxItems 32", "{load: {topics: %s}}", topics(32), topics(33));
    e.add(
        "spec.load.topics",
        "rule: topic names must be unique",
        "{load: {topics: [{name: a}, {name: %s}]}}",
        "b",
        "a");
    String topic = "{load: {topics: [{name: input, %s}]}}";
    e.add(
        "spec.load.topics[0].name",
        "maxLength 249",
        "{load: {topics: [{name: %s}]}}",
        "t".repeat(249),
        "t".repeat(250));
    e.range("spec.load.topics[0].partitions", 1, 1000, topic.formatted("partitions: %s"));
    e.range(
        "spec.load.topics[0].prepopulateRecords",
        1,
        1_000_000_000,
        topic.formatted("prepopulateRecords: %s"));
    e.positive("spec.load.topics[0].ratePerSecond", topic.formatted("ratePerSecond: %s"));
    e.add(
        "spec.load.topics[0].ratePerSecond",
        "maximum 3200000",
        topic.formatted("ratePerSecond: %s"),
        "3200000",
        "3200000.5");
    String record = topic.formatted("record: {%s}");
    e.range("spec.load.topics[0].record.keys", 1, 1_000_000_000, record.formatted("keys: %s"));
    e.range("spec.load.topics[0].record.words", 1, 1_000_000, record.formatted("words: %s"));
    e.add(
        "spec.load.topics[0].record",
        "rule: message is required with format protobuf",
        record.formatted("format: protobuf %s"),
        ", message: order",
        "");
    String size = record.formatted("valueSize: {%s}");
    e.range(
        "spec.load.topics[0].record.valueSize.fixed", 1, 1_000_000, size.formatted("fixed: %s"));
    e.add(
        "spec.load.topics[0].record.valueSize.min",
        "minimum 1",
        size.formatted("min: %s, max: 10"),
        "1",
        "0");
    e.add(
        "spec.load.topics[0].record.valueSize.min",
        "maximum 1000000",
        size.formatted("min: %s, max: 1000000"),
        "1000000",
        "1000001");
    e.add(
        "spec.load.topics[0].record.valueSize.max",
        "minimum 1",
        size.formatted("min: 1, max: %s"),
        "1",
        "0");
    e.add(
        "spec.load.topics[0].record.valueSize.max",
        "maximum 1000000",
        size.formatted("min: 1, max: %s"),
        "1000000",
        "1000001");
    String mean = size.formatted("min: 1, max: 1000000, mean: %s");
    e.add("spec.load.topics[0].record.valueSize.mean", "minimum 1", mean, "1", "0");
    e.add(
        "spec.load.topics[0].record.valueSize.mean", "maximum 1000000", mean, "1000000", "1000001");
    e.add(
        "spec.load.topics[0].record.valueSize",
        "rule: set either fixed, or min and max",
        size.formatted("fixed: 10 %s"),
        "",
        ", min: 1, max: 20");
    e.add(
        "spec.load.topics[0].record.valueSize",
        "rule: min and max must be set together",
        size.formatted("min: 10 %s"),
        ", max: 20",
        "");
    e.add(
        "spec.load.topics[0].record.valueSize",
        "rule: min must not exceed max",
        size.formatted("min: %s, max: 20"),
        "20",
        "21");
    e.add(
        "spec.load.topics[0].record.valueSize",
        "rule: mean needs min and max and must lie between",
        size.formatted("min: 10, max: 20, mean: %s"),
        "20",
        "21");

    for (String field : List.of("cadvisorScrapeInterval", "resolution", "scrapeInterval")) {
      e.duration("spec.prometheus." + field, "{prometheus: {" + field + ": %s}}");
    }
    e.range("spec.repetitions", 1, 99, "{repetitions: %s}");
    for (String field :
        List.of(
            "catchUp",
            "catchUpHold",
            "drainTimeout",
            "measurement",
            "rampUp",
            "timeout",
            "warmup")) {
      e.duration("spec.schedule." + field, "{schedule: {" + field + ": %s}}");
    }
    e.add(
        "spec.schedule",
        "rule: timeout must be longer than catchUp + warmup + measurement",
        "{schedule: {catchUp: 1m, warmup: 10m, measurement: 10m, timeout: %s}}",
        "21m1s",
        "21m");
    e.add(
        "spec",
        "rule: spec.capacity: a capacity search has no repetitions",
        "{capacity: {latencyP99MaxMs: 500}, repetitions: %s}",
        "1",
        "2");
    e.add(
        "spec",
        "rule: spec.capacity: a state-restoration run has no input rate",
        "{capacity: {latencyP99MaxMs: 500}, scenario: %s}",
        "wordcount",
        "state-restoration");

    // The free-form fields' bounds (SpecBounds).
    e.add(
        "spec.app.image", "maxLength 512", "{app: {image: %s}}", "i".repeat(512), "i".repeat(513));
    e.maxLength("spec.app.runtime", 63, "{app: {runtime: %s}}");
    e.config("spec.app.config", "{app: {config: %s}}");
    e.jvmOptions("spec.app.jvmOptions", "{app: {jvmOptions: %s}}");
    e.resources("spec.app.resources", "{app: {resources: %s}}");
    e.add(
        "spec.app.metrics.path",
        "maxLength 256",
        "{app: {metrics: {path: %s}}}",
        "/" + "p".repeat(255),
        "/" + "p".repeat(256));
    e.add(
        "spec.app.metrics.readinessPath",
        "maxLength 256",
        "{app: {metrics: {readinessPath: %s}}}",
        "/" + "p".repeat(255),
        "/" + "p".repeat(256));
    e.maxLength("spec.app.metrics.profile", 63, "{app: {metrics: {profile: %s}}}");
    e.add(
        "spec.capacity.cpuLimits",
        "rule: each CPU limit is at most 16 characters",
        capacity.formatted("cpuLimits: ['%s']"),
        "1".repeat(13) + "00m",
        "1".repeat(14) + "00m");
    e.add(
        "spec.capacity.latencyP99MaxMs",
        "maximum 3600000",
        "{capacity: {latencyP99MaxMs: %s}}",
        "3600000",
        "3600000.5");
    for (String rate : List.of("startRatePerSecond", "maxRatePerSecond")) {
      e.add(
          "spec.capacity." + rate,
          "maximum 3200000",
          capacity.formatted(rate + ": %s"),
          "3200000",
          "3200000.5");
    }
    e.add(
        "spec.checks.maxBacklogAtStartSeconds",
        "maximum 86400",
        "{checks: {maxBacklogAtStartSeconds: %s}}",
        "86400",
        "86400.5");
    e.add(
        "spec.checks.maxLagGrowthShare",
        "maximum 1",
        "{checks: {maxLagGrowthShare: %s}}",
        "1",
        "1.001");
    e.add(
        "spec.checks.maxPublishDelayP99Ms",
        "maximum 3600000",
        "{checks: {maxPublishDelayP99Ms: %s}}",
        "3600000",
        "3600000.5");
    e.add(
        "spec.checks.minLatencySamples",
        "maximum 1000000000000",
        "{checks: {minLatencySamples: %s}}",
        "1000000000000",
        "1000000000001");
    e.add(
        "spec.gate.rules",
        "rule: each rule is at most 256 characters",
        gate,
        "[" + "r".repeat(256) + "]",
        "[" + "r".repeat(257) + "]");
    String password =
        "{kafka: {external: {bootstrapServers: 'kafka:9093', authentication: {type:"
            + " scram-sha-512, username: u, passwordSecret: {%s}}}}}";
    e.maxLength(
        "spec.kafka.external.authentication.passwordSecret.secretName",
        253,
        password.formatted("secretName: %s, password: p"));
    e.maxLength(
        "spec.kafka.external.authentication.passwordSecret.password",
        253,
        password.formatted("secretName: s, password: %s"));
    e.maxLength(
        "spec.kafka.external.authentication.username",
        256,
        "{kafka: {external: {bootstrapServers: 'kafka:9093', authentication: {type: scram-sha-512,"
            + " username: %s, passwordSecret: {secretName: s, password: p}}}}}");
    String keyPair =
        external.formatted(tls + ", authentication: {type: tls, certificateAndKey: {%s}}");
    e.maxLength(
        "spec.kafka.external.authentication.certificateAndKey.secretName",
        253,
        keyPair.formatted("secretName: %s, certificate: u.crt, key: u.key"));
    e.maxLength(
        "spec.kafka.external.authentication.certificateAndKey.certificate",
        253,
        keyPair.formatted("secretName: u, certificate: %s, key: u.key"));
    e.maxLength(
        "spec.kafka.external.authentication.certificateAndKey.key",
        253,
        keyPair.formatted("secretName: u, certificate: u.crt, key: %s"));
    e.maxLength(
        "spec.kafka.external.tls.trustedCertificates[0].secretName",
        253,
        external.formatted("tls: {trustedCertificates: [{secretName: %s, certificate: ca.crt}]}"));
    e.maxLength(
        "spec.kafka.external.tls.trustedCertificates[0].certificate",
        253,
        external.formatted("tls: {trustedCertificates: [{secretName: ca, certificate: %s}]}"));
    e.add(
        "spec.kafka.external.bootstrapServers",
        "maxLength 2048",
        "{kafka: {external: {bootstrapServers: %s}}}",
        "h".repeat(2043) + ":9092",
        "h".repeat(2044) + ":9092");
    e.config("spec.kafka.external.clientConfig", external.formatted("clientConfig: %s"));
    String provision = "{kafka: {provision: {%s}}}";
    e.config("spec.kafka.provision.config", provision.formatted("config: %s"));
    e.resources("spec.kafka.provision.resources", provision.formatted("resources: %s"));
    e.add(
        "spec.kafka.provision.version",
        "maxLength 16",
        provision.formatted("version: %s"),
        "4.1." + "1".repeat(12),
        "4.1." + "1".repeat(13));
    e.add(
        "spec.kafka.provision.storage.size",
        "maxLength 16",
        provision.formatted("storage: {size: %s}"),
        "1".repeat(14) + "Gi",
        "1".repeat(15) + "Gi");
    e.maxLength(
        "spec.kafka.provision.storage.storageClass",
        253,
        provision.formatted("storage: {storageClass: %s}"));
    e.add(
        "spec.latency.topics",
        "rule: each topic name is at most 249 characters",
        "{latency: {topics: [%s]}}",
        "t".repeat(249),
        "t".repeat(250));
    e.resources("spec.latency.resources", "{latency: {resources: %s}}");
    e.range("spec.load.seed", 0, 9_007_199_254_740_991L, "{load: {seed: %s}}");
    e.config("spec.load.producerConfig", "{load: {producerConfig: %s}}");
    e.resources("spec.load.resources", "{load: {resources: %s}}");
    for (String pods : List.of("app", "clients", "kafka")) {
      String placement = "{placement: {" + pods + ": {%s}}}";
      String field = "spec.placement." + pods;
      e.add(
          field + ".nodeSelector",
          "maxProperties 16",
          placement.formatted("nodeSelector: %s"),
          map(16, "v"),
          map(17, "v"));
      e.add(
          field + ".nodeSelector",
          "rule: each label key is at most 317 characters",
          placement.formatted("nodeSelector: {k: %s}"),
          "v".repeat(63),
          "v".repeat(64));
      String toleration = "{key: k, operator: Exists}";
      e.add(
          field + ".tolerations",
          "maxItems 16",
          placement.formatted("tolerations: %s"),
          list(16, toleration),
          list(17, toleration));
      e.add(
          field + ".tolerations",
          "rule: each toleration's key is at most 317 characters",
          placement.formatted("tolerations: [{key: %s, operator: Exists}]"),
          "k".repeat(317),
          "k".repeat(318));
    }
    e.add(
        "spec.prometheus.url",
        "maxLength 2048",
        "{prometheus: {url: %s}}",
        "http://" + "p".repeat(2041),
        "http://" + "p".repeat(2042));
    e.add(
        "spec.schemaRegistry.url",
        "maxLength 2048",
        "{schemaRegistry: {url: %s}}",
        "http://" + "r".repeat(2041),
        "http://" + "r".repeat(2042));
    return e.all;
  }

  /**
   * The BenchmarkSuite's own bounds (spec.*, its template aside: the template is the BenchmarkRun's
   * spec schema, generated from the same class, whose edges {@link #runs} holds).
   */
  public static List<BoundEdge> suites() {
    Edges e = new Edges(InvalidSuites.VALID);
    e.add(
        "spec.baseline",
        "maxLength 20",
        "{baseline: %s, matrix: {variants: [{name: %<s}, {name: b}]}}",
        "a".repeat(20),
        "a".repeat(21));
    String gate = "{gate: {rules: %s}}";
    e.add("spec.gate.rules", "minItems 1", gate, list(1, "cpu<=5%"), "[]");
    e.add("spec.gate.rules", "maxItems 32", gate, list(32, "cpu<=5%"), list(33, "cpu<=5%"));
    e.add(
        "spec.matrix.processingGuarantees",
        "minItems 1",
        "{matrix: {processingGuarantees: %s}}",
        "[at_least_once]",
        "[]");
    e.add(
        "spec.matrix.processingGuarantees",
        "maxItems 2",
        "{matrix: {processingGuarantees: %s}}",
        "[at_least_once, exactly_once_v2]",
        "[at_least_once, exactly_once_v2, at_least_once]");
    e.add("spec.matrix.rateScales", "minItems 1", "{matrix: {rateScales: %s}}", "[1]", "[]");
    e.add(
        "spec.matrix.rateScales",
        "maxItems 8",
        "{matrix: {rateScales: %s}}",
        list(8, "0.5"),
        list(9, "0.5"));
    e.add(
        "spec.matrix.rateScales",
        "rule: every rate scale must be greater than 0",
        "{matrix: {rateScales: [1, %s]}}",
        "0.001",
        "0");
    String scenarios =
        "[wordcount, stateless-simple, stateless-advanced, stateful-joins, state-restoration, wordcount]";
    e.add("spec.matrix.scenarios", "minItems 1", "{matrix: {scenarios: %s}}", "[wordcount]", "[]");
    e.add(
        "spec.matrix.scenarios",
        "maxItems 6",
        "{matrix: {scenarios: %s}}",
        scenarios,
        scenarios.replace("]", ", wordcount]"));
    String variants = "{baseline: v1, matrix: {variants: %s}}";
    e.add("spec.matrix.variants", "minItems 1", "{matrix: {variants: %s}}", "[{name: a}]", "[]");
    e.add("spec.matrix.variants", "maxItems 8", variants, variantList(8), variantList(9));
    e.add(
        "spec.matrix.variants",
        "rule: variant names must be unique",
        "{matrix: {variants: [{name: a}, {name: %s}]}}",
        "b",
        "a");
    String variant = "{matrix: {variants: [{name: a, %s}]}}";
    e.add(
        "spec.matrix.variants[0].image", "minLength 1", variant.formatted("image: %s"), "a", "''");
    e.add(
        "spec.matrix.variants[0].jvmOptions",
        "maxItems 64",
        variant.formatted("jvmOptions: %s"),
        list(64),
        list(65));
    e.range(
        "spec.matrix.variants[0].metrics.port", 1, 65535, variant.formatted("metrics: {port: %s}"));
    for (String query : QUERIES) {
      e.maxLength(
          "spec.matrix.variants[0].metrics.queries." + query,
          2000,
          variant.formatted("metrics: {queries: {" + query + ": %s}}"));
    }
    e.add(
        "spec.matrix.variants[0].name",
        "maxLength 20",
        "{baseline: %s, matrix: {variants: [{name: %<s}]}}",
        "v".repeat(20),
        "v".repeat(21));
    e.add(
        "spec.matrix.variants[0].scenarios",
        "minItems 1",
        variant.formatted("scenarios: %s"),
        "[wordcount]",
        "[]");
    e.add(
        "spec.matrix.variants[0].scenarios",
        "maxItems 6",
        variant.formatted("scenarios: %s"),
        scenarios,
        scenarios.replace("]", ", wordcount]"));
    e.add(
        "spec.matrix.rateScales",
        "rule: every rate scale must be greater than 0 and at most 100",
        "{matrix: {rateScales: [1, %s]}}",
        "100",
        "100.5");
    e.add(
        "spec.gate.rules",
        "rule: each rule is at most 256 characters",
        gate,
        "[" + "r".repeat(256) + "]",
        "[" + "r".repeat(257) + "]");
    e.add(
        "spec.matrix.variants[0].image",
        "maxLength 512",
        variant.formatted("image: %s"),
        "i".repeat(512),
        "i".repeat(513));
    e.maxLength("spec.matrix.variants[0].runtime", 63, variant.formatted("runtime: %s"));
    e.config("spec.matrix.variants[0].config", variant.formatted("config: %s"));
    e.jvmOptions("spec.matrix.variants[0].jvmOptions", variant.formatted("jvmOptions: %s"));
    e.resources("spec.matrix.variants[0].resources", variant.formatted("resources: %s"));
    e.add(
        "spec.matrix.variants[0].metrics.path",
        "maxLength 256",
        variant.formatted("metrics: {path: %s}"),
        "/" + "p".repeat(255),
        "/" + "p".repeat(256));
    e.add(
        "spec.matrix.variants[0].metrics.readinessPath",
        "maxLength 256",
        variant.formatted("metrics: {readinessPath: %s}"),
        "/" + "p".repeat(255),
        "/" + "p".repeat(256));
    e.maxLength(
        "spec.matrix.variants[0].metrics.profile", 63, variant.formatted("metrics: {profile: %s}"));
    e.range("spec.repetitions", 1, 99, "{repetitions: %s}");
    e.add(
        "spec",
        "rule: template.repetitions and template.gate",
        "{template: {%s}}",
        "scenario: stateless-simple",
        "repetitions: 1");
    e.add(
        "spec",
        "rule: template.capacity",
        "{template: {%s}}",
        "scenario: stateless-simple",
        "capacity: {latencyP99MaxMs: 500}");
    e.add(
        "spec",
        "rule: gate: needs spec.baseline",
        "{%s gate: {rules: [cpu<=5%%]}}",
        "baseline: a,",
        "baseline: null,");
    e.add(
        "spec",
        "rule: baseline: must name one of spec.matrix.variants",
        "{baseline: %s}",
        "b",
        "c");
    // 3 variants × 3 scenarios × 3 rate scales × 37 repetitions: 999 runs; 38: 1,026.
    e.add(
        "spec",
        "rule: matrix × repetitions: at most 999 runs",
        "{repetitions: %s, matrix: {variants: [{name: a}, {name: b}, {name: c}],"
            + " scenarios: [wordcount, stateless-simple, stateful-joins], rateScales: [1, 2, 3]}}",
        "37",
        "38");
    return e.all;
  }

  /** A flow-style list of {@code n} distinct short strings. */
  private static String list(int n) {
    return IntStream.range(0, n).mapToObj(i -> "x" + i).collect(Collectors.joining(", ", "[", "]"));
  }

  /** A flow-style list of {@code n} times {@code item}. */
  private static String list(int n, String item) {
    return IntStream.range(0, n).mapToObj(i -> item).collect(Collectors.joining(", ", "[", "]"));
  }

  /** A flow-style map of {@code n} distinct keys, each to {@code value}. */
  private static String map(int n, String value) {
    return IntStream.range(0, n)
        .mapToObj(i -> "k" + i + ": " + value)
        .collect(Collectors.joining(", ", "{", "}"));
  }

  private static String topics(int n) {
    return IntStream.range(0, n)
        .mapToObj(i -> "{name: t" + i + "}")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String variantList(int n) {
    return IntStream.rangeClosed(1, n)
        .mapToObj(i -> "{name: v" + i + "}")
        .collect(Collectors.joining(", ", "[", "]"));
  }

  /** The table being written: each helper adds the edges one kind of bound has. */
  private static final class Edges {
    private final String base;
    private final List<BoundEdge> all = new ArrayList<>();

    Edges(String base) {
      this.base = base;
    }

    void add(String field, String bound, String template, String inside, String past) {
      all.add(BoundEdge.of(base, field, bound, template, inside, past));
    }

    /** An integer field from {@code min} to {@code max}, both included. */
    void range(String field, long min, long max, String template) {
      add(field, "minimum " + min, template, Long.toString(min), Long.toString(min - 1));
      add(field, "maximum " + max, template, Long.toString(max), Long.toString(max + 1));
    }

    /** A number that must be greater than 0. */
    void positive(String field, String template) {
      add(field, "minimum 0 exclusive", template, "0.001", "0");
    }

    /** A share from 0 to 1, both included. */
    void share(String field, String template) {
      add(field, "minimum 0", template, "0", "-0.001");
      add(field, "maximum 1", template, "1", "1.001");
    }

    /** A configuration map: at most 128 entries, its values at most 8192 characters. */
    void config(String field, String template) {
      add(field, "maxProperties 128", template, map(128, "v"), map(129, "v"));
      add(
          field,
          "rule: each key is at most 253 characters and each value at most 8192",
          template,
          "{k: " + "v".repeat(8192) + "}",
          "{k: " + "v".repeat(8193) + "}");
    }

    /** A list of JVM options of at most 1024 characters each. */
    void jvmOptions(String field, String template) {
      add(
          field,
          "rule: each JVM option is at most 1024 characters",
          template,
          "[-D" + "x".repeat(1022) + "]",
          "[-D" + "x".repeat(1023) + "]");
    }

    /** A container's resources: at most 16 limits (and requests, and 4 claims). */
    void resources(String field, String template) {
      add(
          field,
          "rule: at most 16 limits, 16 requests and 4 claims",
          template,
          "{limits: " + map(16, "1") + "}",
          "{limits: " + map(17, "1") + "}");
    }

    void maxLength(String field, int length, String template) {
      add(field, "maxLength " + length, template, "x".repeat(length), "x".repeat(length + 1));
    }

    /** A factor of the rates from 0 to 100, both included. */
    void factor(String field, String template) {
      add(field, "minimum 0", template, "0", "-0.001");
      add(field, "maximum 100", template, "100", "100.001");
    }

    /** A duration of at most 20 characters, bounded otherwise by the window it must fit. */
    void shortDuration(String field, String template) {
      add(field, "maxLength 20", template, "0".repeat(17) + "10s", "0".repeat(18) + "10s");
    }

    /** A duration: at most 720h, and at most 20 characters. */
    void duration(String field, String template) {
      add(field, AT_MOST_720H, template, "720h", "720h0m1s");
      add(field, "maxLength 20", template, "0".repeat(17) + "10s", "0".repeat(18) + "10s");
    }
  }
}
