package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.common.DocumentReader;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.latency.LatencySettings;
import io.streamgauge.latency.SettingsValidator;
import io.streamgauge.loadgen.Workload;
import io.streamgauge.loadgen.WorkloadReader;
import io.streamgauge.loadgen.WorkloadValidator;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.net.URI;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The documents the platforms hand to the clients, read and validated by the clients' own code. */
class ClientDocumentsTest {

  private final SpecDefaulter defaulter = new SpecDefaulter();

  @Test
  void statefulJoinsFramesItsTablesForTheRunsRegistryAndChecksEachOutputAgainstItsInput() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATEFUL_JOINS));
    RunContext run = startedRun("sj", spec);
    run.status().setSchemaRegistryUrl("http://sj-schema-registry.bench.svc:8081");

    Workload workload =
        WorkloadReader.parse(
            ClientDocuments.workload(run, "kafka:9092", URI.create("http://sj-latency:9401"))
                .toString(),
            "operator workload");
    assertThat(WorkloadValidator.problems(workload)).isEmpty();
    assertThat(workload.schemaRegistryUrl()).isEqualTo("http://sj-schema-registry.bench.svc:8081");
    assertThat(workload.trace()).as("integrity is tracked").isTrue();
    assertThat(workload.topics())
        .extracting(t -> t.name() + "=" + t.record().entity())
        .containsExactly(
            "customers=customer",
            "products=product",
            "orders=order",
            "shipments=shipment",
            "reviews=review");

    LatencySettings latency = read(ClientDocuments.latencySettings(run, "kafka:9092").toString());
    assertThat(latency.integrity()).isTrue();
    assertThat(latency.integritySources())
        .containsExactly(
            java.util.Map.entry("enriched-orders", java.util.List.of("orders")),
            java.util.Map.entry("enriched-shipments", java.util.List.of("shipments")),
            java.util.Map.entry("enriched-reviews", java.util.List.of("reviews")));
    assertThat(AppEnvironment.of(run, "kafka:9092"))
        .containsEntry(
            "STREAMGAUGE_APP_SCHEMA_REGISTRY_URL", "http://sj-schema-registry.bench.svc:8081")
        .containsEntry("STREAMGAUGE_APP_TOPIC_ENRICHED__REVIEWS", "enriched-reviews")
        .containsEntry("STREAMGAUGE_APP_INSTANCE_COUNT", "1")
        .containsEntry("STREAMGAUGE_APP_INSTANCE_INDEX", "0");
  }

  @ParameterizedTest
  @EnumSource(
      value = Scenario.class,
      names = {"STATELESS_SIMPLE", "WORDCOUNT"})
  void theWorkloadIsOneTheLoadGeneratorAccepts(Scenario scenario) {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(scenario));
    RunContext run = startedRun("wc", spec);

    Workload workload =
        WorkloadReader.parse(
            ClientDocuments.workload(
                    run, "kafka:9092", URI.create("http://wc-latency.bench.svc:9401"))
                .toString(),
            "operator workload");

    assertThat(WorkloadValidator.problems(workload)).isEmpty();
    assertThat(workload.bootstrapServers()).isEqualTo("kafka:9092");
    assertThat(workload.duration()).as("the load's end is absolute").isNull();
    assertThat(workload.windowsUrl()).isEqualTo("http://wc-latency.bench.svc:9401");
    assertThat(workload.endAfterMeasurement()).isEqualTo("1m");
    assertThat(workload.endAt())
        .as("the run's deadline: first phase + spec.schedule.timeout")
        .isEqualTo(
            Instant.parse("2026-11-23T10:00:00Z")
                .plus(SpecDuration.parse(spec.getSchedule().getTimeout()))
                .toString());
    assertThat(workload.producers()).isEqualTo(1);
    assertThat(workload.rampUp()).as("no ramp unless the schedule has one").isNull();
    assertThat(workload.trace())
        .as("the trace header only where the latency consumer tracks integrity")
        .isEqualTo(scenario == Scenario.STATELESS_SIMPLE);
    assertThat(workload.topics()).hasSize(1);
    assertThat(workload.topics().get(0).ratePerSecond())
        .isEqualTo(spec.getLoad().getTopics().get(0).getRatePerSecond());
    assertThat(workload.topics().get(0).record().format())
        .isEqualTo(scenario == Scenario.WORDCOUNT ? "text" : "string");
  }

  /** The schedule's ramp-up reaches the load generators, which ramp their rates over it. */
  @Test
  void theRampUpReachesTheLoadGenerators() {
    RunContext run = startedRun("cap", defaulter.apply(Specs.capacitySearch(1000, "30s", "30s")));

    Workload workload =
        WorkloadReader.parse(
            ClientDocuments.workload(run, "kafka:9092", URI.create("http://l:9401")).toString(),
            "operator workload");

    assertThat(WorkloadValidator.problems(workload)).isEmpty();
    assertThat(workload.rampUp()).isEqualTo("30s");
  }

  /**
   * A load shape reaches the generators as one cycle of pieces (a burst, then the base rate for the
   * rest of its period), and the latency consumer keeps every second, which its segments are cut
   * from.
   */
  @Test
  void aLoadShapeReachesTheGeneratorsAndTheLatencyConsumerKeepsEverySecond() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getLoad().setShape(Specs.burst(4, "5s", "30s"));
    RunContext run = startedRun("shaped", spec);

    Workload workload =
        WorkloadReader.parse(
            ClientDocuments.workload(run, "kafka:9092", URI.create("http://l:9401")).toString(),
            "operator workload");

    assertThat(WorkloadValidator.problems(workload)).isEmpty();
    assertThat(workload.shape())
        .containsExactly(
            new io.streamgauge.common.LoadShape.Piece(5, 4, 4, "burst"),
            new io.streamgauge.common.LoadShape.Piece(25, 1, 1, "base"));
    assertThat(ClientDocuments.latencySettings(run, "kafka:9092").path("perSecond").asBoolean())
        .isTrue();
    assertThat(
            ClientDocuments.latencySettings(
                    startedRun("flat", defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE))),
                    "kafka:9092")
                .path("perSecond")
                .asBoolean())
        .as("a constant load without faults keeps the window's histogram only")
        .isFalse();
  }

  /** A shared cluster's connection settings reach every client, the app's too. */
  @Test
  void aSharedClustersClientConfigReachesEveryClient() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.STATELESS_SIMPLE);
    spec.setKafka(new io.streamgauge.api.spec.KafkaSpec());
    spec.getKafka().setExternal(new io.streamgauge.api.spec.ExternalKafkaSpec());
    spec.getKafka().getExternal().setBootstrapServers("shared:9093");
    spec.getKafka().getExternal().setClientConfig(java.util.Map.of("security.protocol", "SSL"));
    spec = defaulter.apply(spec);
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    PhaseTransition first = new PhaseTransition();
    first.setStartedAt("2026-11-23T10:00:00Z");
    status.getPhaseHistory().add(first);
    RunContext run = new RunContext("bench", "s", "uid-1", spec, status);

    Workload workload =
        WorkloadReader.parse(
            ClientDocuments.workload(run, "shared:9093", URI.create("http://s-latency:9401"))
                .toString(),
            "operator workload");
    LatencySettings latency = read(ClientDocuments.latencySettings(run, "shared:9093").toString());

    assertThat(workload.producerConfig()).containsEntry("security.protocol", "SSL");
    assertThat(latency.consumerConfig()).containsEntry("security.protocol", "SSL");
    assertThat(AppEnvironment.of(run, "shared:9093"))
        .containsEntry("STREAMGAUGE_APP_SECURITY_PROTOCOL", "SSL");
  }

  @Test
  void theLatencySettingsAreOnesTheLatencyConsumerAccepts() {
    BenchmarkRunSpec stateless = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    BenchmarkRunSpec wordcount = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));

    LatencySettings s =
        read(
            ClientDocuments.latencySettings(
                    new RunContext("bench", "st", "uid-1", stateless, new BenchmarkRunStatus()),
                    "kafka:9092")
                .toString());
    LatencySettings w =
        read(
            ClientDocuments.latencySettings(
                    new RunContext("bench", "wc", "uid-2", wordcount, new BenchmarkRunStatus()),
                    "kafka:9092")
                .toString());

    assertThat(SettingsValidator.problems(s)).isEmpty();
    assertThat(s.topics()).containsExactly("output");
    assertThat(s.isolationLevel()).isEqualTo("read_committed");
    assertThat(s.httpPort()).isEqualTo(ClientDocuments.LATENCY_PORT);
    assertThat(s.integrity()).as("stateless keeps records one to one").isTrue();
    assertThat(w.integrity()).as("wordcount aggregates").isFalse();
    assertThat(s.appGroup())
        .as("the app's group is its application.id, whose input lag the consumer samples")
        .isEqualTo("streamgauge-st");
    assertThat(s.appInputTopics()).containsExactly("input");
    assertThat(s.appCommitIntervalMs())
        .as("Kafka Streams' default under exactly-once: the lag is read after each commit")
        .isEqualTo(100);
  }

  private static LatencySettings read(String json) {
    return DocumentReader.parse(json, "operator latency settings", LatencySettings.class);
  }

  /** A run named {@code name} whose first phase started at 2026-11-23T10:00:00Z. */
  private static RunContext startedRun(String name, BenchmarkRunSpec spec) {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    PhaseTransition first = new PhaseTransition();
    first.setStartedAt("2026-11-23T10:00:00Z");
    status.getPhaseHistory().add(first);
    return new RunContext("bench", name, "uid-1", spec, status);
  }
}
