package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.testing.HasTheMachineToItself;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A burst-shaped local run end to end: the load generator learns the window during the warmup and
 * shapes it exactly, the latency consumer keeps every second, and the summary cuts the window into
 * the shape's segments, each with the records it held and how long each burst took to drain.
 */
@HasTheMachineToItself
class LoadShapeLocalE2E {

  private static final Duration RUN_LIMIT = Duration.ofMinutes(4);

  @TempDir Path dir;

  /**
   * stateless-simple under exactly-once at 400 records/s (the E2Es' rate scale), with a burst of 3×
   * for 5 s every 20 s over a 60 s window: three bursts of 6,000 records and three base stretches
   * of 6,000. Exactly-once delivers every record once, so the latency consumer times in each
   * segment exactly the records the shape put there — which holds only if the generator's schedule,
   * the window's whole-second start and the per-second histograms agree to the record.
   */
  @Test
  @Tag("full")
  @Tag("slice-2")
  void aBurstShapedRunReportsEverySegmentExactlyAndEachBurstsDrain() throws Exception {
    Path spec = dir.resolve("burst.yaml");
    Files.writeString(
        spec,
        E2eChecks.withChecks(
            """
            apiVersion: streamgauge.io/v1alpha1
            kind: BenchmarkRun
            metadata: {name: burst-eos}
            spec:
              scenario: stateless-simple
              processingGuarantee: exactly_once_v2
              app:
                image: ghcr.io/streamgauge/streams-app:0.1.0
                metrics: {readinessPath: /health}
                config: {commit.interval.ms: "100"}
              load:
                shape:
                  burst: {factor: 3, length: 5s, period: 20s}
            """));
    Path out = dir.resolve("burst");
    JsonNode result = LocalRunE2E.runValid(out, spec, "60s", RUN_LIMIT);

    Instant start = Instant.parse(result.at("/status/measurementStartedAt").asText());
    assertThat(start.getNano()).as("the window starts on a whole second").isZero();
    JsonNode load = result.at("/status/summary/load");
    assertThat(load.path("shape").asText()).isEqualTo("a burst of 3× for 5s every 20s");
    JsonNode segments = load.path("segments");
    assertThat(segments)
        .extracting(s -> s.path("label").asText())
        .containsExactly("burst", "base", "burst", "base", "burst", "base");
    for (int i = 0; i < segments.size(); i++) {
      JsonNode segment = segments.get(i);
      boolean burst = i % 2 == 0;
      assertThat(segment.path("records").asLong())
          .as("segment %d: %s", i, segment)
          .isEqualTo(6_000L);
      assertThat(segment.path("fromRatePerSec").asDouble())
          .isCloseTo(burst ? 1_200.0 : 400.0, org.assertj.core.api.Assertions.within(1e-6));
      assertThat(segment.at("/latency/samples").asLong())
          .as("segment %d timed every record the shape put in it, once: %s", i, segment)
          .isEqualTo(6_000L);
      assertThat(Instant.parse(segment.at("/latency/from").asText()))
          .isEqualTo(start.plusSeconds(20L * (i / 2) + (burst ? 0 : 5)));
      if (burst) {
        JsonNode drain = segment.path("drainSeconds");
        assertThat(drain.isMissingNode() || drain.asDouble() >= 0 && drain.asDouble() <= 15)
            .as("a drain ends before the next burst or is absent: %s", segment)
            .isTrue();
      }
    }
    assertThat(load.path("bursts").asInt()).isEqualTo(3);
    assertThat(result.at("/status/summary/integrity/lost").asLong()).isZero();
    assertThat(result.at("/status/summary/integrity/duplicated").asLong()).isZero();
    JsonNode checks = result.at("/status/summary/checks");
    assertThat(checks)
        .filteredOn(c -> c.path("name").asText().equals("producedRate"))
        .singleElement()
        .satisfies(
            c ->
                assertThat(c.path("detail").asText())
                    .as("the target is the shape's mean: 1.5 × 400")
                    .contains("of the target 600 records/s (the shape's mean over the window)"));
    assertThat(checks)
        .filteredOn(c -> c.path("name").asText().equals("lagGrowth"))
        .singleElement()
        .satisfies(
            c -> assertThat(c.path("detail").asText()).startsWith("not judged: spec.load.shape"));
    assertThat(Files.readString(out.resolve("report.md")))
        .contains("## Load shape", "The load ran a burst of 3× for 5s every 20s", "| burst | 0 |");
  }
}
