package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultDocumentTest {

  @Test
  void holdsTheResolvedSpecTheWindowEveryFigureWithItsQueryAndTheLatencyDocument() {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    Instant start = Instant.parse("2026-11-22T10:10:00Z");
    MeasurementWindow window =
        new MeasurementWindow(
            start, start.plusSeconds(600), Duration.ofSeconds(10), Duration.ofSeconds(30));
    List<FigureResult> figures =
        List.of(
            new FigureResult(
                Component.APP, Figure.CPU_CORES, "cadvisor", "sum(rate(x[600000ms]))", 2.5, null),
            new FigureResult(
                Component.APP, Figure.THREADS, "prometheus-jvm", "q", null, "no data: y"));
    LatencyResults latency =
        LatencyResults.parse("{\"topics\": {\"out\": {\"measurement\": {\"count\": 0}}}}");

    JsonNode doc =
        ResultDocument.build(
            spec, window, figures, SummaryAssembler.assemble(figures, latency, null), latency);

    assertThat(doc.at("/spec/scenario").asText()).isEqualTo("wordcount");
    assertThat(doc.at("/spec/app/resources/limits/cpu").asText())
        .as("Quantities as the API server writes them")
        .isEqualTo("8");
    assertThat(doc.at("/window/measurementStart").asText()).isEqualTo("2026-11-22T10:10:00Z");
    assertThat(doc.at("/window/measurementEnd").asText()).isEqualTo("2026-11-22T10:20:00Z");
    assertThat(doc.at("/figures/0/figure").asText()).isEqualTo("cpuCores");
    assertThat(doc.at("/figures/0/unit").asText()).isEqualTo("cores");
    assertThat(doc.at("/figures/0/query").asText()).isEqualTo("sum(rate(x[600000ms]))");
    assertThat(doc.at("/figures/0/value").asDouble()).isEqualTo(2.5);
    assertThat(doc.at("/figures/1/value").isNull()).isTrue();
    assertThat(doc.at("/figures/1/missing").asText()).isEqualTo("no data: y");
    assertThat(doc.at("/summary/cpuCores").asDouble()).isEqualTo(2.5);
    assertThat(doc.at("/summary/missing/0").asText()).isEqualTo("app.threads: no data: y");
    assertThat(doc.at("/latency/topics/out/measurement/count").asLong()).isZero();
  }
}
