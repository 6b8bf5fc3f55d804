package io.streamgauge.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.HasTheMachineToItself;
import io.streamgauge.testing.ListeningSockets;
import io.streamgauge.testing.SharesTheMachine;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * {@code streamgauge run --local} end to end, as a user runs it: the distribution's command, a real
 * Kafka broker, the reference app, the load generator, the latency consumer and a real Prometheus,
 * with 10 s / 20 s windows at a reduced rate. Needs Prometheus ({@code make tools} installs it).
 */
class LocalRunE2E {

  private static final Duration RUN_LIMIT = Duration.ofMinutes(4);

  /** stateless-simple under at-least-once, the example most tests run. */
  private static final String EXAMPLE = "examples/run-stateless-simple-alo.yaml";

  private static final List<String> PHASES =
      List.of(
          "Pending",
          "ProvisioningKafka",
          "DeployingApp",
          "StartingLoad",
          "WarmingUp",
          "Measuring",
          "Collecting",
          "Succeeded");

  /**
   * The scrape interval of the runs whose Prometheus cadence is not what a test is about: a run
   * waits out a scrape interval and a settle after its window for the last samples, and one more
   * for Prometheus' final scrape, so 2 s instead of the local default of 5 s takes 6-15 s off each
   * such run (the suite's four cells 284 → 226 s, bench/results/test-times.md). The default stays
   * where a test reads a figure that depends on it (the at-least-once example's unjudged lag trend)
   * and in the runs that end early.
   */
  static final String QUICK_SCRAPE_INTERVAL = "2s";

  /**
   * The catch-up of the runs that judge a level start: up to 1 m, the bound held for 5 s instead of
   * the default 30 s. These runs go at 400-1,000 records/s, a few percent of what the app sustains
   * on one core here (26,000-38,000 records/s, bench/results/capacity.md) and drain their start's
   * backlog within a second or two; the default hold is sized for a fresh JVM near its ceiling. It
   * takes about 25 s off each such run.
   */
  static final List<String> CATCH_UP = List.of("--catch-up", "1m", "--catch-up-hold", "5s");

  /**
   * How much of the window the tests of a run that ends early let pass first: four scrapes at
   * {@value #QUICK_SCRAPE_INTERVAL}, so the figures over it have rates to read.
   */
  private static final Duration PART_OF_THE_WINDOW = Duration.ofSeconds(8);

  @TempDir Path dir;

  /**
   * The example with two load generators, each scraped by a job of its own: both count in the
   * produced rate (a figure that kept one job's series read half the rate, bench J).
   */
  @Test
  @HasTheMachineToItself
  void statelessSimpleAtLeastOnceSucceedsWithExactLatencyAndNoLoss() throws Exception {
    Path out = dir.resolve("out");
    Path spec = checked(EXAMPLE);
    Files.writeString(
        spec, Files.readString(spec).replace("    producers: 1\n", "    producers: 2\n"));
    try (CliProcess cli = start(out, spec, "0.05", "20s")) {
      JsonNode result = awaitSuccess(cli, out);
      JsonNode summary = result.path("status").path("summary");
      assertThat(summary.path("memoryMiB").asDouble()).as("RSS").isGreaterThan(0);
      assertThat(summary.at("/sources/memoryMiB").asText())
          .as("no cAdvisor here: the process's RSS from the app's JVM metrics")
          .isEqualTo("prometheus-jvm");
      assertThat(summary.at("/latency/sharedClock").asBoolean())
          .as("every local process reads this machine's clock")
          .isTrue();
      assertThat(result.at("/spec/load/producers").asInt())
          .as("the spec's two generators")
          .isEqualTo(2);
      assertThat(result.at("/status/nodes/load-generator").size())
          .as("both generators on this machine")
          .isEqualTo(1);
      assertThat(summary.path("throughput").path("producedPerSec").asDouble())
          .as("1,000 records/s (20,000 × 0.05) from both generators")
          .isBetween(900.0, 1100.0);
      assertEfficiencyAndStartup(summary);
      JsonNode integrity = summary.path("integrity");
      assertThat(integrity.path("produced").asLong()).isGreaterThan(10_000);
      assertThat(integrity.path("lost").asLong()).isZero();
      assertThat(integrity.path("duplicated").asLong()).isZero();
      assertThat(integrity.path("lossBasis").asText())
          .as("loss counted against what the load generator reports it sent")
          .isEqualTo("sent");
      assertThat(integrity.path("failedSends").asLong()).isZero();
      assertThat(summary.path("checks"))
          .extracting(
              c ->
                  c.path("name").asText()
                      + "="
                      + (c.path("passed").isBoolean() ? c.path("passed").asText() : "unjudged"))
          .as(
              "every check passed, integrity's among them; lag growth is not judged in 20 s; the"
                  + " backlog at the start is judged when the app's first commit (30 s after its"
                  + " start under at-least-once) came before the window")
          .containsExactly(
              "producedRate=true",
              "publishDelayP99=true",
              "lagGrowth=unjudged",
              summary.at("/throughput/inputLagAtStart").isNumber()
                  ? "backlogAtStart=true"
                  : "backlogAtStart=unjudged",
              "catchUp=true",
              "cpuThrottling=unjudged",
              "cpuCoverage=unjudged",
              "latencySamples=true",
              "latencyTail=true",
              "clock=true",
              "scrapeInterval=true",
              "failedSends=true",
              "lostRecords=true");
      assertThat(summary.at("/catchUp/seconds").asDouble())
          .as("how long the catch-up before the warmup took: " + summary.path("catchUp"))
          .isPositive();
      JsonNode lagGrowth = summary.path("checks").path(2);
      if (lagGrowth.path("value").isNumber()) {
        assertThat(lagGrowth.path("detail").asText())
            .as("an at-least-once app commits every 30 s: no trend in a 20 s window")
            .startsWith("not judged: a 20s window is too short")
            .endsWith("it takes 1m30s");
      } else {
        // The app's first commit, 30 s after it started, fell in the window's last scrape
        // interval or after it: the window holds fewer than two lag samples.
        assertThat(lagGrowth.path("detail").asText())
            .isEqualTo("the app's input lag was not sampled (no committed offsets of its group)");
      }
      assertThat(summary.has("warnings")).isFalse();
      assertThat(result.at("/run/appExits"))
          .as("the app, stopped after the run while Prometheus scraped it, exits 0")
          .hasSize(1)
          .allSatisfy(e -> assertThat(e.path("exitCode").asInt()).as(e.toString()).isZero());
      assertThat(result.path("run").path("partial").asBoolean()).isFalse();
      assertThat(
              result
                  .path("spec")
                  .path("load")
                  .path("topics")
                  .path(0)
                  .path("ratePerSecond")
                  .asDouble())
          .isEqualTo(1000.0);
      assertThat(Files.readString(out.resolve("report.md")))
          .contains("| True E2E P99 (ms) |", "0 lost, 0 duplicated", "rate scale 0.05")
          .contains("| Time to ready (s) |", "to /health)", "| CPU-s per million records |");
      assertThat(cli.stdout()).contains("True E2E P50 (ms)", "Succeeded");
      assertNothingLeft(cli);
    }
  }

