package io.streamgauge.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void repetitionsGiveMediansIntervalsAndVerdicts() {
    Comparison c =
        Comparison.of(
            "ks",
            List.of(
                run("ks/1", "ks", 200, 1.30),
                run("ks/2", "ks", 204, 1.31),
                run("ks/3", "ks", 198, 1.29)),
            "sf",
            List.of(
                run("sf/1", "sf", 150, 1.30),
                run("sf/2", "sf", 152, 1.32),
                run("sf/3", "sf", 149, 1.30)),
            false);

    assertThat(c.indicative()).isFalse();
    ComparisonRow p99 = c.row(ComparedFigure.LATENCY_P99);
    assertThat(p99.baseline().median()).isEqualTo(200);
    assertThat(p99.candidate().median()).isEqualTo(150);
    assertThat(p99.interval()).isNotNull();
    assertThat(p99.verdict()).isEqualTo(Verdict.CANDIDATE_WINS);
    assertThat(c.row(ComparedFigure.CPU).verdict()).isEqualTo(Verdict.PARITY);
    assertThat(c.row(ComparedFigure.RESTORATION_SECONDS)).as("measured by neither").isNull();
    assertThat(c.specDifferences()).containsExactly("spec.app.image: ks → sf");
    assertThat(c.notes()).isEmpty();

    String table = ComparisonMarkdown.render(c);
    assertThat(table)
        .contains("| Metric | baseline | candidate | Δ% | 95% CI of Δ | noise floor | verdict |")
        .contains("| True E2E p99 (ms) | 200.0 (198.0–204.0) | 150.0 (149.0–152.0) | -25.0% | [")
        .contains("candidate wins")
        .contains("- `spec.app.image: ks → sf`");
    JsonNode json = ComparisonJson.render(c);
    JsonNode row = json.get("rows").get(0);
    assertThat(row.get("figure").asText()).isEqualTo("latency.p99");
    assertThat(row.get("delta").asDouble()).isEqualTo(-0.25);
    assertThat(row.get("interval").get("high").asDouble()).isNegative();
    assertThat(json.get("baseline").get("runs")).hasSize(3);
  }

  /** A moved latency says which stage moved: here the commit wait, not the time through the app. */
  @Test
  void theStagesAreComparedSoTheOneThatMovedIsNamed() {
    Comparison c =
        Comparison.of(
            "100ms",
            List.of(
                staged("a/1", 200, 60, 120),
                staged("a/2", 202, 61, 121),
                staged("a/3", 199, 59, 119)),
            "200ms",
            List.of(
                staged("b/1", 300, 60, 220),
                staged("b/2", 305, 62, 223),
                staged("b/3", 298, 60, 218)),
            false);

    assertThat(c.row(ComparedFigure.STAGE_COMMIT_WAIT_P99).verdict())
        .isEqualTo(Verdict.BASELINE_WINS);
    assertThat(c.row(ComparedFigure.STAGE_THROUGH_APP_P99).verdict()).isEqualTo(Verdict.PARITY);
    assertThat(c.row(ComparedFigure.STAGE_PUBLISH_DELAY_P99)).as("measured by neither").isNull();
    assertThat(ComparisonMarkdown.render(c))
        .contains(
            "| E2E stage: commit wait p99 (ms) | 120.0 (119.0–121.0) | 220.0 (218.0–223.0) |");
  }

  private static ComparedRun staged(String source, double p99, double throughApp, double commit) {
    ObjectNode doc = JSON.createObjectNode();
    ObjectNode spec = doc.putObject("spec");
    spec.put("scenario", "stateless-simple");
    spec.putObject("load").put("ratePerSecond", 1000);
    ObjectNode latency = doc.putObject("status").putObject("summary").putObject("latency");
    latency.put("p99Ms", p99);
    ObjectNode stages = latency.putObject("stages");
    stages.putObject("throughApp").put("p99Ms", throughApp);
    stages.putObject("commitWait").put("p99Ms", commit);
    return ComparedRun.of(source, doc);
  }

  @Test
  void oneRunPerSideIsIndicativeOnly() {
    Comparison c =
        Comparison.of(
            "a", List.of(run("a", "img", 100, 1.0)), "b", List.of(run("b", "img", 90, 1.0)), false);
    assertThat(c.indicative()).isTrue();
    assertThat(c.row(ComparedFigure.LATENCY_P99).interval()).isNull();
    assertThat(c.notes()).anyMatch(n -> n.startsWith("Indicative only"));
    assertThat(c.specDifferences()).isEmpty();
    assertThat(ComparisonMarkdown.render(c))
        .contains("Spec differences (baseline → candidate): none.");
  }

  @Test
  void invalidRunsAreLeftOutAndSaidSoUnlessKept() {
    ComparedRun invalid = run("a/2", "img", 900, 1.0, "lagGrowth");
    Comparison c =
        Comparison.of(
            "a",
            List.of(run("a/1", "img", 100, 1.0), invalid),
            "b",
            List.of(run("b", "img", 100, 1.0)),
            false);
    assertThat(c.baseline()).hasSize(1);
    assertThat(c.notes())
        .contains("Left out as invalid (baseline): a/2 failed lagGrowth 17.250 not <= 10.");

    Comparison kept =
        Comparison.of(
            "a",
            List.of(run("a/1", "img", 100, 1.0), invalid),
            "b",
            List.of(run("b", "img", 100, 1.0)),
            true);
    assertThat(kept.baseline()).hasSize(2);
    assertThat(kept.notes())
        .contains("Kept although invalid (baseline): a/2 failed lagGrowth 17.250 not <= 10.");

    assertThatThrownBy(
            () ->
                Comparison.of(
                    "a", List.of(invalid), "b", List.of(run("b", "img", 100, 1.0)), false))
        .isInstanceOf(Comparison.NothingToCompareException.class)
        .hasMessage(
            "the baseline has no valid run to compare (1 invalid; --include-invalid keeps them)");
  }

  @Test
  void aDifferentLoadOrRepetitionsOfDifferentSpecsAreFlagged() {
    ComparedRun other = run("b/2", "img", 100, 1.0);
    ((ObjectNode) other.setup().get("spec").get("load")).put("ratePerSecond", 2000);
    Comparison c =
        Comparison.of(
            "a",
            List.of(run("a", "img", 100, 1.0)),
            "b",
            List.of(other, run("b/1", "img", 100, 1.0)),
            false);
    assertThat(c.notes())
        .contains("Not like for like: the sides' load differ (see the spec differences).")
        .anyMatch(n -> n.startsWith("The candidate's runs are not repetitions of one spec: b/1"));
    assertThat(c.specDifferences()).containsExactly("spec.load.ratePerSecond: 1000 → 2000");
  }

  @Test
  void aFailedOrInterruptedRunsPartialFiguresAreNotCompared() {
    ObjectNode doc = JSON.createObjectNode();
    doc.putObject("run").put("outcome", "interrupted").put("partial", true).put("app", "x");
    ObjectNode status = doc.putObject("status").put("phase", "Failed");
    status.putObject("summary").putObject("latency").put("p99Ms", 50.0);
    ComparedRun interrupted = ComparedRun.of("a/3/result.json", doc);

    assertThat(interrupted.valid()).isFalse();
    assertThat(interrupted.problems())
        .containsExactly("did not succeed (Failed; its figures are partial)");
    Comparison c =
        Comparison.of(
            "a",
            List.of(run("a/1", "img", 100, 1.0), interrupted),
            "b",
            List.of(run("b", "img", 100, 1.0)),
            false);
    assertThat(c.baseline()).hasSize(1);
    assertThat(c.notes())
        .contains(
            "Left out as invalid (baseline): a/3/result.json did not succeed (Failed; its figures"
                + " are partial).");
  }

  @Test
  void aDocumentWithoutSummaryIsNotAResult() {
    ObjectNode failed = JSON.createObjectNode();
    failed.putObject("run").put("outcome", "failed");
    failed.putObject("status").put("phase", "Failed");
    assertThatThrownBy(() -> ComparedRun.of("x/result.json", failed))
        .hasMessage("x/result.json: the run failed without a summary");
    assertThatThrownBy(() -> ComparedRun.of("y.json", JSON.createObjectNode()))
        .hasMessage("y.json: no status.summary or summary: not a Streamgauge result");
  }

  static ComparedRun run(String source, String image, double p99, double cpu, String... failed) {
    ObjectNode doc = JSON.createObjectNode();
    ObjectNode spec = doc.putObject("spec");
    spec.put("scenario", "stateless-simple");
    spec.putObject("app").put("image", image);
    spec.putObject("load").put("ratePerSecond", 1000);
    ObjectNode summary = doc.putObject("status").putObject("summary");
    summary.putObject("latency").put("p99Ms", p99);
    summary.put("cpuCores", cpu);
    var checks = summary.putArray("checks");
    checks.addObject().put("name", "producedRate").put("passed", true);
    for (String name : failed) {
      checks
          .addObject()
          .put("name", name)
          .put("value", 17.25)
          .put("threshold", 10.0)
          .put("comparison", "<=")
          .put("passed", false);
    }
    return ComparedRun.of(source, doc);
  }
}
