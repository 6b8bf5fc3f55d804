package io.streamgauge.clientsapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientsAppSettingsTest {

  private static final Map<String, String> REQUIRED =
      Map.of(
          "STREAMGAUGE_APP_SCENARIO", "stateless-simple",
          "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "kafka:9092");

  @Test
  void theCommitIntervalDefaultsToKafkaStreamsForEachGuarantee() throws Exception {
    ClientsAppSettings atLeastOnce = parse(Map.of());
    ClientsAppSettings exactlyOnce =
        parse(Map.of("STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2"));
    ClientsAppSettings given = parse(Map.of("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "250"));

    assertThat(atLeastOnce.commitInterval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(exactlyOnce.commitInterval()).isEqualTo(Duration.ofMillis(100));
    assertThat(given.commitInterval()).isEqualTo(Duration.ofMillis(250));
    assertThat(atLeastOnce.contract().applicationId()).isEqualTo("streamgauge-stateless-simple");
    assertThat(atLeastOnce.contract().topics())
        .containsExactly(Map.entry("input", "input"), Map.entry("output", "output"));
  }

  @Test
  void clientPropertiesPassThroughAndTheContractsConnectionReachesBothClients() throws Exception {
    ClientsAppSettings settings =
        parse(
            Map.of(
                "STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2",
                "STREAMGAUGE_APP_CONSUMER_MAX_POLL_RECORDS", "200",
                "STREAMGAUGE_APP_PRODUCER_LINGER_MS", "5",
                "STREAMGAUGE_APP_SECURITY_PROTOCOL", "SASL_SSL"));

    Map<String, Object> consumer = ClientsApp.consumerConfig(settings);
    Map<String, Object> producer = ClientsApp.producerConfig(settings);

    assertThat(consumer)
        .containsEntry("max.poll.records", "200")
        .containsEntry("group.id", "streamgauge-stateless-simple")
        .containsEntry("isolation.level", "read_committed")
        .containsEntry("enable.auto.commit", false)
        .containsEntry("security.protocol", "SASL_SSL");
    assertThat(producer)
        .containsEntry("linger.ms", "5")
        .containsEntry("transactional.id", "streamgauge-stateless-simple-0")
        .containsEntry("transaction.timeout.ms", "10000")
        .containsEntry("security.protocol", "SASL_SSL");
    assertThat(ClientsApp.producerConfig(parse(Map.of()))).doesNotContainKey("transactional.id");
  }

  @Test
  void eachInstanceTransactsUnderAnIdMadeFromItsIndex() throws Exception {
    Map<String, String> second =
        Map.of(
            "STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2",
            "STREAMGAUGE_APP_INSTANCE_COUNT", "3",
            "STREAMGAUGE_APP_INSTANCE_INDEX", "1");

    assertThat(ClientsApp.producerConfig(parse(second)))
        .containsEntry("transactional.id", "streamgauge-stateless-simple-1");
  }

  @Test
  void everyProblemIsListedWithTheSettingAndWhereItCameFrom() {
    Map<String, String> env = new HashMap<>(REQUIRED);
    env.put("STREAMGAUGE_APP_SCENARIO", "wordcount");
    env.put("STREAMGAUGE_APP_PRODUCER_TRANSACTIONAL_ID", "mine");
    env.put("STREAMGAUGE_APP_NUM_STREAM_THREADS", "2");

    assertThatThrownBy(() -> ClientsAppSettings.from(RawAppSettings.read(null, env)))
        .isInstanceOfSatisfying(
            ContractSettings.InvalidSettingsException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "scenario: clients-app implements stateless-simple, not \"wordcount\""
                            + " (from $STREAMGAUGE_APP_SCENARIO)",
                        "producer.transactional.id: is set by the app from the contract's"
                            + " settings (from $STREAMGAUGE_APP_PRODUCER_TRANSACTIONAL_ID)",
                        "num.stream.threads: unknown setting (known: scenario,"
                            + " bootstrap.servers, application.id, processing.guarantee,"
                            + " commit.interval.ms, state.dir, schema.registry.url, metrics.port, shutdown.timeout.ms,"
                            + " instance.count, instance.index,"
                            + " topic.<role>, consumer.<property>, producer.<property>, the"
                            + " connection settings security.*, sasl.*, ssl.*, client.dns.lookup)"
                            + " (from $STREAMGAUGE_APP_NUM_STREAM_THREADS)"));
  }

  @Test
  void onlyLongValuesPassUpperCased() {
    assertThat(StatelessSimpleLoop.transform("abcdef".getBytes())).isEqualTo("ABCDEF".getBytes());
    assertThat(StatelessSimpleLoop.transform("abcde".getBytes())).isNull();
    assertThat(StatelessSimpleLoop.transform(null)).isNull();
  }

  private static ClientsAppSettings parse(Map<String, String> extra) throws Exception {
    Map<String, String> env = new HashMap<>(REQUIRED);
    env.putAll(extra);
    return ClientsAppSettings.from(RawAppSettings.read(null, env));
  }
}
