package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.RecordedRunEvents;
import io.streamgauge.testing.Specs;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one way a run's phase and conditions change, for runs and for runs of runs alike. */
class RunTransitionsTest {

  private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

  private final List<String> events = new ArrayList<>();
  private final RunTransitions transitions = new RunTransitions(new RecordedRunEvents(events));
  private final RunContext run =
      new RunContext(
          "bench",
          "wc",
          "uid",
          new SpecDefaulter().apply(Specs.minimal(Scenario.WORDCOUNT)),
          new BenchmarkRunStatus(),
          7L);

  @Test
  void conditionsCarryTheRunsGeneration() {
    transitions.accept(run, T0);
    transitions.succeed(run, T0.plusSeconds(1), "done");
    transitions.invalid(run, T0.plusSeconds(1), "ChecksFailed", "producedRate 0.9 not >= 0.99");

    assertThat(run.status().getConditions())
        .extracting(Condition::getType, Condition::getStatus, Condition::getObservedGeneration)
        .containsExactlyInAnyOrder(
            tuple("Ready", "True", 7L), tuple("Ended", "True", 7L), tuple("Valid", "False", 7L));
    assertThat(events)
        .containsExactly("Pending", "Succeeded", "invalid producedRate 0.9 not >= 0.99");
    assertThat(run.status().getProgress()).isEqualTo("Done");
  }

  @Test
  void endedIsFalseWhileTheRunRunsOrRetriesAndTrueOnceItEndedEitherWay() {
    transitions.accept(run, T0);
    Condition running = ended();
    transitions.retrying(run, T0.plusSeconds(1), "the API server is unreachable");
    Condition retrying = ended();
    transitions.fail(run, T0.plusSeconds(2), FailureReason.AppFailed, "Pod bench/wc-app: Error");

    assertThat(running.getStatus()).isEqualTo("False");
    assertThat(running.getReason()).isEqualTo("Running");
    assertThat(retrying.getStatus())
        .as("an error being retried has not ended it")
        .isEqualTo("False");
    assertThat(ended().getStatus()).isEqualTo("True");
    assertThat(ended().getReason()).isEqualTo("AppFailed");
    assertThat(ended().getMessage()).isEqualTo("Pod bench/wc-app: Error");
    assertThat(ended().getLastTransitionTime()).isEqualTo(T0.plusSeconds(2).toString());
  }

  @Test
  void anErrorOfARunOfRunsIsRetriedAndSaidAsAPhaseStepsIs() {
    transitions.accept(run, T0);
    Optional<Duration> again =
        transitions.guarded(
            run,
            T0.plusSeconds(1),
            () -> {
              throw new IllegalStateException("the API server is unreachable");
            });
    transitions.guarded(
        run,
        T0.plusSeconds(16),
        () -> {
          throw new IllegalStateException("the API server is unreachable");
        });

    assertThat(again).contains(ErrorRetry.AFTER);
    assertThat(ready().getReason()).isEqualTo("Retrying");
    assertThat(ready().getMessage())
        .isEqualTo("IllegalStateException: the API server is unreachable");
    assertThat(run.status().getProgress())
        .isEqualTo("Retrying after an error: IllegalStateException: the API server is unreachable");
    assertThat(events)
        .as("one Event per new message")
        .containsExactly("Pending", "warning IllegalStateException: the API server is unreachable");

    assertThat(
            transitions.guarded(run, T0.plusSeconds(31), () -> Optional.of(Duration.ofSeconds(60))))
        .contains(Duration.ofSeconds(60));
    assertThat(ready().getReason()).isEqualTo("Running");
    assertThat(ready().getMessage()).isEqualTo("resumed");
  }

  private Condition ended() {
    return Conditions.find(run.status().getConditions(), Conditions.ENDED).orElseThrow();
  }

  private Condition ready() {
    return Conditions.find(run.status().getConditions(), Conditions.READY).orElseThrow();
  }
}
