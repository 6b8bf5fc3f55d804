package io.streamgauge.localrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.scenario.ReferenceRuntime;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalPreflightTest {

  private static final AppLaunch KAFKA_STREAMS_APP =
      new AppLaunch.ReferenceApp(ReferenceRuntime.KAFKA_STREAMS);

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

      assertThat(LocalPreflight.problems(spec, "run", KAFKA_STREAMS_APP))
          .as(scenario.value())
          .isEmpty();
    }
  }

  @Test
  void statefulJoinsIsCheckedWithTheRegistryItWillBeGiven() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATEFUL_JOINS));

    assertThat(LocalPreflight.problems(spec, "run", KAFKA_STREAMS_APP)).isEmpty();
    spec.getLoad().getTopics().get(4).setRatePerSecond(121.0);
    assertThat(LocalPreflight.problems(spec, "run", KAFKA_STREAMS_APP))
        .as("the core's and the load generator's check name it alike: said once")
        .containsExactly(
            "spec.load.topics[4].ratePerSecond: review n follows order n, so at most the orders'"
                + " 120.0, got 121.0");
  }

  @Test
  void eachRuntimesReferenceAppIsCheckedForItsScenariosAndItsOwnSettings(@TempDir Path home)
      throws Exception {
    Files.createDirectories(home.resolve("apps"));
    Files.writeString(home.resolve("apps/flink-app.jar"), "");
    System.setProperty("streamgauge.home", home.toString());
    try {
      BenchmarkRunSpec advanced = defaulter.apply(Specs.minimal(Scenario.STATELESS_ADVANCED));
      BenchmarkRunSpec wordcount = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
      wordcount.getApp().setConfig(Map.of("parallelism", "0", "num.stream.threads", "2"));
      BenchmarkRunSpec simple = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
      AppLaunch flink = new AppLaunch.ReferenceApp(ReferenceRuntime.FLINK);
      AppLaunch clients = new AppLaunch.ReferenceApp(ReferenceRuntime.KAFKA_CLIENTS);

      assertThat(LocalPreflight.problems(advanced, "run", flink))
          .containsExactly(
              "spec.scenario: the reference app of flink implements stateless-simple, wordcount,"
                  + " not stateless-advanced; run your own app with --app-jar or --app-command");
      assertThat(LocalPreflight.problems(wordcount, "run", flink))
          .anySatisfy(p -> assertThat(p).startsWith("spec.app.config: parallelism: must be"))
          .anySatisfy(
              p -> assertThat(p).startsWith("spec.app.config: num.stream.threads: unknown"));
      assertThat(LocalPreflight.problems(simple, "run", flink)).isEmpty();
      assertThat(LocalPreflight.problems(simple, "run", clients)).isEmpty();
    } finally {
      System.clearProperty("streamgauge.home");
    }
  }

  @Test
  void theFlinkAppMissingFromTheInstallationIsNamed() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));

    assertThat(
            LocalPreflight.problems(
                spec, "run", new AppLaunch.ReferenceApp(ReferenceRuntime.FLINK)))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .startsWith("the Flink reference app is not in this installation")
                    .endsWith("build the command with make cli"));
  }

  @Test
  void theAppsOwnSettingsCheckNamesABadConfigValue() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getApp().setConfig(Map.of("num.stream.threads", "zero"));

    assertThat(LocalPreflight.problems(spec, "run", KAFKA_STREAMS_APP))
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
