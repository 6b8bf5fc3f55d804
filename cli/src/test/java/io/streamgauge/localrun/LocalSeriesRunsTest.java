package io.streamgauge.localrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.suite.spec.BenchmarkSuiteSpec;
import io.streamgauge.api.suite.spec.SuiteMatrix;
import io.streamgauge.api.suite.spec.SuiteVariant;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.series.PlannedSeries;
import io.streamgauge.series.RecordedRuns;
import io.streamgauge.series.SeriesOutcome;
import io.streamgauge.suite.SuitePlan;
import io.streamgauge.testing.Specs;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Local repetitions run through the series driver the operator uses, with runs that write their
 * {@code result.json} as a local run does: a failed run is recorded and the next one runs, as on
 * Kubernetes ({@code RepetitionsMachineTest}); only an interruption stops the series.
 */
class LocalSeriesRunsTest {

  private static final String SUCCEEDED =
      """
      {"status": {"phase": "Succeeded",
        "summary": {"checks": [{"name": "producedRate", "passed": true}]}}}""";
  private static final String FAILED =
      """
      {"status": {"phase": "Failed", "conditions": [
        {"type": "Ready", "reason": "AppFailed", "message": "process app exited with code 1"}]}}""";

  @TempDir Path dir;

  private final List<String> ran = new ArrayList<>();
  private final StringWriter printed = new StringWriter();

  private LocalSeriesRuns runs(Map<Integer, RunOutcome> outcomes) {
    return new LocalSeriesRuns(
        (spec, runDir) -> {
          int index = Integer.parseInt(runDir.getFileName().toString());
          RunOutcome outcome = outcomes.getOrDefault(index, RunOutcome.SUCCEEDED);
          ran.add(spec.name());
          write(runDir, outcome == RunOutcome.SUCCEEDED ? SUCCEEDED : FAILED);
          return outcome;
        },
        run -> new LocalSpec(run.name(), run.spec(), new AppLaunch.Command("true")),
        run -> dir.resolve(Integer.toString(run.index())),
        run -> printed.append("Repetition " + run.index() + "\n"));
  }

  @Test
  void aFailedRepetitionIsRecordedAndTheNextOneRuns() {
    SuitePlan three = SuitePlan.repetitionsOf("wc", withRepetitions(3));
    List<ChildRunStatus> records = RecordedRuns.planned(three.runs());

    Optional<RunOutcome> interrupted =
        runs(Map.of(2, RunOutcome.FAILED))
            .drive(new PlannedSeries(three.runs(), records), Clock.systemUTC());

    assertThat(interrupted).isEmpty();
    assertThat(ran).containsExactly("wc-1", "wc-2", "wc-3");
    assertThat(records)
        .extracting(ChildRunStatus::getPhase)
        .containsExactly(Phase.Succeeded, Phase.Failed, Phase.Succeeded);
    assertThat(records.get(1).getProblems())
        .containsExactly("failed: AppFailed: process app exited with code 1");
    assertThat(SeriesOutcome.of(records)).isEqualTo(SeriesOutcome.INVALID);
    assertThat(printed.toString()).contains("Repetition 1", "Repetition 2", "Repetition 3");
  }

  @Test
  void repetitionsThatAllFailedFailAsOnKubernetes() {
    SuitePlan two = SuitePlan.repetitionsOf("wc", withRepetitions(2));
    List<ChildRunStatus> records = RecordedRuns.planned(two.runs());

    runs(Map.of(1, RunOutcome.FAILED, 2, RunOutcome.FAILED))
        .drive(new PlannedSeries(two.runs(), records), Clock.systemUTC());

    assertThat(SeriesOutcome.of(records)).isEqualTo(SeriesOutcome.FAILED);
  }

  @Test
  void anInterruptedRunStopsTheSeriesWithItsOutcome() {
    SuitePlan three = SuitePlan.repetitionsOf("wc", withRepetitions(3));
    List<ChildRunStatus> records = RecordedRuns.planned(three.runs());

    Optional<RunOutcome> interrupted =
        runs(Map.of(2, RunOutcome.INTERRUPTED))
            .drive(new PlannedSeries(three.runs(), records), Clock.systemUTC());

    assertThat(interrupted).contains(RunOutcome.INTERRUPTED);
    assertThat(ran).containsExactly("wc-1", "wc-2");
    assertThat(records.get(1).getPhase())
        .as("the interrupted run is recorded")
        .isEqualTo(Phase.Failed);
    assertThat(records.get(2).getStartedAt()).isNull();
  }

  @Test
  void aSuiteWithAFailedRunEndsAsRepetitionsDoNotAsAFailedRun() {
    SuitePlan suite = SuitePlan.of("s", twoVariants());
    List<ChildRunStatus> records = RecordedRuns.planned(suite.runs());

    runs(Map.of(2, RunOutcome.FAILED))
        .drive(new PlannedSeries(suite.runs(), records), Clock.systemUTC());

    assertThat(ran).containsExactly("s-1", "s-2");
    assertThat(RunOutcome.of(SeriesOutcome.of(records)))
        .as("one of two runs failed: the suite is invalid (5), as repetitions and as on Kubernetes")
        .isEqualTo(RunOutcome.INVALID);
    assertThat(RunOutcome.of(SeriesOutcome.of(records)).exitCode()).isEqualTo(5);
  }

  @Test
  void aSeriesIsFailedOnlyWhenEveryRunFailedAndValidOnlyWhenEveryRunIs() {
    SuitePlan suite = SuitePlan.of("s", twoVariants());
    List<ChildRunStatus> failed = RecordedRuns.planned(suite.runs());
    runs(Map.of(1, RunOutcome.FAILED, 2, RunOutcome.FAILED))
        .drive(new PlannedSeries(suite.runs(), failed), Clock.systemUTC());
    List<ChildRunStatus> valid = RecordedRuns.planned(suite.runs());
    runs(Map.of()).drive(new PlannedSeries(suite.runs(), valid), Clock.systemUTC());

    assertThat(RunOutcome.of(SeriesOutcome.of(failed)).exitCode()).isEqualTo(4);
    assertThat(RunOutcome.of(SeriesOutcome.of(valid)).exitCode()).isEqualTo(0);
  }

  private static BenchmarkSuiteSpec twoVariants() {
    BenchmarkSuiteSpec spec = new BenchmarkSuiteSpec();
    spec.setTemplate(Specs.minimal(Scenario.WORDCOUNT));
    SuiteVariant a = new SuiteVariant();
    a.setName("a");
    SuiteVariant b = new SuiteVariant();
    b.setName("b");
    SuiteMatrix matrix = new SuiteMatrix();
    matrix.setVariants(List.of(a, b));
    spec.setMatrix(matrix);
    return spec;
  }

  private static BenchmarkRunSpec withRepetitions(int n) {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.setRepetitions(n);
    return spec;
  }

  private static void write(Path runDir, String document) {
    try {
      Files.createDirectories(runDir);
      Files.writeString(runDir.resolve("result.json"), document);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
