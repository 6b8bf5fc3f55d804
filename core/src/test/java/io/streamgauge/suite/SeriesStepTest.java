package io.streamgauge.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.series.RecordedRuns;
import io.streamgauge.series.SeriesStep;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesStepTest {

  private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

  @Test
  void startsTheFirstRunThenWaitsForItThenStartsTheNextUntilAllEnded() throws Exception {
    SuitePlan plan = SuitePlan.of("s", SuitePlanTest.twoVariants());
    List<ChildRunStatus> records = RecordedRuns.planned(plan.runs());

    assertThat(SeriesStep.next(plan.runs(), records))
        .isEqualTo(new SeriesStep.Start(plan.runs().get(0)));
    RecordedRuns.started(records.get(0), NOW);
    assertThat(SeriesStep.next(plan.runs(), records))
        .isEqualTo(new SeriesStep.Wait(plan.runs().get(0)));
    assertThat(RecordedRuns.completed(records)).isEqualTo("0/2");

    RecordedRuns.observe(
        records.get(0),
        new ObjectMapper()
            .readTree(
                "{\"status\": {\"phase\": \"Failed\", \"conditions\": [{\"type\": \"Ready\", \"reason\": \"AppFailed\", \"message\": \"OOMKilled\"}]}}"),
        NOW);
    assertThat(records.get(0).getPhase()).isEqualTo(Phase.Failed);
    assertThat(records.get(0).getProblems()).containsExactly("failed: AppFailed: OOMKilled");
    assertThat(SeriesStep.next(plan.runs(), records))
        .as("a failed run does not stop the series")
        .isEqualTo(new SeriesStep.Start(plan.runs().get(1)));

    RecordedRuns.started(records.get(1), NOW);
    RecordedRuns.lost(records.get(1), NOW);
    assertThat(records.get(1).getProblems())
        .containsExactly("failed: deleted before it ended (last seen Pending)");
    assertThat(SeriesStep.next(plan.runs(), records)).isEqualTo(new SeriesStep.Done());
    assertThat(RecordedRuns.completed(records)).isEqualTo("2/2");
  }
}
