package io.streamgauge.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.streamgauge.api.spec.AppSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ChecksSpec;
import io.streamgauge.api.spec.CleanupPolicy;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.IsolationLevel;
import io.streamgauge.api.spec.KafkaProvisionSpec;
import io.streamgauge.api.spec.KafkaSpec;
import io.streamgauge.api.spec.KeyDistribution;
import io.streamgauge.api.spec.LoadSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.PrometheusSpec;
import io.streamgauge.api.spec.RecordFormat;
import io.streamgauge.api.spec.RecordSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.api.spec.TopicNaming;
import io.streamgauge.api.spec.ValueSizeSpec;
import io.streamgauge.testing.Specs;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class SpecDefaulterTest {

  private final SpecDefaulter defaulter = new SpecDefaulter();

  /** One row per input topic of the methodology's scenarios table; sizes in bytes, empty: unset. */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # scenario         | topic           | partitions | rate   | format   | fixed | min   | max   | mean | keys
          STATELESS_SIMPLE   | input           | 12         | 20000  | STRING   | 1024  |       |       |      | 10000
          WORDCOUNT          | input           | 12         | 7500   | TEXT     |       | 50    | 1000  | 200  | 10000
          STATELESS_ADVANCED | user-events     | 12         | 2100   | PROTOBUF |       | 2048  | 5120  |      | 10000
          STATELESS_ADVANCED | product-updates | 12         | 1400   | PROTOBUF |       | 2048  | 5120  |      | 10000
          STATELESS_ADVANCED | orders          | 12         | 700    | PROTOBUF |       | 8192  | 15360 |      | 10000
          STATELESS_ADVANCED | click-streams   | 12         | 2800   | PROTOBUF |       | 15360 | 30720 |      | 10000
          STATEFUL_JOINS     | customers       | 12         | 12     | AVRO     |       | 2048  | 5120  |      | 10000
          STATEFUL_JOINS     | products        | 12         | 18     | AVRO     |       | 2048  | 5120  |      | 1000
          STATEFUL_JOINS     | orders          | 12         | 120    | AVRO     |       | 10240 | 51200 |      | 1
          STATEFUL_JOINS     | shipments       | 12         | 90     | AVRO     |       | 5632  | 27648 |      | 1
          STATEFUL_JOINS     | reviews         | 12         | 60     | AVRO     |       | 5632  | 20480 |      | 1
          """)
  void inputTopicsFollowTheScenariosTable(
      Scenario scenario,
      String topic,
      int partitions,
      double rate,
      RecordFormat format,
      Integer fixed,
      Integer min,
      Integer max,
      Integer mean,
      long keys) {
    LoadTopicSpec t = topic(defaulter.apply(Specs.minimal(scenario)), topic);

    assertThat(t.getPartitions()).isEqualTo(partitions);
    assertThat(t.getRatePerSecond()).isEqualTo(rate);
    assertThat(t.getPrepopulateRecords()).isNull();
    assertThat(t.getRecord().getFormat()).isEqualTo(format);
    assertThat(t.getRecord().getValueSize().getFixed()).isEqualTo(fixed);
    assertThat(t.getRecord().getValueSize().getMin()).isEqualTo(min);
    assertThat(t.getRecord().getValueSize().getMax()).isEqualTo(max);
    assertThat(t.getRecord().getValueSize().getMean()).isEqualTo(mean);
    assertThat(t.getRecord().getKeys()).isEqualTo(keys);
  }

  @Test
  void totalRatesMatchTheTable() {
    assertThat(totalRate(Scenario.STATELESS_ADVANCED)).isEqualTo(7_000);
    assertThat(totalRate(Scenario.STATEFUL_JOINS)).isEqualTo(300);
  }

  @Test
  void wordcountTextUsesAThousandWordVocabulary() {
    RecordSpec record =
        topic(defaulter.apply(Specs.minimal(Scenario.WORDCOUNT)), "input").getRecord();
    assertThat(record.getWords()).isEqualTo(1000);
    assertThat(record.getKeyDistribution()).isEqualTo(KeyDistribution.UNIFORM);
  }

  @Test
  void stateRestorationPrepopulatesSixteenStoresOfSixPartitionsWithoutLiveLoad() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATE_RESTORATION));
    List<LoadTopicSpec> stores = spec.getLoad().getTopics();

    assertThat(stores).hasSize(16);
    assertThat(stores).allSatisfy(s -> assertThat(s.getPartitions()).isEqualTo(6));
    assertThat(stores).allSatisfy(s -> assertThat(s.getRatePerSecond()).isNull());
    long total = stores.stream().mapToLong(LoadTopicSpec::getPrepopulateRecords).sum();
    assertThat(total).isBetween(155_000_000L, 155_800_000L);
    assertThat(stores.stream().map(s -> s.getRecord().getFormat()).distinct())
        .containsExactlyInAnyOrder(RecordFormat.AVRO, RecordFormat.STRING);
    assertThat(spec.getLatency().getTopics()).isEmpty();
    assertThat(spec.getSchedule().getWarmup()).isEqualTo("0s");
  }

  @Test
  void outputTopicsAreTimedWithReadCommitted() {
    assertThat(defaulter.apply(Specs.minimal(Scenario.WORDCOUNT)).getLatency().getTopics())
        .containsExactly("output");
    assertThat(defaulter.apply(Specs.minimal(Scenario.STATELESS_ADVANCED)).getLatency().getTopics())
        .hasSize(4);
    assertThat(
            defaulter
                .apply(Specs.minimal(Scenario.STATEFUL_JOINS))
                .getLatency()
                .getIsolationLevel())
        .isEqualTo(IsolationLevel.READ_COMMITTED);
  }

  @Test
  void commonDefaultsFollowTheMethodology() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));

    KafkaProvisionSpec kafka = spec.getKafka().getProvision();
    assertThat(kafka.getVersion()).isEqualTo("4.1.1");
    assertThat(kafka.getReplicas()).isEqualTo(3);
    assertThat(kafka.getResources().getRequests())
        .containsEntry("cpu", new Quantity("3"))
        .containsEntry("memory", new Quantity("6Gi"));
    assertThat(kafka.getResources().getLimits()).isEqualTo(kafka.getResources().getRequests());
    assertThat(kafka.getStorage().getSize()).isEqualTo("100Gi");
    assertThat(kafka.getConfig())
        .containsEntry("min.insync.replicas", "2")
        .containsEntry("transaction.state.log.replication.factor", "3");

    AppSpec app = spec.getApp();
    assertThat(app.getRuntime()).isEqualTo("kafka-streams");
    assertThat(app.getResources().getLimits())
        .containsEntry("cpu", new Quantity("8"))
        .containsEntry("memory", new Quantity("16Gi"));
    assertThat(app.getResources().getRequests()).isEqualTo(app.getResources().getLimits());
    assertThat(app.getMetrics().getPort()).isEqualTo(9404);

    assertThat(spec.getSchedule().getWarmup()).isEqualTo("10m");
    assertThat(spec.getSchedule().getMeasurement()).isEqualTo("10m");
    assertThat(spec.getSchedule().getTimeout()).isEqualTo("45m");
    assertThat(spec.getPrometheus().getResolution()).isEqualTo("10s");
    assertThat(spec.getPrometheus().getScrapeInterval()).as("the methodology's").isEqualTo("10s");
    assertThat(spec.getPrometheus().getCadvisorScrapeInterval()).isEqualTo("30s");
    assertThat(spec.getCleanup().getPolicy())
        .as("a failed run gives its CPUs back, its logs kept")
        .isEqualTo(CleanupPolicy.Always);
    assertThat(spec.getLoad().getProducers()).isEqualTo(1);
    assertThat(spec.getLoad().getProducerConfig()).containsEntry("acks", "all");
  }

  @Test
  void theQueryResolutionFollowsAScrapeIntervalTheUserSet() {
    BenchmarkRunSpec given = Specs.minimal(Scenario.WORDCOUNT);
    given.setPrometheus(new PrometheusSpec());
    given.getPrometheus().setScrapeInterval("15s");

    BenchmarkRunSpec spec = defaulter.apply(given);

    assertThat(spec.getPrometheus().getResolution()).isEqualTo("15s");
  }

  @ParameterizedTest
  @EnumSource(Scenario.class)
  void aMinimalSpecIsCompleteAfterDefaulting(Scenario scenario) {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(scenario));
    JsonNode tree = new ObjectMapper().valueToTree(spec);

    assertThat(nullFields(tree, "spec"))
        .as("fields left unset after defaulting")
        .allSatisfy(path -> assertThat(path).matches(SpecDefaulterTest::mayStayUnset, "optional"));
  }

  /**
   * Every probe of a capacity search starts a fresh app: it waits for the app to catch up before
   * its warmup, and its default timeout leaves room for that wait.
   */
  @Test
  void aCapacitySearchWaitsForEachProbesAppToCatchUpAndItsTimeoutLeavesRoomForIt() {
    BenchmarkRunSpec input = Specs.capacitySearch(1000, "30s", "30s");

    ScheduleSpec defaulted = defaulter.apply(input).getSchedule();

    assertThat(defaulted.getCatchUp()).isEqualTo("2m");
    assertThat(defaulted.getTimeout()).as("2m + 30s + 30s + 25m").isEqualTo("28m");
    assertThat(defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE)).getSchedule().getCatchUp())
        .as("a fixed-rate run starts its warmup when the load runs, unless it says otherwise")
        .isNull();
  }

  /**
   * A capacity search's probes ramp their load up over 30 s, where the catch-up leaves room for its
   * hold after the ramp; a fixed-rate run starts at its rate unless it says otherwise.
   */
  @Test
  void aCapacitySearchRampsEachProbesLoadUpWhereTheCatchUpHasRoomForIt() {
    assertThat(defaulter.apply(Specs.capacitySearch(1000, "30s", "30s")).getSchedule().getRampUp())
        .isEqualTo("30s");
    BenchmarkRunSpec shortCatchUp = Specs.capacitySearch(1000, "30s", "30s");
    shortCatchUp.getSchedule().setCatchUp("45s");
    assertThat(defaulter.apply(shortCatchUp).getSchedule().getRampUp())
        .as("45 s holds no 30 s ramp and 30 s hold")
        .isNull();
    assertThat(defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE)).getSchedule().getRampUp())
        .isNull();
  }

  /**
   * A capacity search's probes begin their window at most as far behind as its SLO's p99 bound:
   * every record of a larger backlog would wait longer than the bound allows.
   */
  @Test
  void aCapacitySearchsWindowBeginsNoFurtherBehindThanItsLatencyBound() {
    assertThat(
            defaulter
                .apply(Specs.capacitySearch(1000, "30s", "30s"))
                .getChecks()
                .getMaxBacklogAtStartSeconds())
        .as("1 s SLO")
        .isEqualTo(1.0);
    assertThat(
            defaulter
                .apply(Specs.capacitySearch(250, "30s", "30s"))
                .getChecks()
                .getMaxBacklogAtStartSeconds())
        .as("250 ms SLO")
        .isEqualTo(0.25);
    assertThat(
            defaulter
                .apply(Specs.capacitySearch(5000, "30s", "30s"))
                .getChecks()
                .getMaxBacklogAtStartSeconds())
        .as("a 5 s SLO keeps the general 2 s")
        .isEqualTo(2.0);
    BenchmarkRunSpec chosen = Specs.capacitySearch(1000, "30s", "30s");
    chosen.setChecks(new ChecksSpec());
    chosen.getChecks().setMaxBacklogAtStartSeconds(3.0);
    assertThat(defaulter.apply(chosen).getChecks().getMaxBacklogAtStartSeconds())
        .as("the user's own bound")
        .isEqualTo(3.0);
    assertThat(
            defaulter
                .apply(Specs.minimal(Scenario.STATELESS_SIMPLE))
                .getChecks()
                .getMaxBacklogAtStartSeconds())
        .isEqualTo(2.0);
  }

  /** Fields that are legitimately absent in a complete spec. */
  private static boolean mayStayUnset(String path) {
    return path.equals("spec.kafka.external")
        || path.equals("spec.gate")
        || path.equals("spec.faults")
        || path.equals("spec.capacity")
        // absent: the constant rates
        || path.equals("spec.load.shape")
        // a run of registered Avro records without one starts its own
        || path.equals("spec.schemaRegistry")
        || path.equals("spec.schedule.catchUp")
        || path.equals("spec.schedule.catchUpHold")
        || path.equals("spec.schedule.rampUp")
        || path.equals("spec.cleanup.ttlAfterFinished")
        || path.equals("spec.kafka.provision.storage.storageClass")
        || path.equals("spec.app.metrics.queries")
        // the app that runs decides it (a reference app's /health, else the metrics path)
        || path.equals("spec.app.metrics.readinessPath")
        || path.matches("spec\\.load\\.topics\\[\\d+]\\.(ratePerSecond|prepopulateRecords)")
        || path.matches("spec\\.load\\.topics\\[\\d+]\\.record\\.(words|message|entity)")
        || path.matches("spec\\.load\\.topics\\[\\d+]\\.record\\.valueSize\\.(fixed|min|max|mean)");
  }

  @Test
  void userValuesWinAndTheInputIsNotModified() {
    BenchmarkRunSpec input = Specs.minimal(Scenario.STATELESS_SIMPLE);
    LoadTopicSpec faster = new LoadTopicSpec();
    faster.setName("input");
    faster.setRatePerSecond(50_000.0);
    LoadSpec load = new LoadSpec();
    load.setTopics(new ArrayList<>(List.of(faster)));
    load.setProducerConfig(Map.of("acks", "1"));
    input.setLoad(load);
    ScheduleSpec schedule = new ScheduleSpec();
    schedule.setWarmup("1m");
    schedule.setMeasurement("2m");
    input.setSchedule(schedule);
    String before = Serialization.asJson(input);

    BenchmarkRunSpec spec = defaulter.apply(input);

    LoadTopicSpec t = topic(spec, "input");
    assertThat(t.getRatePerSecond()).isEqualTo(50_000.0);
    assertThat(t.getPartitions()).isEqualTo(12);
    assertThat(t.getRecord().getValueSize().getFixed()).isEqualTo(1024);
    assertThat(spec.getLoad().getProducerConfig())
        .containsEntry("acks", "1")
        .containsEntry("enable.idempotence", "true");
    assertThat(spec.getSchedule().getTimeout()).isEqualTo("28m");
    assertThat(Serialization.asJson(input)).isEqualTo(before);
  }

  @Test
  void aUserValueSizeReplacesTheScenariosWhole() {
    BenchmarkRunSpec input = Specs.minimal(Scenario.STATELESS_SIMPLE);
    ValueSizeSpec size = new ValueSizeSpec();
    size.setMin(10);
    size.setMax(20);
    RecordSpec record = new RecordSpec();
    record.setValueSize(size);
    LoadTopicSpec topic = new LoadTopicSpec();
    topic.setName("input");
    topic.setRecord(record);
    LoadSpec load = new LoadSpec();
    load.setTopics(List.of(topic));
    input.setLoad(load);

    ValueSizeSpec result = topic(defaulter.apply(input), "input").getRecord().getValueSize();

    assertThat(result.getFixed()).isNull();
    assertThat(result.getMin()).isEqualTo(10);
    assertThat(result.getMax()).isEqualTo(20);
  }

  @Test
  void externalKafkaIsNotProvisioned() {
    BenchmarkRunSpec input = Specs.minimal(Scenario.WORDCOUNT);
    ExternalKafkaSpec external = new ExternalKafkaSpec();
    external.setBootstrapServers("kafka:9092");
    KafkaSpec kafka = new KafkaSpec();
    kafka.setExternal(external);
    input.setKafka(kafka);

    BenchmarkRunSpec spec = defaulter.apply(input);

    assertThat(spec.getKafka().getProvision()).isNull();
    assertThat(spec.getKafka().getExternal().getBootstrapServers()).isEqualTo("kafka:9092");
    assertThat(spec.getKafka().getExternal().getTopicNames())
        .as("topics of the run's own on a shared Kafka")
        .isEqualTo(TopicNaming.PerRun);
  }

  @Test
  void smallClustersGetReplicationTheyCanSatisfy() {
    assertThat(SpecDefaulter.replicationDefaults(1))
        .containsEntry("default.replication.factor", "1")
        .containsEntry("min.insync.replicas", "1");
    assertThat(SpecDefaulter.replicationDefaults(5))
        .containsEntry("default.replication.factor", "3")
        .containsEntry("min.insync.replicas", "2");
  }

  @Test
  void requestsDefaultToLimitsForGuaranteedQos() {
    ResourceRequirements given = new ResourceRequirements();
    given.setLimits(Map.of("cpu", new Quantity("4"), "memory", new Quantity("8Gi")));

    ResourceRequirements r = SpecDefaulter.guaranteed(given, "8", "16Gi");

    assertThat(r.getRequests()).isEqualTo(r.getLimits());
    assertThat(r.getLimits()).containsEntry("cpu", new Quantity("4"));
  }

  @Test
  void theMeasuringClientsGetAMemoryRequestEqualToTheirLimitAndNoCpuLimit() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));

    ResourceRequirements load = spec.getLoad().getResources();
    ResourceRequirements latency = spec.getLatency().getResources();
    assertThat(load.getLimits()).containsOnlyKeys("memory").containsEntry("memory", q("512Mi"));
    assertThat(load.getRequests()).isEqualTo(load.getLimits());
    assertThat(latency.getLimits()).containsOnlyKeys("memory").containsEntry("memory", q("1Gi"));
    assertThat(latency.getRequests()).isEqualTo(latency.getLimits());
  }

  @Test
  void aClientsCpuLimitBecomesItsRequestAndACpuRequestAloneAddsNoLimit() {
    ResourceRequirements limited = new ResourceRequirements();
    limited.setLimits(Map.of("cpu", q("1")));
    ResourceRequirements requested = new ResourceRequirements();
    requested.setRequests(Map.of("cpu", q("500m")));

    ResourceRequirements guaranteed = SpecDefaulter.client(limited, "512Mi");
    ResourceRequirements burstable = SpecDefaulter.client(requested, "1Gi");

    assertThat(guaranteed.getLimits())
        .containsEntry("cpu", q("1"))
        .containsEntry("memory", q("512Mi"));
    assertThat(guaranteed.getRequests()).isEqualTo(guaranteed.getLimits());
    assertThat(burstable.getRequests())
        .containsEntry("cpu", q("500m"))
        .containsEntry("memory", q("1Gi"));
    assertThat(burstable.getLimits()).containsOnlyKeys("memory");
  }

  private static Quantity q(String amount) {
    return new Quantity(amount);
  }

  @Test
  void aSpecWithoutScenarioCannotBeDefaulted() {
    assertThatThrownBy(() -> defaulter.apply(new BenchmarkRunSpec()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("spec.scenario");
  }

  private static LoadTopicSpec topic(BenchmarkRunSpec spec, String name) {
    return spec.getLoad().getTopics().stream()
        .filter(t -> t.getName().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no topic " + name));
  }

  private double totalRate(Scenario scenario) {
    return defaulter.apply(Specs.minimal(scenario)).getLoad().getTopics().stream()
        .mapToDouble(LoadTopicSpec::getRatePerSecond)
        .sum();
  }

  /** JSON paths of every null value below {@code node}. */
  private static List<String> nullFields(JsonNode node, String path) {
    List<String> nulls = new ArrayList<>();
    if (node == null || node.isNull()) {
      nulls.add(path);
    } else if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        nulls.addAll(nullFields(field.getValue(), path + "." + field.getKey()));
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        nulls.addAll(nullFields(node.get(i), path + "[" + i + "]"));
      }
    }
    return nulls;
  }
}
