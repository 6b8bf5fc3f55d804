package io.streamgauge.localrun;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.DocumentReader;
import io.streamgauge.latency.LatencySettings;
import io.streamgauge.latency.SettingsValidator;
import io.streamgauge.loadgen.WorkloadReader;
import io.streamgauge.loadgen.WorkloadValidator;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.ClientDocuments;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.local.AppLaunch;
import io.streamgauge.platform.local.ReferenceAppJars;
import io.streamgauge.run.SchemaRegistries;
import io.streamgauge.scenario.ReferenceRuntime;
import io.streamgauge.validation.SpecValidator;
import java.net.URI;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What would make a local run fail as soon as a process starts, found before anything starts: the
 * operator's spec checks, then the settings local mode would hand each process, checked by that
 * process's own validator (load generator, latency consumer, reference app). Each problem names the
 * spec field or option it comes from.
 */
public final class LocalPreflight {

  /** Stands in for the broker's address, which is only known once it runs. */
  private static final String ANY_BOOTSTRAP = "127.0.0.1:9092";

  private static final URI ANY_URL = URI.create("http://127.0.0.1:9401");

  private LocalPreflight() {}

  /** A run as it is once started, for building the documents its clients would get. */
  private static RunContext startedRun(BenchmarkRunSpec spec, String runName) {
    PhaseTransition first = new PhaseTransition();
    first.setPhase(Phase.Pending);
    first.setStartedAt(Instant.now().toString());
    BenchmarkRunStatus status = new BenchmarkRunStatus();
    status.getPhaseHistory().add(first);
    if (SchemaRegistries.needed(spec)) {
      String given = SchemaRegistries.given(spec);
      status.setSchemaRegistryUrl(given == null ? ANY_URL.toString() : given);
    }
    return new RunContext("local", runName, null, spec, status);
  }

  /** Every problem; empty when the run can start. */
  public static List<String> problems(BenchmarkRunSpec spec, String runName, AppLaunch app) {
    List<String> problems = new ArrayList<>(SpecValidator.problems(spec));
    if (app instanceof AppLaunch.ReferenceApp reference) {
      referenceApp(spec, runName, reference.runtime(), problems);
    } else if (app instanceof AppLaunch.Jar jar && !Files.isRegularFile(jar.jar())) {
      problems.add("--app-jar: no such file " + jar.jar());
    }
    WorkloadValidator.problems(
            WorkloadReader.parse(
                ClientDocuments.workload(startedRun(spec, runName), ANY_BOOTSTRAP, ANY_URL)
                    .toString(),
                "the local workload"))
        .forEach(p -> problems.add("spec.load." + p));
    if (spec.getScenario() != Scenario.STATE_RESTORATION) {
      // A restoration has no live load, so no latency consumer.
      SettingsValidator.problems(
              DocumentReader.parse(
                  ClientDocuments.latencySettings(startedRun(spec, runName), ANY_BOOTSTRAP)
                      .toString(),
                  "the local latency settings",
                  LatencySettings.class))
          .forEach(p -> problems.add("spec.latency." + p));
    }
    // The core validator and a client's own check may name the same problem.
    return problems.stream().distinct().toList();
  }

  private static void referenceApp(
      BenchmarkRunSpec spec, String runName, ReferenceRuntime runtime, List<String> problems) {
    if (!runtime.implementsScenario(spec.getScenario())) {
      problems.add(
          "spec.scenario: the reference app of "
              + runtime.runtime()
              + " implements "
              + String.join(", ", runtime.scenarios())
              + ", not "
              + spec.getScenario().value()
              + "; run your own app with --app-jar or --app-command");
      return;
    }
    if (runtime == ReferenceRuntime.FLINK) {
      ReferenceAppJars.flinkAppMissing().ifPresent(problems::add);
    }
    ContractSettings.problems(
            AppEnvironment.of(startedRun(spec, runName), ANY_BOOTSTRAP), runtime.settings())
        .forEach(p -> problems.add("spec.app.config: " + p));
  }
}
