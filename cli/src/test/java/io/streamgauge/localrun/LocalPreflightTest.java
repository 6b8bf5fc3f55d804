package io.streamgauge.localrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalPreflightTest {

  private final SpecDefaulter defaulter = new SpecDefaulter();

  @Test
  void theReferenceScenariosPassEveryProcesssOwnChecks() {
    for (Scenario scenario :
        new Scenario[] {
          Scenario.STATELESS_SIMPLE,
          Scenario.WORDCOUNT,
          Scenario.STATELESS_ADVANCED,
          Scenario.STATE_RESTORATION
        }) {
      BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(scenario));

      assertThat(LocalPreflight.problems(spec, "run", new AppLaunch.ReferenceApp()))
          .as(scenario.value())
          .isEmpty();
    }
  }

  @Test
  void aScenarioNotRunnableYetAndOneTheReferenceAppLacksAreNamed() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATEFUL_JOINS));

    assertThat(LocalPreflight.problems(spec, "run", new AppLaunch.ReferenceApp()))
        .anySatisfy(p -> assertThat(p).startsWith("spec.scenario: stateful-joins is not runnable"))
        .anySatisfy(p -> assertThat(p).startsWith("spec.scenario: the reference app implements"));
  }

  @Test
  void theAppsOwnSettingsCheckNamesABadConfigValue() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getApp().setConfig(Map.of("num.stream.threads", "zero"));

    assertThat(LocalPreflight.problems(spec, "run", new AppLaunch.ReferenceApp()))
        .singleElement()
        .satisfies(p -> assertThat(p).startsWith("spec.app.config: num.stream.threads:"));
  }

  @Test
  void aMissingJarIsNamed() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));

    assertThat(LocalPreflight.problems(spec, "run", new AppLaunch.Jar(Path.of("/nope/app.jar"))))
        .containsExactly("--app-jar: no such file /nope/app.jar");
  }
}
