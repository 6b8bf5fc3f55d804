package io.streamgauge.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.BurstShape;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.ExternalKafkaSpec;
import io.streamgauge.api.spec.FaultSpec;
import io.streamgauge.api.spec.FaultType;
import io.streamgauge.api.spec.LoadShapeSpec;
import io.streamgauge.api.spec.LoadStep;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.RampShape;
import io.streamgauge.api.spec.RecordFormat;
import io.streamgauge.api.spec.RecordSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecValidatorTest {

  private final SpecDefaulter defaulter = new SpecDefaulter();

  /**
   * A capacity search's probes wait up to 2 minutes for their app to catch up by default: a timeout
   * written for the windows alone is refused, naming the catch-up, instead of every probe timing
   * out.
   */
  @Test
  void aTimeoutThatLeavesNoRoomForTheCatchUpIsRefused() {
    BenchmarkRunSpec written = Specs.capacitySearch(500, "3s", "2m");
    written.getSchedule().setTimeout("3m");

    BenchmarkRunSpec spec = defaulter.apply(written);

    assertThat(SpecValidator.problems(spec))
        .contains(
            "spec.schedule.timeout: 3m is not longer than catchUp 2m + warmup 3s + measurement 2m:"
                + " lengthen it or shorten spec.schedule.catchUp");
    spec.getSchedule().setCatchUp("30s");
    assertThat(SpecValidator.problems(spec)).noneMatch(p -> p.startsWith("spec.schedule.timeout"));
  }

  /** A catch-up's hold needs a catch-up, is longer than nothing, and fits inside the catch-up. */
  @Test
  void aCatchUpHoldOutsideItsCatchUpIsRefused() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getSchedule().setCatchUpHold("5s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.schedule.catchUpHold: needs spec.schedule.catchUp (it is how long the catch-up"
                + " holds the lag's bound); set catchUp or remove catchUpHold");

    spec.getSchedule().setCatchUp("1m");
    assertThat(SpecValidator.problems(spec)).isEmpty();
    assertThat(spec.getSchedule().catchUpHoldOrDefault()).hasSeconds(5);

    spec.getSchedule().setCatchUpHold("0s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly("spec.schedule.catchUpHold: must be longer than 0s");

    spec.getSchedule().setCatchUpHold("2m");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.schedule.catchUpHold: 2m is longer than catchUp 1m, which could never hold it");

    spec.getSchedule().setCatchUpHold(null);
    assertThat(spec.getSchedule().catchUpHoldOrDefault())
        .hasSeconds(ScheduleSpec.DEFAULT_CATCH_UP_HOLD_SECONDS);
  }

  /** A ramp-up needs a catch-up that outlasts it by the hold, and a load that has a rate. */
  @Test
  void aRampUpWithoutRoomForTheHoldAfterItIsRefused() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getSchedule().setRampUp("30s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.schedule.rampUp: needs spec.schedule.catchUp, at least rampUp + 30s (the"
                + " catch-up's hold), or the warmup starts while the load still rises");

    spec.getSchedule().setCatchUp("50s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.schedule.rampUp: 30s leaves catchUp 50s no room for the catch-up's 30s hold"
                + " after the ramp: shorten rampUp or lengthen catchUp to at least 1m");

    spec.getSchedule().setCatchUpHold("20s");
    assertThat(SpecValidator.problems(spec)).as("a shorter hold leaves the room").isEmpty();
    spec.getSchedule().setCatchUpHold(null);

    spec.getSchedule().setCatchUp("1m");
    assertThat(SpecValidator.problems(spec)).isEmpty();

    BenchmarkRunSpec restoration = defaulter.apply(Specs.minimal(Scenario.STATE_RESTORATION));
    restoration.getSchedule().setRampUp("10s");
    assertThat(SpecValidator.problems(restoration))
        .containsExactly(
            "spec.schedule.rampUp: state-restoration writes its input before the app starts, as"
                + " fast as it can; remove rampUp");
  }

  @Test
  void everyRunnableScenarioDefaultIsValid() {
    for (Scenario scenario : Scenario.values()) {
      if (scenario != Scenario.CUSTOM) {
        assertThat(SpecValidator.problems(defaulter.apply(Specs.minimal(scenario))))
            .as(scenario.value())
            .isEmpty();
      }
    }
  }

  @Test
  void statefulJoinsRefusesShipmentsFasterThanTheOrdersTheyFollow() {
    BenchmarkRunSpec joins = defaulter.apply(Specs.minimal(Scenario.STATEFUL_JOINS));
    joins.getLoad().getTopics().get(3).setRatePerSecond(130.0);
    joins.getLoad().getTopics().get(4).getRecord().setEntity(null);
    assertThat(SpecValidator.problems(joins))
        .containsExactly(
            "spec.load.topics: stateful-joins needs a topic of record.entity review",
            "spec.load.topics[3].ratePerSecond: shipment n follows order n, so at most the"
                + " orders' 120.0, got 130.0");
  }

  @Test
  void aRestorationPrepopulatesWithOneGeneratorAndALiveRunDrivesItsTopics() {
    BenchmarkRunSpec restoration = defaulter.apply(Specs.minimal(Scenario.STATE_RESTORATION));
    restoration.getLoad().setProducers(2);
    restoration.getLoad().getTopics().get(0).setRatePerSecond(10.0);
    restoration.getLoad().getTopics().get(1).setPrepopulateRecords(null);
    BenchmarkRunSpec live = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    live.getLoad().getTopics().get(0).setPrepopulateRecords(5L);
    live.getLoad().getTopics().get(0).setRatePerSecond(null);

    assertThat(SpecValidator.problems(restoration))
        .containsExactly(
            "spec.load.producers: state-restoration prepopulates with exactly 1 load generator,"
                + " got 2",
            "spec.load.topics[0].ratePerSecond: state-restoration has no live load; give"
                + " prepopulateRecords only",
            "spec.load.topics[1].prepopulateRecords: required for state-restoration (no live"
                + " load)");
    assertThat(SpecValidator.problems(live))
        .containsExactly(
            "spec.load.topics[0].prepopulateRecords: only state-restoration prepopulates; scenario"
                + " wordcount drives its topics at ratePerSecond",
            "spec.load.topics[0].ratePerSecond: required for scenario wordcount");
  }

  @Test
  void aFaultMustLeaveRoomInTheWindowToSeeTheRecovery() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getSchedule().setMeasurement("60s");
    spec.getPrometheus().setScrapeInterval("10s");
    FaultSpec early = new FaultSpec();
    early.setType(FaultType.KillApp);
    early.setAt("40s");
    FaultSpec late = new FaultSpec();
    late.setType(FaultType.PauseApp);
    late.setAt("30s");
    late.setDuration("15s");
    spec.setFaults(List.of(early, late));

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.faults[1]: at 30s for 15s leaves less than two scrape intervals (20s) of the 60s"
                + " measurement window to see the recovery");
  }

  @Test
  void aLoadShapeFitsItsWindowItsProducersAndNothingElseMovesTheLoad() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getSchedule().setWarmup("20s");
    spec.getSchedule().setMeasurement("2m");
    spec.getLoad().getTopics().get(0).setRatePerSecond(20_000.0);
    LoadShapeSpec shape = Specs.burst(5, "10s", "1m");
    BurstShape burst = shape.getBurst();
    spec.getLoad().setShape(shape);
    spec.getLoad().setProducers(2);
    assertThat(SpecValidator.problems(spec)).isEmpty();

    spec.getLoad().setProducers(1);
    burst.setPeriod("3m");
    spec.getSchedule().setWarmup("4s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.schedule.warmup: at least 5s with spec.load.shape (the load generators learn"
                + " when the window starts during the warmup)",
            "spec.load.shape.burst.period: 3m is longer than the 2m measurement window");

    spec.getSchedule().setWarmup("20s");
    burst.setPeriod("1m");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.load.producers: 1 producer(s) cannot drive the shape's peak of 100,000"
                + " records/s (at most 50,000 each); set producers to at least 2");

    spec.getLoad().setProducers(2);
    burst.setPeriod("2s");
    burst.setLength("1s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.load.shape: cuts the 2m window into 120 segments; at most 60 (each is a row of"
                + " the run's status)");

    shape.setBurst(null);
    RampShape ramp = new RampShape();
    ramp.setFromFactor(0.5);
    ramp.setToFactor(2.0);
    ramp.setSegments(7);
    shape.setRamp(ramp);
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.load.shape.ramp.segments: 7 segments do not cut the 2m window into whole"
                + " seconds");

    shape.setRamp(null);
    LoadStep one = new LoadStep();
    one.setFactor(1.0);
    one.setDuration("1m");
    LoadStep two = new LoadStep();
    two.setFactor(0.0);
    two.setDuration("90s");
    shape.setSteps(List.of(one, two));
    FaultSpec kill = new FaultSpec();
    kill.setType(FaultType.KillApp);
    kill.setAt("20s");
    spec.setFaults(List.of(kill));
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.load.shape: not with spec.faults in this version (a fault's recovery is judged"
                + " against the steady rate before it)",
            "spec.load.shape.steps: last 2m30s, longer than the 2m measurement window (the last"
                + " would never run)");
  }

  @Test
  void aFaultHitsAnInstanceTheAppHas() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getSchedule().setMeasurement("60s");
    spec.getApp().setReplicas(2);
    FaultSpec kill = new FaultSpec();
    kill.setType(FaultType.KillApp);
    kill.setAt("20s");
    kill.setInstance(1);
    spec.setFaults(List.of(kill));
    assertThat(SpecValidator.problems(spec)).isEmpty();

    kill.setInstance(2);
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.faults[0].instance: 2 names no instance of the app's 2 (spec.app.replicas);"
                + " instances are counted from 0");
  }

  @Test
  void aCapacitySearchHasAscendingCpuLimitsARateCapAboveItsStartAndAWindowThatJudgesTheLag() {
    BenchmarkRunSpec written = Specs.minimal(Scenario.STATELESS_SIMPLE);
    written.setProcessingGuarantee(ProcessingGuarantee.AT_LEAST_ONCE);
    CapacitySpec capacity = new CapacitySpec();
    capacity.setLatencyP99MaxMs(500.0);
    capacity.setCpuLimits(List.of("500m", "2", "2", "lots"));
    capacity.setStartRatePerSecond(1000.0);
    capacity.setMaxRatePerSecond(500.0);
    written.setCapacity(capacity);
    BenchmarkRunSpec spec = defaulter.apply(written);
    spec.getSchedule().setMeasurement("20s");
    spec.getPrometheus().setCadvisorScrapeInterval("10s");

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.capacity.cpuLimits[2]: \"2\": not larger than the limit before it (smallest"
                + " first, each once)",
            "spec.capacity.cpuLimits[3]: \"lots\": not a CPU quantity (e.g. 500m, 1, 2)",
            "spec.capacity: the lag trend decides whether a rate is sustained, and a 20s"
                + " measurement window cannot judge it for an app that commits every 30000 ms,"
                + " scraped every 10s: it takes 1m30s. Lengthen spec.schedule.measurement, shorten"
                + " spec.prometheus.scrapeInterval (locally --scrape-interval) or lower the app's"
                + " commit.interval.ms",
            "spec.capacity.maxRatePerSecond: 500.0 is below startRatePerSecond 1000.0");

    spec.getApp()
        .setConfig(new java.util.HashMap<>(java.util.Map.of("commit.interval.ms", "1000")));
    capacity = spec.getCapacity();
    capacity.setCpuLimits(List.of("500m", "2"));
    capacity.setMaxRatePerSecond(null);
    assertThat(SpecValidator.problems(spec))
        .as("1 s commits scraped every 10 s: 4 readings in 20 s, it takes 39 s")
        .singleElement()
        .asString()
        .contains("commits every 1000 ms, scraped every 10s: it takes 39s");
    spec.getPrometheus().setScrapeInterval("1s");
    assertThat(SpecValidator.problems(spec)).as("scraped every second, it takes 18 s").isEmpty();
  }

  @Test
  void instancesAreRefusedWhereSomeWouldSitIdleOrTheAppCannotShareItsInput() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getLoad().getTopics().get(0).setPartitions(6);
    spec.getApp().setReplicas(3);
    assertThat(SpecValidator.problems(spec))
        .as("3 instances of 1 thread on 6 partitions")
        .isEmpty();

    spec.getApp().getConfig().put("num.stream.threads", "3");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.app.replicas: 3 instances × 3 thread(s) each exceed the 6 partitions of the"
                + " widest input topic (input): 3 would sit idle and measure nothing; run at most"
                + " 2 instances, or give the topic more partitions");

    spec.getApp().getConfig().clear();
    spec.getApp().setRuntime("flink");
    assertThat(SpecValidator.problems(spec))
        .singleElement()
        .asString()
        .startsWith("spec.app.replicas: the Flink app runs its own embedded cluster");

    spec.getApp().setRuntime("kafka-streams");
    spec.getApp().getConfig().put("instance.index", "1");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.app.config[instance.index]: is set by the platform (each instance its own) and"
                + " cannot be overridden here");
  }

  @Test
  void aSearchOverInstanceCountsCountsUpEachOnceWithOneCpuLimitAndNoIdleInstance() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getLoad().getTopics().get(0).setPartitions(4);
    CapacitySpec capacity = new CapacitySpec();
    capacity.setLatencyP99MaxMs(500.0);
    capacity.setInstances(List.of(1, 2, 4));
    spec.setCapacity(capacity);
    spec.getSchedule().setMeasurement("2m");
    assertThat(SpecValidator.problems(spec)).isEmpty();

    capacity.setInstances(List.of(2, 2, 5));
    capacity.setCpuLimits(List.of("1", "2"));
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.capacity.instances[1]: 2 is not more than the count before it (fewest first,"
                + " each once)",
            "spec.capacity.instances: a search over instance counts takes one CPU limit; give"
                + " spec.capacity.cpuLimits one value, or search the limits with one count",
            "spec.capacity.instances: at 5, 5 instances × 1 thread(s) each exceed the 4 partitions"
                + " of the widest input topic (input): 1 would sit idle and measure nothing; run at"
                + " most 4 instances, or give the topic more partitions");
  }

  @Test
  void aRateOneProducerCannotDriveAsksForMoreProducers() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getLoad().getTopics().get(0).setRatePerSecond(120_000.0);

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.load.producers: 1 producer(s) cannot drive 120,000 records/s (at most 50,000"
                + " each); set producers to at least 3");
  }

  @Test
  void aSharedClustersClientConfigHoldsOnlyConnectionSettings() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    ExternalKafkaSpec external = new ExternalKafkaSpec();
    external.setBootstrapServers("shared:9093");
    external.setClientConfig(
        Map.of(
            "security.protocol", "SSL",
            "ssl.truststore.location", "/etc/passwd",
            "sasl.login.callback.handler.class", "com.example.Evil"));
    spec.getKafka().setExternal(external);
    spec.getKafka().setProvision(null);

    assertThat(SpecValidator.problems(spec))
        .hasSize(2)
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith(
                        "spec.kafka.external.clientConfig.sasl.login.callback.handler.class: not"
                            + " accepted"))
        .anySatisfy(
            p ->
                assertThat(p)
                    .startsWith("spec.kafka.external.clientConfig.ssl.truststore.location: not"));
  }

  @Test
  void whatTlsAndAuthenticationDecideIsNotAlsoGivenInClientConfig() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    ExternalKafkaSpec external = new ExternalKafkaSpec();
    external.setBootstrapServers("shared:9093");
    external.setClientConfig(
        Map.of("security.protocol", "PLAINTEXT", "client.dns.lookup", "use_all_dns_ips"));
    io.streamgauge.api.spec.KafkaAuthenticationSpec auth =
        new io.streamgauge.api.spec.KafkaAuthenticationSpec();
    auth.setType(io.streamgauge.api.spec.KafkaAuthenticationType.SCRAM_SHA_512);
    auth.setUsername("alice");
    io.streamgauge.api.spec.PasswordSecretSource password =
        new io.streamgauge.api.spec.PasswordSecretSource();
    password.setSecretName("alice");
    password.setPassword("password");
    auth.setPasswordSecret(password);
    external.setAuthentication(auth);
    spec.getKafka().setExternal(external);
    spec.getKafka().setProvision(null);

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.kafka.external.clientConfig.security.protocol: follows from"
                + " spec.kafka.external.tls and .authentication (SASL_PLAINTEXT); remove it");
  }

  /** What the load generator would refuse at its start is refused before anything starts. */
  @Test
  void aTopicOfYourOwnSaysHowManyKeysItsRecordsCarry() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.CUSTOM));
    LoadTopicSpec topic = new LoadTopicSpec();
    topic.setName("orders");
    topic.setRatePerSecond(100.0);
    RecordSpec record = new RecordSpec();
    record.setFormat(RecordFormat.TEXT);
    topic.setRecord(record);
    spec.getLoad().setTopics(List.of(topic));

    assertThat(SpecValidator.problems(spec))
        .contains(
            "spec.load.topics[0].record.keys: required for a topic of your own: how many distinct"
                + " keys its records carry (the built-in scenarios' topics have theirs)");
    record.setKeys(1000L);
    assertThat(SpecValidator.problems(spec)).noneMatch(p -> p.contains("record.keys"));
  }

  @Test
  void latencyTopicsAreKafkaTopicNamesListedOnce() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.CUSTOM));
    spec.getLatency().setTopics(List.of("out", "out put", "out"));

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.latency.topics[1]: 'out put' is not a Kafka topic name (1-249 of a-z, A-Z, 0-9,"
                + " '.', '_', '-')",
            "spec.latency.topics[2]: 'out' is listed twice");
  }

  @Test
  void latencyTopicsMustBeWrittenByTheScenarioAndTheWindowMustHoldTwoScrapes() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getLatency().setTopics(List.of("counts"));
    spec.getSchedule().setMeasurement("50s");
    spec.getApp().getMetrics().setProfile("dropwizard");

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.latency.topics[0]: scenario wordcount writes no topic 'counts' (it writes output)",
            "spec.schedule.measurement: 50s is shorter than two cAdvisor scrape intervals"
                + " (spec.prometheus.cadvisorScrapeInterval 30s): the app's container CPU and"
                + " memory need two samples inside it",
            "spec.app.metrics.profile: unknown profile 'dropwizard' (known: cadvisor, process,"
                + " prometheus-jvm, simpleclient-hotspot, jmx-exporter, micrometer, streamgauge,"
                + " streamgauge-app)");
  }

  @Test
  void aResolutionLongerThanTheWindowOrAZeroScrapeIntervalIsRefusedBeforeAnythingStarts() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getSchedule().setMeasurement("1m30s");
    spec.getPrometheus().setResolution("2m");

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.prometheus.resolution: 2m is longer than the measurement window"
                + " (spec.schedule.measurement 1m30s)");

    spec.getPrometheus().setResolution("10s");
    spec.getPrometheus().setScrapeInterval("0s");
    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.prometheus.scrapeInterval: must be longer than 0s (how often Prometheus"
                + " scrapes)");
  }

  @Test
  void appConfigCannotOverrideWhatTheRunSets() {
    BenchmarkRunSpec spec = defaulter.apply(Specs.minimal(Scenario.WORDCOUNT));
    spec.getApp()
        .setConfig(
            Map.of(
                "processing.guarantee", "at_least_once",
                "application.id", "mine",
                "topic.output", "elsewhere",
                "commit.interval.ms", "100"));

    assertThat(SpecValidator.problems(spec))
        .containsExactly(
            "spec.app.config[application.id]: is set by the run's name and cannot be overridden"
                + " here",
            "spec.app.config[processing.guarantee]: is set by spec.processingGuarantee and cannot"
                + " be overridden here",
            "spec.app.config[topic.output]: is set by spec.load.topics and spec.latency.topics"
                + " and cannot be overridden here");
  }
}
