package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContractSettingsTest {

  private static final AppSettingsSchema SCHEMA =
      new AppSettingsSchema(
          "test-app",
          Map.of("stateless-simple", List.of("input", "output")),
          Map.of("parallelism", new AppSettingsSchema.Range(1, 8)),
          List.of("mode"),
          List.of("engine."));

  @Test
  void theContractsDefaultsHoldForAnyRuntime() throws Exception {
    ContractSettings.Parser parser = parser(Map.of());
    ContractSettings contract = parser.contract();

    assertThat(parser.problems()).isEmpty();
    assertThat(contract.applicationId()).isEqualTo("streamgauge-stateless-simple");
    assertThat(contract.exactlyOnce()).isFalse();
    assertThat(contract.processingGuarantee()).isEqualTo("at_least_once");
    assertThat(contract.commitIntervalMs()).isEqualTo(Optional.empty());
    assertThat(contract.metricsPort()).isEqualTo(9404);
    assertThat(contract.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(contract.topics())
        .containsExactly(Map.entry("input", "input"), Map.entry("output", "output"));
    assertThat(parser.wholeNumber("parallelism", 1)).isEqualTo(1);
    assertThat(contract.instanceIndex()).isZero();
    assertThat(contract.instanceCount()).isOne();
  }

  @Test
  void anInstanceKnowsItsPlaceAmongTheAppsInstances() throws Exception {
    ContractSettings.Parser parser =
        parser(
            Map.of("STREAMGAUGE_APP_INSTANCE_INDEX", "2", "STREAMGAUGE_APP_INSTANCE_COUNT", "3"));

    assertThat(parser.problems()).isEmpty();
    assertThat(parser.contract().instanceIndex()).isEqualTo(2);
    assertThat(parser.contract().instanceCount()).isEqualTo(3);
  }

  @Test
  void anInstanceIndexOutsideTheCountIsAProblem() throws Exception {
    ContractSettings.Parser parser =
        parser(
            Map.of("STREAMGAUGE_APP_INSTANCE_INDEX", "2", "STREAMGAUGE_APP_INSTANCE_COUNT", "2"));
    parser.contract();

    assertThat(parser.problems())
        .containsExactly(
            "instance.index: must be below instance.count (2), got 2 (from"
                + " $STREAMGAUGE_APP_INSTANCE_INDEX)");
  }

  @Test
  void theAppsOwnSettingsAndTheConnectionAreHandedOut() throws Exception {
    ContractSettings.Parser parser =
        parser(
            Map.of(
                "STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2",
                "STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "500",
                "STREAMGAUGE_APP_PARALLELISM", "4",
                "STREAMGAUGE_APP_STATE_DIR", "/var/state",
                "STREAMGAUGE_APP_MODE", "fast",
                "STREAMGAUGE_APP_ENGINE_BUFFER_SIZE", "64",
                "STREAMGAUGE_APP_SASL_MECHANISM", "PLAIN"));
    ContractSettings contract = parser.contract();

    assertThat(parser.problems()).isEmpty();
    assertThat(contract.exactlyOnce()).isTrue();
    assertThat(contract.commitIntervalMs()).contains(500L);
    assertThat(contract.connection()).containsExactly(Map.entry("sasl.mechanism", "PLAIN"));
    assertThat(parser.wholeNumber("parallelism", 1)).isEqualTo(4);
    assertThat(contract.stateDir()).contains("/var/state");
    assertThat(parser.value("mode")).contains("fast");
    assertThat(parser.passThrough("engine.")).containsExactly(Map.entry("buffer.size", "64"));
  }

  @Test
  void aLauncherSeesEveryProblemTheAppWouldReport() {
    Map<String, String> env = new HashMap<>();
    env.put("STREAMGAUGE_APP_SCENARIO", "wordcount");
    env.put("STREAMGAUGE_APP_PARALLELISM", "9");
    env.put("STREAMGAUGE_APP_THREADS", "2");

    assertThat(ContractSettings.problems(env, SCHEMA))
        .containsExactlyInAnyOrder(
            "scenario: test-app implements stateless-simple, not \"wordcount\" (from"
                + " $STREAMGAUGE_APP_SCENARIO)",
            "bootstrap.servers: required (from default)",
            "parallelism: must be a whole number from 1 to 8, got \"9\" (from"
                + " $STREAMGAUGE_APP_PARALLELISM)",
            "threads: unknown setting (known: scenario, bootstrap.servers, application.id,"
                + " processing.guarantee, commit.interval.ms, state.dir, schema.registry.url,"
                + " metrics.port,"
                + " shutdown.timeout.ms, instance.count, instance.index, topic.<role>, parallelism, mode, engine.<property>, the"
                + " connection"
                + " settings security.*, sasl.*, ssl.*, client.dns.lookup) (from"
                + " $STREAMGAUGE_APP_THREADS)");
  }

  private static ContractSettings.Parser parser(Map<String, String> extra) throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("STREAMGAUGE_APP_SCENARIO", "stateless-simple");
    env.put("STREAMGAUGE_APP_BOOTSTRAP_SERVERS", "kafka:9092");
    env.putAll(extra);
    return new ContractSettings.Parser(RawAppSettings.read(null, env), SCHEMA);
  }
}
