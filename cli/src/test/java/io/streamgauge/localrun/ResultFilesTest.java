package io.streamgauge.localrun;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.platform.AppExit;
import io.streamgauge.platform.RunContext;
import io.streamgauge.results.ResultDocument;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code result.json} as written is valid against its published schema, which is not vacuous. */
class ResultFilesTest {

  private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

  @Test
  void aSucceededRunsResultIsValid() throws Exception {
    RunContext run = run(Phase.Succeeded);
    MeasurementWindow window =
        new MeasurementWindow(
            START, START.plusSeconds(60), Duration.ofSeconds(5), Duration.ofSeconds(5));
    List<FigureResult> figures =
        List.of(
            new FigureResult(Component.APP, Figure.CPU_CORES, "process", "q1", 1.5, null),
            new FigureResult(
                Component.APP, Figure.GC_PAUSE_MAX_SECONDS, null, null, null, "no query"));
    ObjectNode document = ResultDocument.build(run.spec(), window, figures, new RunSummary(), null);

    ObjectNode json = ResultFiles.resultJson(record(RunOutcome.SUCCEEDED, false), run, document);

    assertThat(problems(json)).isEmpty();
    assertThat(json.path("status").path("phase").asText()).isEqualTo("Succeeded");
    assertThat(json.path("run").path("machine").path("processors").asInt()).isPositive();
    assertThat(json.at("/run/appExits/0/clean").asBoolean()).isTrue();
    assertThat(json.at("/run/appExits/1/exitCode").asInt()).isEqualTo(134);
    assertThat(json.at("/run/appExits/1/clean").asBoolean()).isFalse();
  }

  @Test
  void anAppThatDidNotStopCleanlyIsAWarningInTheReportAndOnTheTerminalNotAFailure() {
    RunRecord record = record(RunOutcome.SUCCEEDED, false);
    // 143 is a JVM's clean stop on SIGTERM; 134 a crash; 137 a SIGKILL after the grace.
    assertThat(new AppExit("a", 143, "").clean()).isTrue();
    assertThat(new AppExit("a", 137, "").warning()).contains("SIGKILL");

    assertThat(record.reportFacts().appExitWarnings())
        .containsExactly(
            "process app-1 (pid 12) exited with code 134 when stopped after the run:"
                + " # A fatal error (log app-1.log)");
    RunContext run = run(Phase.Succeeded);
    assertThat(io.streamgauge.report.LocalReport.terminal(record.reportFacts(), "r", run.status()))
        .contains("  warning: process app-1 (pid 12) exited with code 134")
        .doesNotContain("app-0");
  }

  @Test
  void aRunThatMeasuredNothingIsValidWithANullResult() throws Exception {
    ObjectNode json =
        ResultFiles.resultJson(record(RunOutcome.FAILED, false), run(Phase.Failed), null);

    assertThat(problems(json)).isEmpty();
    assertThat(json.path("result").isNull()).isTrue();
  }

  @Test
  void theSchemaRejectsAMissingFigureWithoutItsReasonAndAnUnknownOutcome() throws Exception {
    RunContext run = run(Phase.Succeeded);
    MeasurementWindow window =
        new MeasurementWindow(
            START, START.plusSeconds(60), Duration.ofSeconds(5), Duration.ofSeconds(5));
    ObjectNode document =
        ResultDocument.build(
            run.spec(),
            window,
            List.of(
                new FigureResult(Component.APP, Figure.HEAP_BYTES, null, null, null, "no data")),
            new RunSummary(),
            null);
    ObjectNode json = ResultFiles.resultJson(record(RunOutcome.SUCCEEDED, false), run, document);
    ((ObjectNode) json.path("result").path("figures").path(0)).remove("missing");
    ((ObjectNode) json.path("run")).put("outcome", "great");

    assertThat(problems(json))
        .extracting(ValidationMessage::getMessage)
        .anySatisfy(m -> assertThat(m).contains("$.run.outcome"))
        .anySatisfy(m -> assertThat(m).contains("$.result.figures[0]", "'missing'"));
  }

  private static RunContext run(Phase phase) {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setPhase(phase);
    PhaseTransition pending = new PhaseTransition();
    pending.setPhase(Phase.Pending);
    pending.setStartedAt(START.toString());
    pending.setMessage("accepted");
    status.getPhaseHistory().add(pending);
    return new RunContext(
        "local", "r", null, new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT)), status);
  }

  private static RunRecord record(RunOutcome outcome, boolean partial) {
    return new RunRecord(
        "r",
        START,
        START.plusSeconds(90),
        outcome,
        partial,
        "reference app",
        new LocalOptions(null, null, null, null, null, 0.5, Duration.ofSeconds(5), null),
        List.of(
            new AppExit("process app-0 (pid 11)", 0, "(log app-0.log)"),
            new AppExit("process app-1 (pid 12)", 134, "# A fatal error (log app-1.log)")));
  }

  private static Set<ValidationMessage> problems(JsonNode json) throws Exception {
    try (InputStream schema = ResultFiles.class.getResourceAsStream(ResultFiles.SCHEMA)) {
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
          .getSchema(schema)
          .validate(json);
    }
  }
}