  /**
   * One run at every default threshold of {@code spec.checks}, so a load generator that falls
   * behind its schedule (publish delay p99 over 5 ms) or a run that loses records fails here. Sized
   * for this machine: 100 records/s (the at-least-once example at rate scale 0.005), where one run
   * on a quiet 2-core machine read a publish delay p99 of 2.1 ms, a produced share of 1.0006, a
   * backlog of 0.11 s at the start and 2,000 latency samples (the check wants 1,000); the other
   * E2Es run at 400-1,000 records/s with relaxed bounds ({@link E2eChecks}). The publish delay is
   * judged against what the machine allowed in the same run: it may fail only where the product
   * blames the machine — the generator's stall meter (a thread that only sleeps) read over the 5 ms
   * bound, so a generator costing nothing would have failed too (a busy hour read 8.3 ms) — and the
   * run must then say it is invalid. Beside two and six CPU hogs the meter read 3.6 and 2.4 ms
   * against publish delays of 4.2 and 2.2 ms: the two move together.
   */
  @Test
  @HasTheMachineToItself
  void aLowRateRunIsValidAtEveryDefaultThreshold() throws Exception {
    Path out = dir.resolve("out");
    Path spec = CliProcess.repoFile(EXAMPLE);
    assertThat(Files.readString(spec))
        .as("the example sets no thresholds")
        .doesNotContain("checks:");
    try (CliProcess cli =
        start(out, spec, "0.005", "20s", "--scrape-interval", QUICK_SCRAPE_INTERVAL)) {
      int exit = cli.awaitExit(RUN_LIMIT);
      JsonNode result = ResultJson.readValid(out);
      assertThat(ResultJson.phases(result)).as(cli.stdout()).endsWith("Succeeded");
      Map<String, JsonNode> checks = new HashMap<>();
      result.at("/status/summary/checks").forEach(c -> checks.put(c.path("name").asText(), c));
      JsonNode delay = checks.get("publishDelayP99");
      assertThat(delay.path("threshold").asDouble()).isEqualTo(5.0);
      JsonNode stall = result.at("/status/summary/throughput/generatorStallP99Ms");
      System.out.println("low rate: " + delay + ", generatorStallP99Ms " + stall);
      assertThat(stall.isNumber()).as("the generator's stall meter was read").isTrue();
      assertThat(checks.values())
          .as("no check but publishDelayP99 failed at its default threshold")
          .filteredOn(c -> !c.equals(delay))
          .noneSatisfy(c -> assertThat(c.path("passed").asBoolean(true)).isFalse());
      if (delay.path("passed").asBoolean()) {
        assertThat(exit).as(cli.stdout() + cli.stderr()).isZero();
        assertThat(ResultJson.condition(result, "Valid").path("status").asText()).isEqualTo("True");
      } else {
        // Late only where the machine let it be: the same run's stall meter (a thread of the
        // generator that only sleeps) read over the bound, so a generator costing nothing would
        // have failed the check too. The run says so, and that it is invalid.
        assertThat(delay.path("detail").asText())
            .as("the generator kept its schedule where its machine let it")
            .contains("not their capacity");
        assertThat(stall.asDouble()).isGreaterThan(5.0);
        assertThat(exit).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.INVALID_RUN);
      }
      assertNothingLeft(cli);
    }
  }

  /**
   * stateless-advanced: Protobuf records on four topics, both topologies, and the latency consumer
   * on all four sinks, each with latency of its own.
   */
  @Test
  @Tag("full")
  @Tag("slice-3")
  @HasTheMachineToItself
  void statelessAdvancedRunsBothProtobufTopologiesWithLatencyPerSink() throws Exception {
    Path out = dir.resolve("out");
    try (CliProcess cli =
        start(
            out,
            checked("examples/run-stateless-advanced-eos.yaml"),
            "0.02",
            "20s",
            "--scrape-interval",
            QUICK_SCRAPE_INTERVAL)) {
      JsonNode result = awaitSuccess(cli, out);
      JsonNode sinks = result.at("/result/latency/topics");
      assertThat(sinks.isObject()).as(result.at("/result/latency").toString()).isTrue();
      for (String sink :
          List.of(
              "events-priority-high",
              "events-priority-normal",
              "events-priority-low",
              "customer-activity")) {
        assertThat(sinks.at("/" + sink + "/measurement/count").asLong())
            .as(sink + " has latency samples of its own")
            .isPositive();
        assertThat(result.at("/status/summary/outputTopics/" + sink + "/p99Ms").asDouble())
            .as(sink + "'s p99 in the summary")
            .isPositive();
      }
      assertThat(result.at("/status/summary/throughput/producedPerSec").asDouble())
          .as("7,000 records/s × 0.02")
          .isBetween(126.0, 154.0);
      assertNothingLeft(cli);
    }
  }

  /**
   * stateful-joins: five Avro tables through the run's own schema registry, the dimensions seeded
   * before the load; every order, shipment and review in the window comes out enriched exactly once
   * (integrity against what the generator reports it sent), each output with latency of its own,
   * and the app's state reported.
   */
  @Test
  @HasTheMachineToItself
  void statefulJoinsEnrichesEveryOrderShipmentAndReviewExactlyOnce() throws Exception {
    Path out = dir.resolve("out");
    try (CliProcess cli =
        start(
            out,
            checked("examples/run-stateful-joins-eos.yaml"),
            "0.2",
            "30s",
            "--scrape-interval",
            QUICK_SCRAPE_INTERVAL)) {
      JsonNode result = awaitSuccess(cli, out);
      JsonNode summary = result.at("/status/summary");
      JsonNode integrity = summary.path("integrity");
      assertThat(integrity.path("lossBasis").asText()).isEqualTo("sent");
      assertThat(integrity.path("lost").asLong()).as(integrity.toString()).isZero();
      assertThat(integrity.path("duplicated").asLong()).as(integrity.toString()).isZero();
      // (120 orders + 90 shipments + 60 reviews)/s × 0.2 over 30 s: 1,620 enriched records (the
      // validity check wants 1,000 latency samples).
      assertThat(integrity.path("produced").asLong()).isBetween(1_458L, 1_782L);
      assertThat(integrity.path("consumed").asLong())
          .isEqualTo(integrity.path("produced").asLong());
      for (String output : List.of("enriched-orders", "enriched-shipments", "enriched-reviews")) {
        assertThat(summary.at("/outputTopics/" + output + "/p99Ms").asDouble())
            .as(output + "'s p99 in the summary")
            .isPositive();
      }
      // Orders : shipments : reviews = 4 : 3 : 2 in the window, each output one per input record.
      double orders = summary.at("/outputTopics/enriched-orders/samples").asDouble();
      assertThat(summary.at("/outputTopics/enriched-shipments/samples").asDouble() / orders)
          .isCloseTo(0.75, org.assertj.core.data.Offset.offset(0.05));
      assertThat(summary.at("/outputTopics/enriched-reviews/samples").asDouble() / orders)
          .isCloseTo(0.5, org.assertj.core.data.Offset.offset(0.05));
      // The state directory on disk: RocksDB holds the first tens of MiB in its memtables.
      assertThat(summary.path("stateMiB").asDouble()).isPositive();
      assertThat(Files.readString(out.resolve("logs/load-generator.log")))
          .contains("seeded 11000 dimension records (customers, products)")
          .contains("Order registered as orders-value");
      assertNothingLeft(cli, "schema-registry");
    }
  }

  /**
   * state-restoration: the changelogs written before the app exists, then a cold start measured to
   * the moment every store is restored, with every written record restored.
   */
  @Test
  @HasTheMachineToItself
  void stateRestorationRestoresEveryPrepopulatedRecordColdAndTimesIt() throws Exception {
    Path out = dir.resolve("out");
    try (CliProcess cli =
        start(
            out,
            CliProcess.repoFile("examples/run-state-restoration.yaml"),
            "0.5",
            "5m",
            "--scrape-interval",
            "1s")) {
      int exit = cli.awaitExit(RUN_LIMIT);

      assertThat(exit).as(cli.stdout() + cli.stderr()).isZero();
      JsonNode result = ResultJson.readValid(out);
      assertThat(ResultJson.phases(result))
          .containsExactly(
              "Pending",
              "ProvisioningKafka",
              "Prepopulating",
              "Restoring",
              "Collecting",
              "Succeeded");
      JsonNode restoration = result.at("/status/summary/restoration");
      long written = Math.round(155_800_000 / 16 * 0.01 * 0.5) * 16;
      assertThat(restoration.path("prepopulatedRecords").asLong())
          .as("1 % of the methodology's records (local default) × 0.5")
          .isEqualTo(written);
      assertThat(restoration.path("restoredRecords").asLong())
          .as("every written record restored, none processed instead")
          .isEqualTo(written);
      double seconds = restoration.path("seconds").asDouble();
      assertThat(seconds).isPositive();
      assertThat(restoration.path("recordsPerSec").asDouble())
          .isCloseTo(written / seconds, within(1.0));
      assertThat(restoration.path("cpuCores").asDouble()).isPositive();
      assertThat(restoration.path("peakCpuCores").asDouble())
          .isGreaterThanOrEqualTo(restoration.path("cpuCores").asDouble());
      assertThat(restoration.path("peakMemoryMiB").asDouble())
          .isGreaterThanOrEqualTo(restoration.path("memoryMiB").asDouble());
      assertThat(restoration.path("stateBytes").asLong())
          .as("16 RocksDB stores hold at least the values' bytes")
          .isGreaterThan(written * 108);
      assertThat(result.at("/status/summary/latency").isMissingNode()).isTrue();
      assertThat(Files.readString(out.resolve("report.md")))
          .contains("| Restoration time (s) |", "| Peak CPU (cores) |", "before the app starts");
      assertNothingLeft(cli);
    }
  }

  /**
   * Also the {@code --app-jar} path: the reference app's own jar on the spec's metrics port. At 375
   * lines/s (rate scale 0.05): at 750 the app, on 0.73 cores beside the broker, the clients and
   * Prometheus on two cores, fell behind again during the warmup of a slow hour and started the
   * window 11.5 s of input behind (2026-11-28, 12:46 UTC), an invalid run; what this test is for is
   * the jar, not the app's ceiling.
   */
  @Test
  @Tag("full")
  @Tag("slice-3")
  @HasTheMachineToItself
  void wordcountExactlyOnceSucceedsWithTheAppGivenAsAJar() throws Exception {
    Path jar = CliProcess.repoFile("apps/target/streams-app.jar");
    assertThat(jar).as("built by `mvn package` (apps module)").exists();
    int metricsPort = ListenPorts.pick();
    Path spec = withMetricsPort("examples/run-wordcount-eos.yaml", metricsPort);
    Path out = dir.resolve("out");
    try (CliProcess cli =
        start(
            out,
            spec,
            "0.05",
            "20s",
            "--app-jar",
            jar.toString(),
            "--scrape-interval",
            QUICK_SCRAPE_INTERVAL,
            "-o",
            "yaml")) {
      JsonNode result = awaitSuccess(cli, out);
      assertThat(new ObjectMapper(new YAMLFactory()).readTree(cli.stdout()))
          .as("-o yaml: the result document alone on stdout")
          .isEqualTo(result);
      assertThat(cli.stderr()).as("the progress, on stderr with -o").contains("Measuring ");
      JsonNode summary = result.path("status").path("summary");
      assertThat(summary.path("gcPauseMs").isNumber()).isTrue();
      assertThat(summary.path("missing"))
          .as("the demo's first screen: no figure its profiles do not offer listed missing")
          .noneMatch(m -> m.asText().contains("no query"));
      assertThat(summary.path("checks"))
          .filteredOn(c -> c.path("name").asText().equals("lagGrowth"))
          .singleElement()
          .as("exactly-once commits every 100 ms: 20 s are enough to judge the lag's trend")
          .satisfies(c -> assertThat(c.path("passed").asText()).isEqualTo("true"));
      assertThat(summary.path("integrity").isNull() || summary.path("integrity").isMissingNode())
          .as("wordcount aggregates: integrity is not tracked")
          .isTrue();
      assertThat(result.path("spec").path("processingGuarantee").asText())
          .isEqualTo("exactly_once_v2");
      assertThat(result.path("run").path("app").asText()).isEqualTo("java -jar " + jar);
      assertThat(Files.readString(out.resolve("logs/app.log")))
          .as("the app's JVM is sized as in its 8 CPU / 16 GiB container")
          .contains("Picked up JDK_JAVA_OPTIONS: -XX:MaxRAM=17179869184 -XX:ActiveProcessorCount=")
          .contains("/metrics and /health on :" + metricsPort);
      assertNothingLeft(cli, "kafka.Kafka", "-jar " + jar);
      assertThat(result.path("result").path("figures").findValues("query"))
          .filteredOn(JsonNode::isTextual)
          .hasSizeGreaterThan(5)
          .allSatisfy(q -> assertThat(q.asText()).contains("namespace=\"local\""));
    }
  }

  /**
   * A run made invalid on purpose by a stalled app: SIGSTOP halfway through the window, SIGCONT
   * when it ends. The load ran as specified and nothing was lost, but the app's input lag grew at
   * the input rate for half the window, so lagGrowth fails (commits every second, scraped every
   * second, so 20 s is enough to judge), the run succeeds and exits 5.
   */
  @Test
  @Tag("full")
  @Tag("slice-1")
  @HasTheMachineToItself
  void aStalledAppIsInvalidByItsGrowingInputLag() throws Exception {
    Path spec = dir.resolve("stalled.yaml");
    Files.writeString(
        spec,
        Files.readString(CliProcess.repoFile(EXAMPLE))
            .replace(
                "    runtime: kafka-streams\n",
                "    runtime: kafka-streams\n    config: {commit.interval.ms: \"1000\"}\n"));
    Path out = dir.resolve("out");
    try (CliProcess cli = start(out, spec, "0.05", "20s", "--scrape-interval", "1s")) {
      cli.awaitOutput("Measuring ", Duration.ofMinutes(2));
      Thread.sleep(10_000);
      ProcessHandle app = cli.descendant("io.streamgauge.apps.Main").orElseThrow();
      signal("STOP", app);
      try {
        cli.awaitOutput("Collecting ", Duration.ofSeconds(30));
      } finally {
        signal("CONT", app);
      }
      int exit = cli.awaitExit(RUN_LIMIT);
      JsonNode summary = ResultJson.readValid(out).path("status").path("summary");
      Map<String, JsonNode> checks = new HashMap<>();
      summary.path("checks").forEach(c -> checks.put(c.path("name").asText(), c));
      System.out.println("stalled app: " + checks.get("lagGrowth"));
      System.out.println("stalled app, input lag figure: " + summary.path("throughput"));

      assertThat(exit).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.INVALID_RUN);
      assertThat(cli.stderr()).contains("streamgauge: run invalid: ").contains("lagGrowth ");
      assertThat(checks.get("lagGrowth").path("passed").asBoolean(true)).isFalse();
      assertThat(checks.get("lagGrowth").path("value").asDouble())
          .as("a lag growing at 1,000 records/s for the last third or so (202 measured here)")
          .isGreaterThan(50);
      assertThat(List.of("producedRate", "latencyTail", "lostRecords"))
          .as("the load and the records were fine: only the app fell behind")
          .allSatisfy(name -> assertThat(checks.get(name).path("passed").asBoolean()).isTrue());
      assertThat(summary.path("integrity").path("lost").asLong()).isZero();
    }
  }

  /**
   * A run made invalid on purpose by a rate its one producer cannot send: 20,000 records/s from one
   * load generator whose Kafka producer sends every record in a request of its own and waits for
   * each (batch.size 0, one request in flight, acks=all), a few thousand records/s on loopback. The
   * generator falls behind its schedule at once, so the produced rate is a fraction of the target
   * and the publish delay grows through the window; the run succeeds (the window ran, the figures
   * were collected) and both load checks fail it, exit 5, named on stderr and stdout, and
   * result.json and report.md say it is no valid measurement. An open-loop generator that cannot
   * keep up measures itself, not the app. The publish delay is judged by the spec's own bound (50
   * ms, not the default 5 ms), which the report shows.
   */
  @Test
  @HasTheMachineToItself
  void aRateAboveWhatOneProducerCanSendIsInvalid() throws Exception {
    Path spec = dir.resolve("overloaded.yaml");
    Files.writeString(
        spec,
        """
        apiVersion: streamgauge.io/v1alpha1
        kind: BenchmarkRun
        metadata:
          name: overloaded-producer
        spec:
          scenario: stateless-simple
          processingGuarantee: at_least_once
          app:
            image: ghcr.io/streamgauge/streams-app:0.1.0
            config: {commit.interval.ms: "1000"}
          load:
            producers: 1
            topics:
              - name: input
                partitions: 6
                ratePerSecond: 20000
                record: {format: string, valueSize: {fixed: 100}, keys: 1000}
            producerConfig:
              acks: all
              batch.size: "0"
              linger.ms: "0"
              max.in.flight.requests.per.connection: "1"
          schedule: {warmup: 5s, measurement: 10s, drainTimeout: 3s}
          checks: {maxPublishDelayP99Ms: 50}
        """);
    Path out = dir.resolve("out");
    // The generator falls further behind every second, so the records stamped after the window
    // are sent minutes later: the drain can only time out, and a short one costs least.
    try (CliProcess cli =
        CliProcess.start(
            dir.resolve("cli"),
            List.of(
                "run",
                "--local",
                spec.toString(),
                "--scrape-interval",
                QUICK_SCRAPE_INTERVAL,
                "-d",
                out.toString()))) {
      int exit = cli.awaitExit(RUN_LIMIT);

      assertThat(exit).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.INVALID_RUN);
      assertThat(cli.stderr()).contains("streamgauge: run invalid: producedRate ");
      JsonNode result = ResultJson.readValid(out);
      JsonNode summary = result.path("status").path("summary");
      Map<String, JsonNode> checks = new HashMap<>();
      summary.path("checks").forEach(c -> checks.put(c.path("name").asText(), c));
      System.out.println(
          "overloaded producer: "
              + checks.get("producedRate")
              + " "
              + checks.get("publishDelayP99"));
      assertThat(checks.get("producedRate").path("passed").asBoolean(true)).isFalse();
      assertThat(checks.get("producedRate").path("value").asDouble())
          .as("share of 20,000 records/s one record per request reaches")
          .isLessThan(0.5);
      assertThat(checks.get("publishDelayP99").path("passed").asBoolean(true)).isFalse();
      assertThat(checks.get("publishDelayP99").path("value").asDouble())
          .as("ms behind schedule at p99: the backlog of a generator that cannot keep up")
          .isGreaterThan(100);
      assertThat(checks.get("publishDelayP99").path("threshold").asDouble())
          .as("the spec's bound, not the default")
          .isEqualTo(50.0);
      assertThat(checks.get("publishDelayP99").path("detail").asText())
          .as("its own capacity held the generator back: a thread of it that only sleeps kept time")
          .contains("fell behind on their own");
      assertThat(cli.stderr()).contains("; publishDelayP99 ");
      assertThat(cli.stdout())
          .contains("check failed: producedRate ", "check failed: publishDelayP99 ");

      assertThat(ResultJson.phases(result)).containsExactlyElementsOf(PHASES);
      assertThat(result.at("/run/outcome").asText()).isEqualTo("invalid");
      assertThat(result.at("/run/exitCode").asInt()).isEqualTo(ExitCodes.INVALID_RUN);
      List<String> failed =
          checks.values().stream()
              .filter(c -> c.path("passed").isBoolean() && !c.path("passed").asBoolean())
              .map(c -> c.path("name").asText())
              .toList();
      assertThat(summary.path("warnings").asText())
          .as("the failed checks, in the summary's order")
          .startsWith("producedRate,publishDelayP99")
          .isEqualTo(
              String.join(
                  ",",
                  summary.path("checks").findValuesAsText("name").stream()
                      .filter(failed::contains)
                      .toList()));
      JsonNode valid = ResultJson.condition(result, "Valid");
      assertThat(valid.isMissingNode()).as("the Valid condition").isFalse();
      assertThat(valid.path("status").asText()).isEqualTo("False");
      assertThat(valid.path("reason").asText()).isEqualTo("ChecksFailed");
      assertThat(Files.readString(out.resolve("report.md")))
          .contains(
              "**Not a valid measurement**: " + failed.size() + " check(s) failed.",
              "| producedRate | ",
              "| <= 50 | **FAIL** |");
      assertNothingLeft(cli);
    }
  }

  private static void signal(String signal, ProcessHandle process) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).start();
    assertThat(kill.waitFor()).as("kill -" + signal + " " + process.pid()).isZero();
  }

  /**
   * Also {@code --bootstrap-servers} (a broker of the test's own, so no local broker starts) and
   * {@code --app-command} (the reference app started by a command, on the spec's metrics port).
   */
  @Test
  @SharesTheMachine
  @Execution(ExecutionMode.CONCURRENT)
  void theAppDyingFailsTheRunStopsEverythingAndKeepsWhatWasMeasured() throws Exception {
    Path out = dir.resolve("out");
    Path spec = withMetricsPort(EXAMPLE, ListenPorts.pick());
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String lib = CliProcess.distribution().resolve("lib").toString();
    try (KafkaBroker broker = KafkaBroker.start();
        CliProcess cli =
            startWithoutCatchUp(
                out,
                spec,
                "0.05",
                "2m",
                "--bootstrap-servers",
                broker.bootstrapServers(),
                "--app-command",
                "exec " + java + " -cp '" + lib + "/*' io.streamgauge.apps.Main")) {
      cli.awaitOutput("Measuring ", Duration.ofMinutes(2));
      Thread.sleep(PART_OF_THE_WINDOW.toMillis());
      ProcessHandle app = cli.descendant("io.streamgauge.apps.Main").orElseThrow();
      app.destroyForcibly();

      int exit = cli.awaitExit(Duration.ofMinutes(2));

      assertThat(exit).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.RUN_FAILED);
      assertThat(cli.stderr())
          .contains("streamgauge: run failed: AppFailed: process app (pid " + app.pid() + ")")
          .contains("exited with code 137");
      JsonNode result = ResultJson.readValid(out);
      assertThat(result.path("status").path("phase").asText()).isEqualTo("Failed");
      assertThat(result.path("run").path("outcome").asText()).isEqualTo("failed");
      assertThat(result.path("run").path("partial").asBoolean()).isTrue();
      assertThat(result.path("status").path("kafkaBootstrapServers").asText())
          .isEqualTo(broker.bootstrapServers());
      assertThat(result.path("status").path("summary").path("latency").path("samples").asLong())
          .as("records timed before the app died")
          .isGreaterThan(0);
      assertThat(result.path("result").path("window").path("measurementEnd").asText())
          .as("figures cover only the part of the window that passed")
          .isLessThan(result.path("status").path("measurementEndedAt").asText());
      String suffix = result.path("status").path("topicSuffix").asText();
      assertThat(suffix)
          .as("a shared cluster gives the run topics of its own")
          .matches("-[0-9a-f]{8}");
      // The records timed above went through the run's topics on the given cluster.
      assertThat(cli.stdout())
          .contains("Deleted the run's topics and its app's group from the shared Kafka");
      try (Admin admin = broker.admin()) {
        assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS))
            .as("deleted once the run's processes stopped: no one else can use them")
            .doesNotContain("input" + suffix, "output" + suffix);
        assertThat(admin.listGroups().all().get(30, TimeUnit.SECONDS))
            .as("the killed app's group, its member removed")
            .noneMatch(g -> g.groupId().endsWith(suffix));
      }
      assertThat(cli.seenDescendants().stream().map(CliProcess.Seen::commandLine))
          .as("no local broker with --bootstrap-servers")
          .noneSatisfy(c -> assertThat(c).contains("kafka.Kafka"));
      assertNothingLeft(cli, "io.streamgauge.apps.Main");
    }
  }

  @Test
  @SharesTheMachine
  @Execution(ExecutionMode.CONCURRENT)
  void ctrlCStopsEveryProcessAndWritesPartialResults() throws Exception {
    Path out = dir.resolve("out");
    try (CliProcess cli = startWithoutCatchUp(out, CliProcess.repoFile(EXAMPLE), "0.05", "2m")) {
      cli.awaitOutput("Measuring ", Duration.ofMinutes(2));
      Thread.sleep(PART_OF_THE_WINDOW.toMillis());
      new ProcessBuilder("kill", "-INT", String.valueOf(cli.handle().pid())).start().waitFor();

      int exit = cli.awaitExit(Duration.ofMinutes(2));

      assertThat(exit).as(cli.stdout() + cli.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
      assertThat(cli.stderr()).contains("streamgauge: run interrupted: Interrupted: SIGINT");
      JsonNode result = ResultJson.readValid(out);
      assertThat(result.path("run").path("outcome").asText()).isEqualTo("interrupted");
      assertThat(result.path("run").path("partial").asBoolean()).isTrue();
      assertThat(result.path("status").path("summary").path("latency").path("samples").asLong())
          .isGreaterThan(0);
      assertThat(result.path("status").path("summary").path("cpuCores").asDouble())
          .as("figures over the 8 s of the window that passed")
          .isGreaterThan(0);
      assertNothingLeft(cli);
    }
  }

  /**
   * Every process the run starts (the broker, Prometheus, the app, the load generator and the
   * latency consumer) listens on loopback only, its latency consumer refuses a caller without the
   * run's token, and a CLI killed with SIGKILL (no shutdown hook runs) leaves none of its processes
   * behind.
   */
  @Test
  @SharesTheMachine
  @Execution(ExecutionMode.CONCURRENT)
  void theRunsProcessesListenOnLoopbackOnlyAndAKilledCommandLeavesNoneBehind() throws Exception {
    Path out = dir.resolve("out");
    try (CliProcess cli = startWithoutCatchUp(out, CliProcess.repoFile(EXAMPLE), "0.05", "2m")) {
      cli.awaitOutput("WarmingUp ", Duration.ofMinutes(2));
      List<CliProcess.Seen> children = cli.seenDescendants();
      assertThat(children.stream().map(CliProcess.Seen::commandLine))
          .anySatisfy(c -> assertThat(c).contains("kafka.Kafka"))
          .anySatisfy(c -> assertThat(c).contains("io.streamgauge.apps.Main"))
          .anySatisfy(c -> assertThat(c).contains("prometheus"));
      for (CliProcess.Seen process : children) {
        List<InetSocketAddress> sockets = ListeningSockets.of(process.handle().pid());
        assertThat(sockets)
            .as(process.commandLine() + " listens on loopback only")
            .allSatisfy(
                a -> assertThat(a.getAddress().isLoopbackAddress()).as(a.toString()).isTrue());
      }
      for (String main :
          List.of(
              "io.streamgauge.apps.Main",
              "io.streamgauge.latency.Main",
              "io.streamgauge.loadgen.Main",
              "kafka.Kafka",
              "prometheus")) {
        CliProcess.Seen process =
            children.stream().filter(c -> c.commandLine().contains(main)).findFirst().orElseThrow();
        List<InetSocketAddress> sockets = ListeningSockets.of(process.handle().pid());
        assertThat(sockets).as(main + " listens").isNotEmpty();
        if (main.contains("latency")) {
          assertRefusedWithoutTheRunsToken(sockets.get(0).getPort());
        }
      }

      cli.handle().destroyForcibly();

      Awaitility.await("the process guard stops every child of a killed CLI")
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () ->
                  assertThat(
                          children.stream()
                              .filter(CliProcess.Seen::isAlive)
                              .map(CliProcess.Seen::commandLine))
                      .isEmpty());
    }
  }

  /**
   * The latency consumer on {@code port} refuses to move the windows for a caller without the
   * token.
   */
  private static void assertRefusedWithoutTheRunsToken(int port) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    URI windows = URI.create("http://127.0.0.1:" + port + "/windows");
    HttpResponse<String> post =
        http.send(
            HttpRequest.newBuilder(windows)
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"warmupStart\":\"2026-01-01T00:00:00Z\","
                            + "\"measurementStart\":\"2026-01-01T00:00:01Z\","
                            + "\"measurementEnd\":\"2026-01-01T00:00:02Z\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(post.statusCode())
        .as("POST /windows without the token: " + post.body())
        .isEqualTo(401);
    HttpResponse<String> health =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(health.statusCode()).as("/health stays open").isEqualTo(200);
  }

  /**
   * Starts {@code streamgauge run --local spec} with a 10 s warmup once the app caught up with its
   * input (at most 1 min: a cold app on two shared cores starts seconds behind — wordcount at 750
   * lines/s began a window 5.5 s of input behind after a bare 10 s warmup), {@code measurement},
   * {@code rateScale}, output into {@code out} and {@code options}.
   */
  /**
   * Runs {@code spec} into {@code out} at the E2Es' rate scale over a {@code window} scraped every
   * 2 s; the run must exit 0 within {@code limit}, and its result document be valid.
   */
  static JsonNode runValid(Path out, Path spec, String window, Duration limit) throws Exception {
    try (CliProcess cli =
        start(out, spec, E2eChecks.RATE_SCALE, window, "--scrape-interval", "2s")) {
      int exit = cli.awaitExit(limit);
      assertThat(exit).as(cli.stdout() + cli.stderr()).isZero();
      return ResultJson.readValid(out);
    }
  }

  static CliProcess start(
      Path out, Path spec, String rateScale, String measurement, String... options)
      throws Exception {
    return start(out, spec, CATCH_UP, "10s", rateScale, measurement, options);
  }

  /**
   * As {@link #start(Path, Path, String, String, String...)} without a catch-up, a 3 s warmup and
   * Prometheus scraping every {@value #QUICK_SCRAPE_INTERVAL}: the warmup starts as soon as the
   * load runs. For the tests of how a run ends (interrupted, killed, its app dying), which judge no
   * window: waiting for a level one cost each of them about a minute (an at-least-once app commits
   * first 30 s after its start, then holds the bound for 30 s).
   */
  private static CliProcess startWithoutCatchUp(
      Path out, Path spec, String rateScale, String measurement, String... options)
      throws Exception {
    List<String> quick = new ArrayList<>(List.of("--scrape-interval", QUICK_SCRAPE_INTERVAL));
    quick.addAll(List.of(options));
    return start(out, spec, List.of(), "3s", rateScale, measurement, quick.toArray(String[]::new));
  }

  private static CliProcess start(
      Path out,
      Path spec,
      List<String> catchUp,
      String warmup,
      String rateScale,
      String measurement,
      String... options)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("run", "--local", spec.toString()));
    args.addAll(catchUp);
    args.addAll(
        List.of(
            "--warmup",
            warmup,
            "--measurement",
            measurement,
            "--rate-scale",
            rateScale,
            "--output-dir",
            out.toString()));
    args.addAll(List.of(options));
    return CliProcess.start(out.resolveSibling("cli"), args);
  }

  /**
   * A copy of {@code example} whose app serves its metrics on {@code port}, with the E2Es' check
   * bounds ({@link E2eChecks}).
   */
  private Path withMetricsPort(String example, int port) throws IOException {
    Path copy = dir.resolve(Path.of(example).getFileName());
    String written = Files.readString(CliProcess.repoFile(example));
    String metrics = "metrics: {readinessPath: /health}";
    assertThat(written).as("the line the port is added to").contains(metrics);
    Files.writeString(
        copy,
        E2eChecks.withChecks(
            written.replace(metrics, "metrics: {port: " + port + ", readinessPath: /health}")));
    return copy;
  }

  /** A copy of {@code example} with the E2Es' check bounds ({@link E2eChecks}). */
  private Path checked(String example) throws IOException {
    Path copy = dir.resolve("checked-" + Path.of(example).getFileName());
    Files.writeString(copy, E2eChecks.withChecks(Files.readString(CliProcess.repoFile(example))));
    return copy;
  }

  /**
   * Waits for a run that succeeds: exit 0, a valid result.json, every phase in order, ordered
   * latency percentiles, CPU and heap measured.
   */
  static JsonNode awaitSuccess(CliProcess cli, Path out) throws InterruptedException {
    int exit = cli.awaitExit(RUN_LIMIT);

    assertThat(exit).as(cli.stdout() + cli.stderr()).isZero();
    JsonNode result = ResultJson.readValid(out);
    assertThat(ResultJson.phases(result)).containsExactlyElementsOf(PHASES);
    JsonNode summary = result.path("status").path("summary");
    assertLatencyOrdered(summary.path("latency"));
    assertThat(summary.path("cpuCores").asDouble()).isGreaterThan(0);
    assertThat(summary.path("heapMiB").asDouble()).isGreaterThan(0);
    return result;
  }

  /**
   * What a record cost, the peak memory, the bytes and the time to ready of a local run of the
   * reference app on 1 KiB values.
   */
  private static void assertEfficiencyAndStartup(JsonNode summary) {
    double produced = summary.at("/throughput/producedPerSec").asDouble();
    double cpu = summary.path("cpuCores").asDouble();
    JsonNode efficiency = summary.path("efficiency");
    assertThat(efficiency.path("recordsPerSecPerCore").asDouble())
        .as("the input rate over the average CPU")
        .isCloseTo(produced / cpu, within(produced / cpu * 0.01));
    assertThat(
            efficiency.path("recordsPerSecPerCore").asDouble()
                * efficiency.path("cpuSecondsPerMillionRecords").asDouble())
        .isCloseTo(1e6, within(1e6 * 0.001));
    assertThat(summary.path("memoryPeakMiB").asDouble())
        .isGreaterThanOrEqualTo(summary.path("memoryMiB").asDouble());
    assertThat(summary.at("/throughput/bytesInPerSec").asDouble() / produced)
        .as("bytes per input record: a 1,024-byte value and a short key")
        .isBetween(1024.0, 1100.0);
    assertThat(summary.at("/throughput/bytesOutPerSec").asDouble()).isPositive();
    JsonNode startup = summary.path("startup");
    assertThat(startup.path("readinessPath").asText())
        .as("the reference app's /health, which answers once Kafka Streams is RUNNING")
        .isEqualTo("/health");
    assertThat(startup.path("timeToReadySeconds").asDouble())
        .as("a JVM and Kafka Streams start in seconds, not instantly")
        .isBetween(0.5, 120.0);
    assertThat(startup.path("startedToReadySeconds").asDouble())
        .as("locally the process starts when it is created")
        .isEqualTo(startup.path("timeToReadySeconds").asDouble());
    assertThat(startup.has("createdToStartedSeconds")).isFalse();
  }

  private static void assertLatencyOrdered(JsonNode latency) {
    assertThat(latency.path("samples").asLong()).isGreaterThan(0);
    double p50 = latency.path("p50Ms").asDouble();
    double p95 = latency.path("p95Ms").asDouble();
    double p99 = latency.path("p99Ms").asDouble();
    assertThat(p50).isGreaterThan(0).isLessThanOrEqualTo(p95);
    assertThat(p95).isLessThanOrEqualTo(p99);
    assertThat(p99).isLessThanOrEqualTo(latency.path("maxMs").asDouble());
  }

  /** Every process the command started has exited, the process guard too. */
  private static void assertNothingLeft(CliProcess cli) {
    assertNothingLeft(cli, "kafka.Kafka", "io.streamgauge.apps.Main");
  }

  /**
   * As {@link #assertNothingLeft(CliProcess)}, the processes that must have run recognised by a
   * part of their command lines.
   */
  private static void assertNothingLeft(CliProcess cli, String... started) {
    List<CliProcess.Seen> seen = cli.seenDescendants();
    for (String process : started) {
      assertThat(seen.stream().map(CliProcess.Seen::commandLine))
          .as("processes the command started")
          .anySatisfy(c -> assertThat(c).contains(process));
    }
    Awaitility.await("every child process has exited")
        .atMost(Duration.ofSeconds(15))
        .untilAsserted(
            () ->
                assertThat(
                        seen.stream()
                            .filter(CliProcess.Seen::isAlive)
                            .map(CliProcess.Seen::commandLine))
                    .isEmpty());
  }
}
