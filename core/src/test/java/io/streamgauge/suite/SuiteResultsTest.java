package io.streamgauge.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.status.BenchmarkSuiteStatus;
import io.streamgauge.api.suite.status.ComparisonRowStatus;
import io.streamgauge.compare.GateRule;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.RecordedRuns;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteResultsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
  private static final List<GateRule> RULES =
      List.of(GateRule.parse("latency.p99<=5%"), GateRule.parse("cpu<=10%"));

  @Test
  void aWorseCandidateLosesItsComparisonAndFailsTheGate() {
    SuitePlan plan = plan();
    List<ChildRunStatus> records = ended(plan, 100, 150);

    SuiteResults results = SuiteResults.of("s", plan, records, "a", RULES);

    assertThat(results.gatePassed()).isFalse();
    assertThat(results.gateFailures())
        .startsWith("b/wordcount/exactly_once_v2/x1: latency.p99<=5% (49.5% worse)");
    BenchmarkSuiteStatus status = new BenchmarkSuiteStatus();
    results.applyTo(status);
    assertThat(status.getCells()).hasSize(2);
    assertThat(status.getCells().get(1).getValidRuns()).isEqualTo(3);
    assertThat(status.getCells().get(1).getFigures())
        .anySatisfy(
            f -> {
              assertThat(f.getFigure()).isEqualTo("latency.p99");
              assertThat(f.getMedian()).isEqualTo(151.0);
              assertThat(f.getRuns()).isEqualTo(3);
            });
    assertThat(status.getComparisons()).singleElement();
    ComparisonRowStatus p99 =
        status.getComparisons().get(0).getRows().stream()
            .filter(r -> r.getFigure().equals("latency.p99"))
            .findFirst()
            .orElseThrow();
    assertThat(p99.getDeltaPercent()).isCloseTo(49.5, within(0.01));
    assertThat(p99.getIntervalLowPercent()).isPositive();
    assertThat(p99.getVerdict()).isEqualTo("baseline wins");
    assertThat(status.getComparisons().get(0).getIndicative()).isFalse();
    assertThat(status.getGate().getPassed()).isFalse();
    assertThat(status.getGate().getRules())
        .extracting(r -> r.getCandidate() + " " + r.getRule() + " " + r.getPassed())
        .containsExactly(
            "b/wordcount/exactly_once_v2/x1 latency.p99<=5% false",
            "b/wordcount/exactly_once_v2/x1 cpu<=10% true");

    String md = results.markdown();
    assertThat(md)
        .contains("# Suite `s`")
        .contains("| 3 | s-3 | b/wordcount/exactly_once_v2/x1 | 2 | valid | 151.0 |")
        .contains("| b/wordcount/exactly_once_v2/x1 | 3 of 3 | ")
        .contains("## Comparison: `b/wordcount/exactly_once_v2/x1` (candidate, 3 runs)")
        .contains("## Gate: FAILED")
        .contains("- FAIL `latency.p99<=5%`: 49.5% worse");
    JsonNode json = results.json();
    assertThat(json.get("kind").asText()).isEqualTo("SuiteResult");
    assertThat(json.at("/comparisons/0/gate/passed").asBoolean()).isFalse();
    assertThat(json.at("/cells/1/repetitions/figures/latency.p99/median").asDouble())
        .isEqualTo(151.0);
  }

  @Test
  void anEqualCandidatePassesTheGate() {
    SuitePlan plan = plan();

    SuiteResults results = SuiteResults.of("s", plan, ended(plan, 100, 101), "a", RULES);

    assertThat(results.gatePassed()).as(results.gateFailures()).isTrue();
  }

  @Test
  void aBaselineWithoutAValidRunIsNotComparedAndFailsEveryRule() {
    SuitePlan plan = plan();
    List<ChildRunStatus> records = ended(plan, 100, 100);
    for (int i = 0; i < records.size(); i++) {
      if (plan.cellOf(plan.runs().get(i)).variant().equals("a")) {
        records.get(i).setValid(false);
        records.get(i).setProblems(List.of("failed producedRate 0.5 not >= 0.99"));
      }
    }

    SuiteResults results = SuiteResults.of("s", plan, records, "a", RULES);

    assertThat(results.gatePassed()).isFalse();
    BenchmarkSuiteStatus status = new BenchmarkSuiteStatus();
    results.applyTo(status);
    assertThat(status.getComparisons().get(0).getNotes())
        .singleElement()
        .asString()
        .startsWith("Not compared: the baseline has no valid run to compare");
    assertThat(status.getGate().getRules()).allSatisfy(r -> assertThat(r.getPassed()).isFalse());
    assertThat(results.markdown()).contains("Not compared: the baseline has no valid run");
  }

  private static SuitePlan plan() {
    BenchmarkSuiteSpec spec = SuitePlanTest.twoVariants();
    spec.setRepetitions(3);
    return SuitePlan.of("s", spec);
  }

  /** Every run ended and valid, a's p99 around {@code p99a}, b's around {@code p99b}. */
  private static List<ChildRunStatus> ended(SuitePlan plan, double p99a, double p99b) {
    List<ChildRunStatus> records = RecordedRuns.planned(plan.runs());
    for (int i = 0; i < records.size(); i++) {
      PlannedRun run = plan.runs().get(i);
      double p99 = (plan.cellOf(run).variant().equals("a") ? p99a : p99b) + run.repetition() * 0.5;
      RecordedRuns.started(records.get(i), NOW);
      RecordedRuns.observe(records.get(i), succeeded(p99, 1.0 + run.repetition() * 0.01), NOW);
    }
    return records;
  }

  static JsonNode succeeded(double p99, double cpu) {
    try {
      return JSON.readTree(
          """
          {"status": {"phase": "Succeeded", "summary": {
            "latency": {"p50Ms": %s, "p99Ms": %s},
            "cpuCores": %s, "gcCollectors": ["G1 Young Generation"],
            "checks": [{"name": "producedRate", "passed": true}]}}}
          """
              .formatted(p99 / 2, p99, cpu));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
