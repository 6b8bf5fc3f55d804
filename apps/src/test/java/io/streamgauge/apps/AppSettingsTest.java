package io.streamgauge.apps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.common.ReferenceAppSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppSettingsTest {

  @TempDir Path dir;

  @Test
  void environmentVariablesNameSettingsWithUnderscoresForDotsAndDoubleUnderscoresForDashes() {
    assertThat(RawAppSettings.keyOf("STREAMGAUGE_APP_COMMIT_INTERVAL_MS"))
        .isEqualTo("commit.interval.ms");
    assertThat(RawAppSettings.keyOf("STREAMGAUGE_APP_TOPIC_USER__EVENTS"))
        .isEqualTo("topic.user-events");
  }

  @Test
  void defaultsFollowTheScenarioAndKafkaStreams() throws Exception {
    AppSettings settings =
        parse(
            null,
            Map.of(
                "STREAMGAUGE_APP_SCENARIO", "wordcount",
                "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "kafka:9092"));

    assertThat(settings.topology()).isInstanceOf(WordCountTopology.class);
    assertThat(settings.applicationId()).isEqualTo("streamgauge-wordcount");
    assertThat(settings.bootstrapServers()).isEqualTo("kafka:9092");
    assertThat(settings.processingGuarantee()).isEqualTo("at_least_once");
    assertThat(settings.topics())
        .containsExactly(Map.entry("input", "input"), Map.entry("output", "output"));
    assertThat(settings.metricsPort()).isEqualTo(AppSettings.DEFAULT_METRICS_PORT);
    assertThat(settings.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(settings.streamsProperties()).doesNotContainKey("commit.interval.ms");
  }

  @Test
  void theEnvironmentOverridesTheFileAndStreamsPropertiesPassThrough() throws Exception {
    Path file = dir.resolve("app.properties");
    Files.writeString(
        file,
        """
        scenario=stateless-simple
        bootstrap.servers=file:9092
        processing.guarantee=at_least_once
        commit.interval.ms=1000
        topic.input=events
        streams.statestore.cache.max.bytes=0
        streams.producer.linger.ms=5
        """);

    AppSettings settings =
        parse(
            file,
            Map.of(
                "STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2",
                "STREAMGAUGE_APP_NUM_STREAM_THREADS", "4",
                "PATH", "/usr/bin"));

    assertThat(settings.processingGuarantee()).isEqualTo("exactly_once_v2");
    assertThat(settings.bootstrapServers()).isEqualTo("file:9092");
    assertThat(settings.topics())
        .containsEntry("input", "events")
        .containsEntry("output", "output");
    assertThat(settings.streamsProperties())
        .containsEntry("commit.interval.ms", "1000")
        .containsEntry("num.stream.threads", "4")
        .containsEntry("statestore.cache.max.bytes", "0")
        .containsEntry("producer.linger.ms", "5");
  }

  @Test
  void aSharedClustersConnectionSettingsAreTakenUnderTheirOwnNames() throws Exception {
    AppSettings settings =
        parse(
            null,
            Map.of(
                "STREAMGAUGE_APP_SCENARIO", "wordcount",
                "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "kafka:9093",
                "STREAMGAUGE_APP_SECURITY_PROTOCOL", "SASL_SSL",
                "STREAMGAUGE_APP_SASL_MECHANISM", "SCRAM-SHA-512",
                "STREAMGAUGE_APP_SASL_JAAS_CONFIG", "x required;",
                "STREAMGAUGE_APP_SSL_TRUSTSTORE_CERTIFICATES", "-----BEGIN CERTIFICATE-----",
                "STREAMGAUGE_APP_CLIENT_DNS_LOOKUP", "use_all_dns_ips"));

    assertThat(settings.streamsProperties())
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .containsEntry("sasl.jaas.config", "x required;")
        .containsEntry("ssl.truststore.certificates", "-----BEGIN CERTIFICATE-----")
        .containsEntry("client.dns.lookup", "use_all_dns_ips");
  }

  @Test
  void launchersCheckTheEnvironmentTheyWouldPassBeforeStartingTheApp() {
    Map<String, String> env =
        Map.of(
            "STREAMGAUGE_APP_SCENARIO", "custom",
            "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "localhost:9092",
            "PATH", "/usr/bin");

    assertThat(AppSettings.problems(env))
        .singleElement()
        .satisfies(p -> assertThat(p).startsWith("scenario: ").contains("custom"));
    assertThat(
            AppSettings.problems(
                Map.of(
                    "STREAMGAUGE_APP_SCENARIO", "wordcount",
                    "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "localhost:9092")))
        .isEmpty();
  }

  @Test
  void everyProblemIsListedWithTheSettingAndWhereItCameFrom() throws Exception {
    Path file = dir.resolve("bad.properties");
    Files.writeString(
        file,
        """
        scenario=stateless-simple
        processing.guarantee=exactly_once
        comit.interval.ms=100
        topic.words=w
        streams.num.stream.threads=2
        """);

    assertThatThrownBy(
            () ->
                parse(
                    file,
                    Map.of(
                        "STREAMGAUGE_APP_NUM_STREAM_THREADS", "zero",
                        "STREAMGAUGE_APP_METRICS_PORT", "70000")))
        .isInstanceOfSatisfying(
            ContractSettings.InvalidSettingsException.class,
            e ->
                assertThat(e.problems())
                    .containsExactlyInAnyOrder(
                        "bootstrap.servers: required (from default)",
                        "processing.guarantee: must be exactly_once_v2 or at_least_once, got \"exactly_once\" (from "
                            + file
                            + ")",
                        "num.stream.threads: must be a whole number from 1 to 1024, got \"zero\" (from $STREAMGAUGE_APP_NUM_STREAM_THREADS)",
                        "metrics.port: must be a whole number from -1 to 65535, got \"70000\" (from $STREAMGAUGE_APP_METRICS_PORT)",
                        "topic.words: scenario stateless-simple has no topic role \"words\" (roles: input, output) (from "
                            + file
                            + ")",
                        "streams.num.stream.threads: set num.stream.threads directly instead (from "
                            + file
                            + ")",
                        "comit.interval.ms: unknown setting (known: scenario, bootstrap.servers, application.id, processing.guarantee, commit.interval.ms, state.dir, schema.registry.url, metrics.port, shutdown.timeout.ms, instance.count, instance.index, topic.<role>, num.stream.threads, streams.<property>, the connection settings security.*, sasl.*, ssl.*, client.dns.lookup) (from "
                            + file
                            + ")"));
  }

  @Test
  void theSchemaLaunchersCheckWithNamesEveryTopologyAndItsTopicRoles() {
    Map<String, List<String>> topologies = new LinkedHashMap<>();
    Scenarios.ALL.forEach(t -> topologies.put(t.scenario(), t.topicRoles()));

    assertThat(ReferenceAppSchemas.STREAMS_APP.scenarios()).containsExactlyEntriesOf(topologies);
  }

  @Test
  void anUnknownScenarioNamesTheOnesImplemented() {
    assertThatThrownBy(
            () ->
                parse(
                    null,
                    Map.of(
                        "STREAMGAUGE_APP_SCENARIO", "custom",
                        "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "kafka:9092")))
        .hasMessage(
            "scenario: streams-app implements stateless-simple, wordcount, stateless-advanced,"
                + " stateful-joins, state-restoration, not \"custom\" (from"
                + " $STREAMGAUGE_APP_SCENARIO)");
  }

  @Test
  void aMissingFileIsAnError() {
    assertThatThrownBy(() -> RawAppSettings.read(dir.resolve("nope.properties"), Map.of()))
        .hasMessageContaining("nope.properties does not exist");
  }

  private static AppSettings parse(Path file, Map<String, String> env) throws Exception {
    return AppSettings.from(RawAppSettings.read(file, env));
  }
}
