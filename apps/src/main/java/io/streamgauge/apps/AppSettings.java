package io.streamgauge.apps;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.ReferenceAppSchemas;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The Kafka Streams app's validated settings: the contract's ({@link ContractSettings}) and its own
 * ({@link ReferenceAppSchemas#STREAMS_APP}). Built by {@link #from}, which reports every problem at
 * once.
 *
 * <table>
 *   <caption>Its own settings</caption>
 *   <tr><th>key</th><th>meaning</th></tr>
 *   <tr><td>{@code num.stream.threads}</td><td>default 1</td></tr>
 *   <tr><td>{@code streams.<property>}</td><td>any Kafka Streams or client property, passed
 *       through unchanged</td></tr>
 * </table>
 *
 * <p>{@code commit.interval.ms} defaults to Kafka Streams': 100 under exactly-once, 30000
 * otherwise; {@code state.dir} to Kafka Streams' ({@code <tmp>/kafka-streams}).
 *
 * @param contract the contract's settings, as the other reference apps keep them
 * @param topology the scenario's topology
 * @param streamsProperties everything Kafka Streams is configured with
 */
public record AppSettings(
    ContractSettings contract, ScenarioTopology topology, Properties streamsProperties) {

  /** Default port of /metrics and /health. */
  public static final int DEFAULT_METRICS_PORT = ContractSettings.DEFAULT_METRICS_PORT;

  /** Prefix of properties passed to Kafka Streams unchanged. */
  static final String STREAMS_PREFIX = "streams.";

  /** Kafka Streams' own settings, each given by a setting of the same name. */
  private static final List<String> STREAMS_KEYS =
      List.of(
          StreamsConfig.BOOTSTRAP_SERVERS_CONFIG,
          StreamsConfig.APPLICATION_ID_CONFIG,
          StreamsConfig.PROCESSING_GUARANTEE_CONFIG,
          StreamsConfig.COMMIT_INTERVAL_MS_CONFIG,
          StreamsConfig.NUM_STREAM_THREADS_CONFIG,
          StreamsConfig.STATE_DIR_CONFIG);

  /** Topic name by role. */
  public Map<String, String> topics() {
    return contract.topics();
  }

  /** The schema registry of a scenario of registered Avro records. */
  public Optional<String> schemaRegistryUrl() {
    return contract.schemaRegistryUrl();
  }

  /** The port of /metrics and /health (0 any, -1 off). */
  public int metricsPort() {
    return contract.metricsPort();
  }

  /** How long closing the streams may take. */
  public Duration shutdownTimeout() {
    return contract.shutdownTimeout();
  }

  /** The bootstrap servers. */
  public String bootstrapServers() {
    return streamsProperties.getProperty(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG);
  }

  /** The application id (consumer group and prefix of internal topics). */
  public String applicationId() {
    return streamsProperties.getProperty(StreamsConfig.APPLICATION_ID_CONFIG);
  }

  /** The processing guarantee. */
  public String processingGuarantee() {
    return streamsProperties.getProperty(
        StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
  }

  /**
   * Every problem of the settings that the environment variables {@code env} ({@code
   * STREAMGAUGE_APP_*}, other variables ignored) describe; empty when the app would start with
   * them. For launchers that check the app's settings before starting it.
   */
  public static List<String> problems(Map<String, String> env) {
    return ContractSettings.problems(env, ReferenceAppSchemas.STREAMS_APP);
  }

  /** Validates {@code raw}; lists every problem at once. */
  static AppSettings from(RawAppSettings raw) throws ContractSettings.InvalidSettingsException {
    ContractSettings.Parser parser =
        new ContractSettings.Parser(raw, ReferenceAppSchemas.STREAMS_APP);
    ContractSettings contract = parser.contract();
    Properties streams = new Properties();
    Map<String, String> passThrough = parser.passThrough(STREAMS_PREFIX);
    passThrough.forEach(
        (property, value) -> {
          if (STREAMS_KEYS.contains(property)) {
            parser.problem(STREAMS_PREFIX + property, "set " + property + " directly instead");
          } else {
            streams.setProperty(property, value);
          }
        });
    parser.check();
    streams.setProperty(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, contract.bootstrapServers());
    streams.setProperty(StreamsConfig.APPLICATION_ID_CONFIG, contract.applicationId());
    if (raw.values().containsKey(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)) {
      streams.setProperty(
          StreamsConfig.PROCESSING_GUARANTEE_CONFIG, contract.processingGuarantee());
    }
    contract
        .commitIntervalMs()
        .ifPresent(ms -> streams.setProperty(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "" + ms));
    parser
        .value(StreamsConfig.NUM_STREAM_THREADS_CONFIG)
        .ifPresent(v -> streams.setProperty(StreamsConfig.NUM_STREAM_THREADS_CONFIG, v));
    contract.stateDir().ifPresent(v -> streams.setProperty(StreamsConfig.STATE_DIR_CONFIG, v));
    contract.connection().forEach(streams::setProperty);
    return new AppSettings(contract, Scenarios.find(contract.scenario()).orElseThrow(), streams);
  }
}
