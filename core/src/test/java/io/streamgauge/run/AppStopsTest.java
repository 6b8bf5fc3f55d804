package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.AppExit;
import io.streamgauge.platform.RunContext;
import io.streamgauge.testing.RecordedRunEvents;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AppStopsTest {

  private static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");

  private final RecordedRunEvents events = new RecordedRunEvents();

  private static RunContext run(String windowEnd, String cleanedUp) {
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setMeasurementEndedAt(windowEnd);
    status.setCleanedUpAt(cleanedUp);
    return new RunContext("bench", "r", "uid-1", new BenchmarkRunSpec(), status);
  }

  private static Condition condition(RunContext run) {
    return Conditions.find(run.status().getConditions(), Conditions.APP_STOPPED).orElseThrow();
  }

  @Test
  void stopsCountFromTheWindowsEndOnceCleanedUpAfterAWindowThatEnded() {
    assertThat(AppStops.since(run("2026-12-07T11:58:00Z", null))).isEmpty();
    assertThat(AppStops.since(run("2026-12-07T11:58:00Z", "2026-12-07T11:59:00Z")))
        .contains(Instant.parse("2026-12-07T11:58:00Z"));
    assertThat(AppStops.since(run(null, "2026-12-07T11:59:00Z")))
        .as("a run that ended before its window did: its failure says what the app did")
        .isEmpty();
  }

  @Test
  void cleanExitsSetTheConditionTrueWithoutAWarning() {
    RunContext run = run("2026-12-07T11:58:00Z", "2026-12-07T11:59:00Z");
    boolean changed =
        AppStops.record(
            run,
            List.of(new AppExit("pod app-a", 143, ""), new AppExit("pod app-b", 0, "")),
            events,
            NOW);

    assertThat(changed).isTrue();
    assertThat(condition(run).getStatus()).isEqualTo("True");
    assertThat(condition(run).getReason()).isEqualTo("ExitedCleanly");
    assertThat(condition(run).getMessage())
        .isEqualTo("pod app-a exited with code 143; pod app-b exited with code 0");
    assertThat(events.lines()).isEmpty();
  }

  @Test
  void aCrashOnStopIsFalseAndWarnedOnceNamingThePodAndCode() {
    RunContext run = run("2026-12-07T11:58:00Z", "2026-12-07T11:59:00Z");
    List<AppExit> exits =
        List.of(new AppExit("pod app-a", 143, ""), new AppExit("pod app-b", 134, "Error: SIGSEGV"));

    assertThat(AppStops.record(run, exits, events, NOW)).isTrue();
    assertThat(AppStops.record(run, exits, events, NOW.plusSeconds(1))).isFalse();

    assertThat(condition(run).getStatus()).isEqualTo("False");
    assertThat(condition(run).getReason()).isEqualTo("ExitedWithError");
    assertThat(condition(run).getMessage())
        .isEqualTo("pod app-b exited with code 134 when stopped after the run: Error: SIGSEGV");
    assertThat(events.lines()).hasSize(1);
    assertThat(events.lines().get(0)).contains("pod app-b exited with code 134");
  }

  @Test
  void aLaterPodsEndUpdatesTheCondition() {
    RunContext run = run("2026-12-07T11:58:00Z", "2026-12-07T11:59:00Z");
    AppStops.record(run, List.of(new AppExit("pod app-a", 143, "")), events, NOW);

    assertThat(
            AppStops.record(
                run,
                List.of(new AppExit("pod app-a", 143, ""), new AppExit("pod app-b", 137, "")),
                events,
                NOW.plusSeconds(30)))
        .isTrue();
    assertThat(condition(run).getStatus()).isEqualTo("False");
    assertThat(condition(run).getMessage()).contains("SIGKILL");
  }

  @Test
  void noExitSeenLeavesTheStatusAlone() {
    RunContext run = run("2026-12-07T11:58:00Z", "2026-12-07T11:59:00Z");
    assertThat(AppStops.record(run, List.of(), events, NOW)).isFalse();
    assertThat(Conditions.find(run.status().getConditions(), Conditions.APP_STOPPED)).isEmpty();
  }
}
