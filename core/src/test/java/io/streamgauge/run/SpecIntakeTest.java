package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.spec.AppMetricsSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.FaultSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.LatencySpec;
import io.streamgauge.api.spec.LoadSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.PrometheusSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.platform.AppEnvironment;
import io.streamgauge.platform.RunContext;
import io.streamgauge.scenario.ReferenceApps;
import io.streamgauge.testing.Specs;
import io.streamgauge.validation.CrdSchemaValidator;
import io.streamgauge.validation.SpecValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpecIntakeTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ReferenceApps APPS = ReferenceApps.under("registry.test", "1");

  /** A platform that can inject every fault. */
  private static final PlatformLimits ANY_FAULT = type -> Optional.empty();

  /** Durations a user may write, and some no run can hold. */
  private static final String[] DURATIONS = {
    null,
    "0s",
    "1s",
    "30s",
    "10m",
    "1h30m",
    "720h",
    "719h59m60s",
    "721h",
    "43201m",
    "999999999999999999h",
    "99999999999999999999s",
    "9223372036854775807s"
  };

  private static final Integer[] INTS = {null, -1, 0, 1, 3, 64, 1000, Integer.MAX_VALUE};
  private static final Long[] LONGS = {null, -1L, 0L, 1L, 1_000_000L, Long.MAX_VALUE};
  private static final Double[] DOUBLES = {
    null, -1.0, 0.0, 1e-9, 0.5, 1.0, 500.0, 1e9, Double.MAX_VALUE, Double.MIN_VALUE
  };

  @Test
  void aDurationNoRunCanHoldIsRefusedNamingItsFieldInsteadOfOverflowing() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    spec.setSchedule(new ScheduleSpec());
    spec.getSchedule().setMeasurement("999999999999999999h");
    spec.getSchedule().setTimeout("721h");

    SpecIntake.Result intake = SpecIntake.of(spec, APPS, ANY_FAULT);

    assertThat(intake).isInstanceOf(SpecIntake.Refused.class);
    assertThat(((SpecIntake.Refused) intake).problems())
        .containsExactly(
            "spec.schedule.measurement: '999999999999999999h' must be at most 720h",
            "spec.schedule.timeout: '721h' must be at most 720h");
  }

  @Test
  void aSpecTheSchemaAcceptsButThatCannotRunIsRefusedNamingTheFieldWithItsDefaultsKept() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    spec.setLatency(new LatencySpec());
    spec.getLatency().setTopics(List.of("output", "nope"));

    SpecIntake.Result intake = SpecIntake.of(spec, APPS, ANY_FAULT);

    assertThat(intake).isInstanceOf(SpecIntake.Refused.class);
    SpecIntake.Refused refused = (SpecIntake.Refused) intake;
    assertThat(refused.message())
        .isEqualTo(
            "spec.latency.topics[1]: scenario wordcount writes no topic 'nope' (it writes output)");
    assertThat(refused.resolvedSpec())
        .as("its gauges can say it failed")
        .hasValueSatisfying(s -> assertThat(s.getSchedule().getTimeout()).isNotNull());
  }

  @Test
  void aFaultThePlatformCannotInjectIsRefusedNamingIt() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    FaultSpec pause = new FaultSpec();
    pause.setType(FaultType.PauseApp);
    pause.setAt("2s");
    pause.setDuration("3s");
    FaultSpec kill = new FaultSpec();
    kill.setType(FaultType.KillApp);
    kill.setAt("10s");
    spec.setFaults(List.of(kill, pause));

    SpecIntake.Result intake =
        SpecIntake.of(
            spec,
            APPS,
            type ->
                type == FaultType.PauseApp
                    ? Optional.of("is not possible here")
                    : Optional.empty());

    assertThat(intake)
        .isInstanceOf(SpecIntake.Refused.class)
        .extracting(r -> ((SpecIntake.Refused) r).problems())
        .isEqualTo(List.of("spec.faults[1].type: PauseApp is not possible here"));
    assertThat(SpecIntake.of(spec, APPS, ANY_FAULT)).isInstanceOf(SpecIntake.Resolved.class);
  }

  @Test
  void aSpecWithinTheLimitsIsResolvedWithItsDefaults() {
    SpecIntake.Result intake = SpecIntake.of(Specs.minimal(Scenario.WORDCOUNT), APPS, ANY_FAULT);

    assertThat(intake).isInstanceOf(SpecIntake.Resolved.class);
    assertThat(((SpecIntake.Resolved) intake).spec().getSchedule().getTimeout()).isNotNull();
  }

  @Test
  void aSpecWithoutAnImageRunsTheReferenceAppOfItsRuntimeAndNamesItInItsResolvedSpec() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    spec.getApp().setImage(null);

    SpecIntake.Result intake = SpecIntake.of(spec, APPS, ANY_FAULT);

    assertThat(intake).isInstanceOf(SpecIntake.Resolved.class);
    assertThat(((SpecIntake.Resolved) intake).spec().getApp().getImage())
        .isEqualTo("registry.test/streams-app:1");
    assertThat(spec.getApp().getImage()).as("the spec as written is left as it is").isNull();
  }

  @Test
  void aSpecNamingItsImageKeepsIt() {
    SpecIntake.Result intake = SpecIntake.of(Specs.minimal(Scenario.WORDCOUNT), APPS, ANY_FAULT);

    assertThat(((SpecIntake.Resolved) intake).spec().getApp().getImage())
        .isEqualTo("example.invalid/app:1");
  }

  @Test
  void aRuntimeWithoutAReferenceAppNeedsAnImage() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.WORDCOUNT);
    spec.getApp().setImage(null);
    spec.getApp().setRuntime("stoatflow");

    SpecIntake.Result intake = SpecIntake.of(spec, APPS, ANY_FAULT);

    assertThat(intake)
        .isEqualTo(
            new SpecIntake.Refused(
                List.of(
                    "spec.app.image: required for runtime 'stoatflow' (spec.app.runtime): there"
                        + " is a reference app only for flink, kafka-clients, kafka-streams")));
  }

  @Test
  void aReferenceAppThatDoesNotImplementTheScenarioNeedsAnImage() {
    BenchmarkRunSpec spec = Specs.minimal(Scenario.STATELESS_ADVANCED);
    spec.getApp().setImage(null);
    spec.getApp().setRuntime("flink");

    SpecIntake.Result intake = SpecIntake.of(spec, APPS, ANY_FAULT);

    assertThat(intake)
        .isEqualTo(
            new SpecIntake.Refused(
                List.of(
                    "spec.app.image: required for scenario stateless-advanced on runtime 'flink'"
                        + " (spec.app.runtime): its reference app implements stateless-simple,"
                        + " wordcount")));
  }

  @Test
  void theReferenceAppIsReadyAtItsHealthUnlessTheSpecSaysOtherwise() {
    BenchmarkRunSpec reference = Specs.minimal(Scenario.STATELESS_SIMPLE);
    reference.getApp().setImage(null);
    reference.getApp().setRuntime("kafka-clients");
    BenchmarkRunSpec told = Specs.minimal(Scenario.STATELESS_SIMPLE);
    told.getApp().setImage(null);
    told.getApp().setMetrics(new AppMetricsSpec());
    told.getApp().getMetrics().setReadinessPath("/ready");

    BenchmarkRunSpec resolved =
        ((SpecIntake.Resolved) SpecIntake.of(reference, APPS, ANY_FAULT)).spec();
    BenchmarkRunSpec resolvedTold =
        ((SpecIntake.Resolved) SpecIntake.of(told, APPS, ANY_FAULT)).spec();
    BenchmarkRunSpec own =
        ((SpecIntake.Resolved) SpecIntake.of(Specs.minimal(Scenario.WORDCOUNT), APPS, ANY_FAULT))
            .spec();

    assertThat(resolved.getApp().getImage()).isEqualTo("registry.test/clients-app:1");
    assertThat(resolved.getApp().getMetrics().getReadinessPath()).isEqualTo("/health");
    assertThat(resolvedTold.getApp().getMetrics().getReadinessPath()).isEqualTo("/ready");
    assertThat(AppEnvironment.readinessPath(own))
        .as("an app of its own: ready once its metrics are served")
        .isEqualTo("/metrics");
  }

  /**
   * Random and extreme values in every duration and many numbers: neither the local validator, nor
   * the intake, nor the validator of a resolved spec throws — a run always gets a status. A spec
   * the CRD's schema accepts always gets its defaults; the intake refuses it exactly when the
   * validator finds a problem, and one it takes in has a deadline.
   */
  @Test
  void noSpecMakesTheValidatorsOrTheIntakeThrow() {
    Random random = new Random(20261129L);
    CrdSchemaValidator schema = CrdSchemaValidator.benchmarkRun();
    int accepted = 0;
    int runnable = 0;
    for (int i = 0; i < 1500; i++) {
      BenchmarkRunSpec spec = randomSpec(random);
      String described = describe(spec);
      JsonNode document = JSON.valueToTree(spec);

      List<String> schemaProblems = new ArrayList<>();
      assertThatCode(() -> schemaProblems.addAll(schema.problems(document)))
          .as(described)
          .doesNotThrowAnyException();
      SpecIntake.Result intake = SpecIntake.of(spec, APPS, ANY_FAULT);
      if (!schemaProblems.isEmpty()) {
        continue;
      }
      accepted++;
      if (intake instanceof SpecIntake.Refused refused) {
        assertThat(refused.resolvedSpec())
            .as("a spec the schema accepts gets its defaults: " + described)
            .isPresent();
        assertThat(refused.problems())
            .as(described)
            .isEqualTo(SpecValidator.problems(refused.resolved()))
            .noneMatch(p -> p.startsWith("spec: cannot be validated"))
            .allMatch(p -> p.startsWith("spec."));
      } else {
        BenchmarkRunSpec resolved = ((SpecIntake.Resolved) intake).spec();
        assertThat(SpecValidator.problems(resolved)).as(described).isEmpty();
        runnable++;
        BenchmarkRunStatus status = new BenchmarkRunStatus();
        PhaseTransition first = new PhaseTransition();
        first.setStartedAt("2026-11-29T00:00:00Z");
        status.getPhaseHistory().add(first);
        RunContext run = new RunContext("ns", "r", null, resolved, status);
        assertThatCode(run::deadline).as(described).doesNotThrowAnyException();
      }
    }
    // The generator must reach both sides of the schema, and runnable specs, to mean anything.
    assertThat(accepted).isBetween(50, 1450);
    assertThat(runnable).isPositive();
  }

  private static BenchmarkRunSpec randomSpec(Random random) {
    Scenario[] scenarios = Scenario.values();
    BenchmarkRunSpec spec = Specs.minimal(scenarios[random.nextInt(scenarios.length)]);
    if (random.nextBoolean()) {
      ScheduleSpec schedule = new ScheduleSpec();
      schedule.setWarmup(pick(random, DURATIONS));
      schedule.setCatchUp(pick(random, DURATIONS));
      schedule.setCatchUpHold(pick(random, DURATIONS));
      schedule.setRampUp(pick(random, DURATIONS));
      schedule.setMeasurement(pick(random, DURATIONS));
      schedule.setTimeout(pick(random, DURATIONS));
      schedule.setDrainTimeout(pick(random, DURATIONS));
      spec.setSchedule(schedule);
    }
    if (random.nextBoolean()) {
      PrometheusSpec prometheus = new PrometheusSpec();
      prometheus.setScrapeInterval(pick(random, DURATIONS));
      prometheus.setCadvisorScrapeInterval(pick(random, DURATIONS));
      prometheus.setResolution(pick(random, DURATIONS));
      spec.setPrometheus(prometheus);
    }
    if (random.nextBoolean()) {
      LoadSpec load = new LoadSpec();
      load.setProducers(pick(random, INTS));
      if (random.nextBoolean()) {
        LoadTopicSpec topic = new LoadTopicSpec();
        topic.setName("input");
        topic.setPartitions(pick(random, INTS));
        topic.setRatePerSecond(pick(random, DOUBLES));
        topic.setPrepopulateRecords(pick(random, LONGS));
        load.setTopics(List.of(topic));
      }
      spec.setLoad(load);
    }
    if (random.nextInt(4) == 0) {
      spec.setRepetitions(pick(random, INTS));
    }
    if (random.nextInt(4) == 0) {
      CapacitySpec capacity = new CapacitySpec();
      capacity.setLatencyP99MaxMs(pick(random, DOUBLES));
      capacity.setStartRatePerSecond(pick(random, DOUBLES));
      capacity.setMaxRatePerSecond(pick(random, DOUBLES));
      capacity.setResolution(pick(random, DOUBLES));
      capacity.setMaxProbes(pick(random, INTS));
      spec.setCapacity(capacity);
    }
    if (random.nextInt(3) == 0) {
      FaultSpec fault = new FaultSpec();
      FaultType[] types = FaultType.values();
      fault.setType(types[random.nextInt(types.length)]);
      fault.setAt(pick(random, DURATIONS));
      fault.setDuration(pick(random, DURATIONS));
      spec.setFaults(List.of(fault));
    }
    return spec;
  }

  private static <T> T pick(Random random, T[] values) {
    return values[random.nextInt(values.length)];
  }

  private static String describe(BenchmarkRunSpec spec) {
    try {
      return JSON.writeValueAsString(spec);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
