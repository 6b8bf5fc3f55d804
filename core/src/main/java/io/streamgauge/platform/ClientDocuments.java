package io.streamgauge.platform;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.JoinEntity;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.RecordSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ValueSizeSpec;
import io.streamgauge.common.SpecDuration;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.scenario.AppCommitInterval;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings documents of the load generator ({@code STREAMGAUGE_WORKLOAD}) and the latency
 * consumer ({@code STREAMGAUGE_LATENCY}) for a run, as every platform passes them.
 */
public final class ClientDocuments {

  /** Port of the latency consumer's API (/windows, /results, /metrics). */
  public static final int LATENCY_PORT = 9401;

  /** Port of the load generator's /metrics. */
  public static final int LOAD_METRICS_PORT = 9402;

  /**
   * How long the load runs past the measurement window's end, so the window's last records are
   * processed and read under the same load as the rest.
   */
  public static final Duration LOAD_MARGIN = Duration.ofMinutes(1);

  private static final ObjectMapper JSON = new ObjectMapper();

  private ClientDocuments() {}

  /**
   * The load generator's workload: the run's load at its rates (reached over {@code
   * schedule.rampUp} when set), with an absolute end. The windows are fixed only once every
   * generator runs, so the generators ask the latency consumer for them ({@code GET /windows}) and
   * stop {@link #LOAD_MARGIN} after the measurement ends — at the run's deadline at the latest,
   * should they never learn the windows.
   *
   * @param run the run, already started (its deadline counts from its first phase)
   * @param latencyConsumer the latency consumer's API as the generators reach it
   */
  public static ObjectNode workload(RunContext run, String bootstrapServers, URI latencyConsumer) {
    BenchmarkRunSpec spec = run.spec();
    ObjectNode doc = JSON.createObjectNode();
    doc.put("bootstrapServers", bootstrapServers);
    boolean prepopulate = spec.getScenario() == Scenario.STATE_RESTORATION;
    doc.put("mode", prepopulate ? "prepopulate" : "run");
    if (!prepopulate) {
      doc.put("windowsUrl", latencyConsumer.toString());
      doc.put("endAfterMeasurement", SpecDuration.format(LOAD_MARGIN));
      if (spec.getSchedule().getRampUp() != null) {
        doc.put("rampUp", spec.getSchedule().getRampUp());
      }
      if (spec.getLoad().getShape() != null) {
        doc.set(
            "shape",
            JSON.valueToTree(
                LoadShapes.cycle(spec.getLoad().getShape(), run.durations().measurement())));
      }
    }
    doc.put("endAt", run.deadline().toString());
    doc.put("producers", spec.getLoad().getProducers());
    if (spec.getLoad().getSeed() != null) {
      doc.put("seed", spec.getLoad().getSeed());
    }
    doc.put("metricsPort", LOAD_METRICS_PORT);
    if (run.status().getSchemaRegistryUrl() != null) {
      doc.put("schemaRegistryUrl", run.status().getSchemaRegistryUrl());
    }
    // The trace header only where the latency consumer tracks integrity: an app copies headers to
    // every record it derives (wordcount: ~30 per line), a cost another runtime may not pay.
    doc.put("trace", keepsRecordsOneToOne(spec.getScenario()));
    Map<String, String> producerConfig = new LinkedHashMap<>(sharedClusterConfig(spec));
    if (spec.getLoad().getProducerConfig() != null) {
      producerConfig.putAll(spec.getLoad().getProducerConfig());
    }
    if (!producerConfig.isEmpty()) {
      ObjectNode config = doc.putObject("producerConfig");
      producerConfig.forEach(config::put);
    }
    ArrayNode topics = doc.putArray("topics");
    for (LoadTopicSpec t : spec.getLoad().getTopics()) {
      ObjectNode topic = topics.addObject();
      topic.put("name", t.getName());
      if (prepopulate) {
        topic.put("prepopulateRecords", t.getPrepopulateRecords());
      } else {
        topic.put("ratePerSecond", t.getRatePerSecond());
      }
      topic.set("record", record(t.getRecord()));
    }
    return doc;
  }

