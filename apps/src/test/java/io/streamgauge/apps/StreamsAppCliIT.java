package io.streamgauge.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.ChildJvm;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The streams-app command in its own JVM: exit codes, health, SIGTERM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamsAppCliIT {

  private KafkaBroker broker;
  @TempDir Path dir;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
    broker.createTopic("input", 2);
    broker.createTopic("output", 2);
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @Test
  void badSettingsAreListedOneLineEachWithExitCodeTwo() throws Exception {
    Path file = dir.resolve("bad.properties");
    Files.writeString(file, "scenario=wordcount\nprocessing.guarantee=eos\n");

    Process p = start(List.of("--config", file.toString()), Map.of(), "bad");

    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("bad.log")).lines())
        .containsExactly(
            "streams-app: settings: bootstrap.servers: required (from default)",
            "streams-app: settings: processing.guarantee: must be exactly_once_v2 or at_least_once, got \"eos\" (from "
                + file
                + ")");
  }

  @Test
  void aMissingTopicIsOneLineWithExitCodeThree() throws Exception {
    Process p =
        start(
            List.of(),
            Map.of(
                "STREAMGAUGE_APP_SCENARIO", "stateless-simple",
                "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", broker.bootstrapServers(),
                "STREAMGAUGE_APP_TOPIC_OUTPUT", "nope"),
            "missing");

    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(3);
    assertThat(Files.readString(dir.resolve("missing.log")))
        .contains("streams-app: topic 'nope' does not exist on " + broker.bootstrapServers())
        .doesNotContain("\tat ");
  }

  @Test
  void healthTurnsReadyWhenRunningAndSigtermClosesTheStreams() throws Exception {
    int port = ListenPorts.pick();
    Process p =
        start(
            List.of(),
            Map.of(
                "STREAMGAUGE_APP_SCENARIO", "wordcount",
                "STREAMGAUGE_APP_BOOTSTRAP_SERVERS", broker.bootstrapServers(),
                "STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2",
                "STREAMGAUGE_APP_STATE_DIR", dir.resolve("state").toString(),
                "STREAMGAUGE_APP_METRICS_PORT", String.valueOf(port)),
            "run");
    HttpClient http = HttpClient.newHttpClient();

    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(() -> get(http, port, "/health").statusCode() == 200);
    assertThat(get(http, port, "/health").body()).isEqualTo("RUNNING\n");

    // Scraped without a pause while it stops, as Prometheus may: a scrape must never read what the
    // close has already released (a RocksDB store's property read after it closed is a SIGSEGV).
    AtomicInteger scrapes = new AtomicInteger();
    Thread scraper =
        new Thread(
            () -> {
              while (p.isAlive()) {
                try {
                  get(http, port, "/metrics");
                  scrapes.incrementAndGet();
                } catch (Exception refusedOnceClosed) {
                  // the server closes first: refused from then on
                }
              }
            });
    scraper.start();
    Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> scrapes.get() >= 3);
    p.destroy();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    scraper.join(10_000);
    assertThat(p.exitValue()).as("exit code after SIGTERM under scraping").isZero();
    assertThat(dir.resolve("hs_err.log")).doesNotExist();
    assertThat(Files.readString(dir.resolve("run.log")))
        .contains("streams-app: wordcount as streamgauge-wordcount (exactly_once_v2")
        .containsPattern(
            "JVM sees "
                + Runtime.getRuntime().availableProcessors()
                + " CPU\\(s\\) and a (49\\d|5[01]\\d) MiB heap limit")
        .contains("REBALANCING -> RUNNING")
        .contains("PENDING_SHUTDOWN -> NOT_RUNNING");
  }

  private Process start(List<String> args, Map<String, String> env, String name) throws Exception {
    Path log = dir.resolve(name + ".log");
    // A crash writes its report here, never into the module's directory.
    String crashReport = "-XX:ErrorFile=" + dir.resolve("hs_err.log");
    return ChildJvm.start(Main.class.getName(), args, "-Xmx512m " + crashReport, env, log, log);
  }

  private static HttpResponse<String> get(HttpClient http, int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
