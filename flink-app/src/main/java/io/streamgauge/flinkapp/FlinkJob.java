package io.streamgauge.flinkapp;

import io.streamgauge.common.ContractSettings;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * A scenario's Flink job: the Kafka source, the scenario's pipeline and the Kafka sink, with the
 * configuration the contract asks for.
 *
 * <ul>
 *   <li>Checkpoints every commit interval, exactly-once (aligned) or at-least-once: the sink
 *       commits its Kafka transaction and the source its offsets when one completes, so under
 *       exactly-once a {@code read_committed} reader sees output once per checkpoint, as it sees
 *       Kafka Streams' once per commit.
 *   <li>The source reads from the group's committed offsets ({@code application.id}), else from the
 *       earliest; {@code read_committed}. The sink's transactional ids start with {@code
 *       application.id}.
 *   <li>RocksDB keyed state (as Kafka Streams' stores), object reuse, no restart on failure (a
 *       failure ends the app, as a failed stream thread ends the Kafka Streams app); {@code
 *       flink.*} overrides any of these.
 *   <li>With a {@code state.dir}, checkpoints are kept there (the last one, also when the job is
 *       cancelled or killed) and the job resumes from it when the app starts again.
 * </ul>
 */
final class FlinkJob {

  /** Every scenario this app implements. */
  static final List<FlinkScenario> SCENARIOS =
      List.of(new StatelessSimpleJob(), new WordCountJob());

  private FlinkJob() {}

  /** The job's own configuration: the app's defaults, then {@code flink.*}. */
  static Configuration configuration(FlinkAppSettings settings) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("state.backend.type", "rocksdb");
    options.put("pipeline.object-reuse", "true");
    options.put("restart-strategy.type", "none");
    settings
        .stateDir()
        .ifPresent(
            dir -> {
              options.put("state.backend.rocksdb.localdir", Path.of(dir, "rocksdb").toString());
              options.put("execution.checkpointing.storage", "filesystem");
              options.put(
                  "execution.checkpointing.dir",
                  RetainedCheckpoints.directory(dir).toUri().toString());
              options.put(
                  "execution.checkpointing.externalized-checkpoint-retention",
                  "RETAIN_ON_CANCELLATION");
              options.put("execution.checkpointing.num-retained", "1");
            });
    options.putAll(settings.flink());
    options.put("execution.checkpointing.interval", settings.commitInterval().toMillis() + " ms");
    options.put(
        "execution.checkpointing.mode",
        settings.contract().exactlyOnce() ? "EXACTLY_ONCE" : "AT_LEAST_ONCE");
    options.put("parallelism.default", String.valueOf(settings.parallelism()));
    return Configuration.fromMap(options);
  }

  /**
   * The job of {@code settings}' scenario, ready to submit: resuming from the last checkpoint
   * retained in the state directory, when there is one ({@link RetainedCheckpoints}).
   */
  static StreamGraph build(FlinkAppSettings settings) {
    ContractSettings contract = settings.contract();
    FlinkScenario scenario =
        SCENARIOS.stream()
            .filter(s -> s.scenario().equals(contract.scenario()))
            .findFirst()
            .orElseThrow();
    StreamExecutionEnvironment env =
        StreamExecutionEnvironment.getExecutionEnvironment(configuration(settings));
    DataStream<KafkaRecord> input =
        env.fromSource(source(settings), WatermarkStrategy.noWatermarks(), "kafka-source")
            .name("read " + contract.topics().get("input"));
    scenario.apply(input).sinkTo(sink(settings)).name("write " + contract.topics().get("output"));
    StreamGraph graph = env.getStreamGraph();
    graph.setJobName("streamgauge " + contract.scenario() + " as " + contract.applicationId());
    resumedFrom(settings)
        .ifPresent(
            checkpoint ->
                graph.setSavepointRestoreSettings(
                    SavepointRestoreSettings.forPath(checkpoint.toUri().toString(), false)));
    return graph;
  }

  /** The retained checkpoint the job resumes from, if any. */
  static Optional<Path> resumedFrom(FlinkAppSettings settings) {
    return settings
        .stateDir()
        .flatMap(d -> RetainedCheckpoints.latest(RetainedCheckpoints.directory(d)));
  }

  private static KafkaSource<KafkaRecord> source(FlinkAppSettings settings) {
    ContractSettings contract = settings.contract();
    Properties properties = new Properties();
    properties.putAll(contract.connection());
    properties.put("isolation.level", "read_committed");
    // Partitions are looked up again every 10 s (Flink's default is 5 minutes), so a partition the
    // first look-up missed is read within seconds rather than minutes.
    properties.put("partition.discovery.interval.ms", "10000");
    properties.putAll(settings.consumer());
    return KafkaSource.<KafkaRecord>builder()
        .setBootstrapServers(contract.bootstrapServers())
        .setTopics(contract.topics().get("input"))
        .setGroupId(contract.applicationId())
        .setStartingOffsets(OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
        .setDeserializer(new KafkaRecordSchemas.Reader())
        .setProperties(properties)
        .build();
  }

  /**
   * The sink's transaction timeout: three checkpoint intervals, at least a minute (a transaction
   * stays open from one checkpoint to the next) and at most the brokers' default ceiling ({@code
   * transaction.max.timeout.ms}, 15 minutes). A restarted job aborts what it left open itself, so
   * the timeout only bounds a job that never comes back.
   */
  static long transactionTimeoutMs(FlinkAppSettings settings) {
    long threeCheckpoints = 3 * settings.commitInterval().toMillis();
    return Math.min(Math.max(threeCheckpoints, 60_000), 900_000);
  }

  private static KafkaSink<KafkaRecord> sink(FlinkAppSettings settings) {
    ContractSettings contract = settings.contract();
    Properties properties = new Properties();
    properties.putAll(contract.connection());
    properties.put("transaction.timeout.ms", String.valueOf(transactionTimeoutMs(settings)));
    properties.putAll(settings.producer());
    return KafkaSink.<KafkaRecord>builder()
        .setBootstrapServers(contract.bootstrapServers())
        .setKafkaProducerConfig(properties)
        .setRecordSerializer(new KafkaRecordSchemas.Writer(contract.topics().get("output")))
        .setDeliveryGuarantee(
            contract.exactlyOnce()
                ? DeliveryGuarantee.EXACTLY_ONCE
                : DeliveryGuarantee.AT_LEAST_ONCE)
        .setTransactionalIdPrefix(contract.applicationId())
        .build();
  }
}
