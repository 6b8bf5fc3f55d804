package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.Scenario;
import io.streamgauge.common.DocumentReader;
import io.streamgauge.latency.LatencySettings;
import io.streamgauge.latency.SettingsValidator;
import io.streamgauge.loadgen.Workload;
import io.streamgauge.loadgen.WorkloadReader;
import io.streamgauge.loadgen.WorkloadValidator;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The documents the platforms hand to the clients, read and validated by the clients' own code. */
class ClientDocumentsTest {

  private final SpecDefaulter defaulter = new SpecDefaulter();

  @ParameterizedTest
  @EnumSource(
      value = Scenario.class,
      names = {"STATELESS_SIMPLE", "WORDCOUNT"})
  void theWorkloadIsOneTheLoadGeneratorAccepts(Scenario scenario) {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(scenario));

    Workload workload =
        WorkloadReader.parse(
            ClientDocuments.workload(spec, "kafka:9092").toString(), "operator workload");

    assertThat(WorkloadValidator.problems(workload)).isEmpty();
    assertThat(workload.bootstrapServers()).isEqualTo("kafka:9092");
    assertThat(workload.duration()).isEqualTo("22m");
    assertThat(workload.producers()).isEqualTo(1);
    assertThat(workload.topics()).hasSize(1);
    assertThat(workload.topics().get(0).ratePerSecond())
        .isEqualTo(spec.getLoad().getTopics().get(0).getRatePerSecond());
    assertThat(workload.topics().get(0).record().format())
        .isEqualTo(scenario == Scenario.WORDCOUNT ? "text" : "string");
  }

  @Test
  void theLatencySettingsAreOnesTheLatencyConsumerAccepts() {
    BenchmarkRunSpec stateless = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    BenchmarkRunSpec wordcount = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));

    LatencySettings s = read(ClientDocuments.latencySettings(stateless, "kafka:9092").toString());
    LatencySettings w = read(ClientDocuments.latencySettings(wordcount, "kafka:9092").toString());

    assertThat(SettingsValidator.problems(s)).isEmpty();
    assertThat(s.topics()).containsExactly("output");
    assertThat(s.isolationLevel()).isEqualTo("read_committed");
    assertThat(s.httpPort()).isEqualTo(ClientDocuments.LATENCY_PORT);
    assertThat(s.integrity()).as("stateless keeps records one to one").isTrue();
    assertThat(w.integrity()).as("wordcount aggregates").isFalse();
  }

  private static LatencySettings read(String json) {
    return DocumentReader.parse(json, "operator latency settings", LatencySettings.class);
  }
}