  /**
   * The latency consumer's settings: the run's output topics, its isolation level, whether it
   * splits latency into stages, integrity for topologies that keep records one to one, the API on
   * {@link #LATENCY_PORT}, and the app's group (its application.id) and input topics, whose lag it
   * samples.
   */
  public static ObjectNode latencySettings(RunContext run, String bootstrapServers) {
    BenchmarkRunSpec spec = run.spec();
    ObjectNode doc = JSON.createObjectNode();
    doc.put("bootstrapServers", bootstrapServers);
    ArrayNode topics = doc.putArray("topics");
    spec.getLatency().getTopics().forEach(topics::add);
    doc.put("isolationLevel", wire(spec.getLatency().getIsolationLevel()));
    doc.put("stages", !Boolean.FALSE.equals(spec.getLatency().getStages()));
    doc.put("startFrom", "latest");
    doc.put("httpPort", LATENCY_PORT);
    doc.put("integrity", keepsRecordsOneToOne(spec.getScenario()));
    Map<String, String> sources = integritySources(spec);
    if (!sources.isEmpty()) {
      ObjectNode bySource = doc.putObject("integritySources");
      sources.forEach((output, input) -> bySource.putArray(output).add(input));
    }
    doc.put("producers", spec.getLoad().getProducers());
    doc.put("appGroup", RunTopics.applicationId(run));
    ArrayNode inputs = doc.putArray("appInputTopics");
    spec.getLoad().getTopics().forEach(t -> inputs.add(t.getName()));
    doc.put("appCommitIntervalMs", AppCommitInterval.of(spec).toMillis());
    // A fault's before, during and after are known only once it recovered, and a shape's segments
    // are whole seconds: keep every second.
    doc.put("perSecond", spec.hasFaults() || spec.getLoad().getShape() != null);
    Map<String, String> consumerConfig = sharedClusterConfig(spec);
    if (!consumerConfig.isEmpty()) {
      ObjectNode config = doc.putObject("consumerConfig");
      consumerConfig.forEach(config::put);
    }
    return doc;
  }

  /**
   * {@code spec.kafka.external.clientConfig} and the settings its {@code tls} and {@code
   * authentication} stand for without their secrets ({@link KafkaSecurity#settings}), which every
   * client of the run gets (the operator's admin client, the app, the load generators, the latency
   * consumer); empty on a Kafka of the run's own. The secret settings travel separately.
   */
  public static Map<String, String> sharedClusterConfig(BenchmarkRunSpec spec) {
    if (spec.getKafka() == null || spec.getKafka().getExternal() == null) {
      return Map.of();
    }
    Map<String, String> config = new LinkedHashMap<>();
    if (spec.getKafka().getExternal().getClientConfig() != null) {
      config.putAll(spec.getKafka().getExternal().getClientConfig());
    }
    config.putAll(KafkaSecurity.of(spec).settings());
    return config;
  }

  /**
   * True for topologies whose every output record stands for one input record (so integrity
   * applies): stateless-simple's output is its input, and each of stateful-joins' outputs holds one
   * enriched record per record of one input ({@link #integritySources}).
   */
  public static boolean keepsRecordsOneToOne(Scenario scenario) {
    return scenario == Scenario.STATELESS_SIMPLE || scenario == Scenario.STATEFUL_JOINS;
  }

  /**
   * Output topic → the input topic it holds one record per record of, where a topology has several
   * outputs fed by different inputs (stateful-joins: enriched-orders ← orders, enriched-shipments ←
   * shipments, enriched-reviews ← reviews); empty where every output is checked against every
   * input.
   */
  static Map<String, String> integritySources(BenchmarkRunSpec spec) {
    if (spec.getScenario() != Scenario.STATEFUL_JOINS) {
      return Map.of();
    }
    List<JoinEntity> drivers = List.of(JoinEntity.ORDER, JoinEntity.SHIPMENT, JoinEntity.REVIEW);
    List<String> outputs = spec.getLatency().getTopics();
    Map<String, String> sources = new LinkedHashMap<>();
    for (int i = 0; i < Math.min(drivers.size(), outputs.size()); i++) {
      JoinEntity driver = drivers.get(i);
      String output = outputs.get(i);
      spec.getLoad().getTopics().stream()
          .filter(t -> t.getRecord() != null && t.getRecord().getEntity() == driver)
          .findFirst()
          .ifPresent(t -> sources.put(output, t.getName()));
    }
    return sources;
  }

  private static ObjectNode record(RecordSpec spec) {
    ObjectNode record = JSON.createObjectNode();
    record.put("format", wire(spec.getFormat()));
    ValueSizeSpec size = spec.getValueSize();
    ObjectNode valueSize = record.putObject("valueSize");
    if (size.getFixed() != null) {
      valueSize.put("fixed", size.getFixed());
    } else {
      valueSize.put("min", size.getMin());
      valueSize.put("max", size.getMax());
      if (size.getMean() != null) {
        valueSize.put("mean", size.getMean());
      }
    }
    record.put("keys", spec.getKeys());
    if (spec.getKeyDistribution() != null) {
      record.put("keyDistribution", wire(spec.getKeyDistribution()));
    }
    if (spec.getWords() != null) {
      record.put("words", spec.getWords());
    }
    if (spec.getMessage() != null) {
      record.put("message", wire(spec.getMessage()));
    }
    if (spec.getEntity() != null) {
      record.put("entity", wire(spec.getEntity()));
    }
    return record;
  }

  /** An enum as the spec writes it (its JSON name). */
  private static String wire(Enum<?> value) {
    return JSON.convertValue(value, String.class);
  }
}
