package io.streamgauge.operator;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;
import io.streamgauge.run.SpecIntake;
import io.streamgauge.scenario.ReferenceApps;
import io.streamgauge.testing.Specs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A run's spec is taken in once and kept in its status; what is kept is what runs. */
class RunIntakeTest {

  private final List<String> prometheusAsked = new ArrayList<>();

  private RunIntake intake(String referenceTag, Optional<String> prometheusRefusal) {
    Function<RunContext, Optional<String>> prometheus =
        run -> {
          prometheusAsked.add(run.name());
          return prometheusRefusal;
        };
    return new RunIntake(
        ReferenceApps.under("ref.test", referenceTag), type -> Optional.empty(), prometheus);
  }

  private static BenchmarkRun run(String name) {
    BenchmarkRun run = new BenchmarkRun();
    run.setMetadata(
        new ObjectMetaBuilder()
            .withNamespace("ns")
            .withName(name)
            .withUid("uid-" + name)
            .withGeneration(1L)
            .build());
    run.setSpec(Specs.minimal(Scenario.WORDCOUNT));
    run.getSpec().getApp().setImage(null);
    return run;
  }

  @Test
  void aNewRunIsTakenInOnceAndRunsItsStoredSpecUnderAnOperatorWithOtherReferenceApps() {
    BenchmarkRun run = run("wc");
    BenchmarkRunStatus status = new BenchmarkRunStatus();

    SpecIntake.Result first = intake("1", Optional.empty()).of(run, status);
    SpecIntake.Result afterUpgrade = intake("2", Optional.empty()).of(run, status);

    assertThat(((SpecIntake.Resolved) first).spec().getApp().getImage())
        .isEqualTo("ref.test/streams-app:1");
    assertThat(status.getResolvedSpec().at("/app/image").asText())
        .isEqualTo("ref.test/streams-app:1");
    assertThat(((SpecIntake.Resolved) afterUpgrade).spec().getApp().getImage())
        .as("the run goes on as it started")
        .isEqualTo("ref.test/streams-app:1");
    assertThat(((SpecIntake.Resolved) afterUpgrade).spec().getSchedule().getTimeout())
        .isEqualTo(((SpecIntake.Resolved) first).spec().getSchedule().getTimeout());
    assertThat(prometheusAsked).as("asked once, as the run is taken in").containsExactly("wc");
  }

  @Test
  void aRunWhosePrometheusIsRefusedIsRefusedWithItsDefaultsAndNothingIsStored() {
    BenchmarkRun run = run("outside");
    BenchmarkRunStatus status = new BenchmarkRunStatus();

    SpecIntake.Result result =
        intake("1", Optional.of("spec.prometheus.url: not a Service of this cluster"))
            .of(run, status);

    assertThat(result).isInstanceOf(SpecIntake.Refused.class);
    SpecIntake.Refused refused = (SpecIntake.Refused) result;
    assertThat(refused.message()).isEqualTo("spec.prometheus.url: not a Service of this cluster");
    assertThat(refused.resolvedSpec()).isPresent();
    assertThat(status.getResolvedSpec()).isNull();
  }

  @Test
  void aRunThatEndedBeforeSpecsWereStoredIsResolvedAgainWithoutAskingPrometheusOrStoring() {
    BenchmarkRun run = run("old");
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.setPhase(Phase.Succeeded);

    SpecIntake.Result result = intake("1", Optional.of("never asked")).of(run, status);

    assertThat(result).isInstanceOf(SpecIntake.Resolved.class);
    assertThat(prometheusAsked).isEmpty();
    assertThat(status.getResolvedSpec()).isNull();
  }
}
