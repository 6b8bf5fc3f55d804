package io.streamgauge.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.common.RecordHeaders;
import io.streamgauge.testing.ChildJvm;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.kafka.TopicReader;
import java.io.IOException;
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
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The load-generator command as a user runs it: its own JVM, exit codes, signals, endpoints. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoadGeneratorCliIT {

  private KafkaBroker broker;
  @TempDir Path dir;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
    broker.createTopic("cli", 3);
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @Test
  void badInputIsOneLineAndExitCodeTwo() throws Exception {
    Result result =
        run(
            """
            bootstrapServers: %s
            topics:
            - {name: cli, ratePerSecond: 0, record: {format: json, valueSize: {fixed: 8}, keys: 1}}
            """
                .formatted(broker.bootstrapServers()));

    assertThat(result.exitCode).isEqualTo(2);
    assertThat(result.stderr.lines())
        .containsExactly(
            "load-generator: workload: topics[0].ratePerSecond: must be greater than 0, got 0.0",
            "load-generator: workload: topics[0].record.format: unknown format 'json' (string,"
                + " text, bytes, protobuf or avro)");
  }

  @Test
  void anUnreachableBrokerIsOneLineAndExitCodeThree() throws Exception {
    Result result =
        run(
            """
            bootstrapServers: 127.0.0.1:%d
            topics:
            - {name: cli, ratePerSecond: 10, record: {format: string, valueSize: {fixed: 8}, keys: 1}}
            """
                .formatted(ListenPorts.pick()));

    assertThat(result.exitCode).isEqualTo(3);
    assertThat(result.stderr).contains("load-generator: cannot reach Kafka at 127.0.0.1:");
    assertThat(result.stderr).doesNotContain("\tat ");
  }

  @Test
  void sigtermFlushesStopsAndReportsWhatWasSent() throws Exception {
    int port = ListenPorts.pick();
    Process process = startSending("sigterm", 1000, port);
    HttpClient http = HttpClient.newHttpClient();
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(get(http, port, "/metrics"))
                    .contains("sg_loadgen_records_sent_total{topic=\"cli\"}"));
    assertThat(get(http, port, "/health")).isEqualTo("ok\n");
    assertThat(get(http, port, "/metrics"))
        .contains("sg_loadgen_publish_delay_seconds_bucket")
        .contains("sg_loadgen_stall_seconds_bucket")
        .contains("sg_loadgen_target_rate{topic=\"cli\"} 1000.0")
        .contains("jvm_memory_used_bytes");
    // The counters exist from the start at 0: wait for acknowledged records.
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                counter(
                    get(http, port, "/metrics"), "sg_loadgen_records_sent_total{topic=\"cli\"}"),
            sent -> sent > 100);
    String metrics = get(http, port, "/metrics");
    assertThat(counter(metrics, "sg_loadgen_bytes_sent_total{topic=\"cli\"}"))
        .as(
            "each acknowledged record's 64-byte value and its key at least (records are read first;"
                + " the callback thread may be between the two counters)")
        .isGreaterThanOrEqualTo(
            65 * (counter(metrics, "sg_loadgen_records_sent_total{topic=\"cli\"}") - 10))
        .isPositive();
    Thread.sleep(1000);

    process.destroy();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isEqualTo(143);
    String stdout = Files.readString(dir.resolve("sigterm.out"));
    JsonNode report = new ObjectMapper().readTree(stdout.lines().reduce((a, b) -> b).orElseThrow());

    long sent = report.get("sent").asLong();
    assertThat(sent).isGreaterThan(500);
    assertThat(report.get("failed").asLong()).isZero();
    assertThat(report.get("publishDelayP99Ms").asDouble()).isNotNegative();
    long inTopic =
        TopicReader.readAll(broker.bootstrapServers(), "cli", sent, Duration.ofSeconds(30)).stream()
            .filter(
                r -> "sigterm".equals(RecordHeaders.producerIdOf(RecordHeaders.trace(r.headers()))))
            .count();
    assertThat(inTopic).isEqualTo(sent);
  }

  /**
   * A pause of the whole process (SIGSTOP, as a paused VM or a long GC would) shows in the stall
   * meter as well as in the publish delay: at least 500 ms stopped is at least 400 readings of the
   * meter more than 100 ms late (one per millisecond the pause covered), and at 100 records/s at
   * least 39 records sent more than 100 ms behind schedule. A longer pause only adds to both.
   */
  @Test
  void aPausedGeneratorCountsThePauseAsAStall() throws Exception {
    int port = ListenPorts.pick();
    Process process = startSending("paused", 100, port);
    try {
      HttpClient http = HttpClient.newHttpClient();
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptions()
          .until(() -> counter(get(http, port, "/metrics"), "sg_loadgen_stall_seconds_count") > 0);
      String before = get(http, port, "/metrics");

      signal("STOP", process);
      Thread.sleep(500);
      signal("CONT", process);
      Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .ignoreExceptions()
          .until(
              () -> over100ms(get(http, port, "/metrics"), "sg_loadgen_publish_delay_seconds"),
              late -> late - over100ms(before, "sg_loadgen_publish_delay_seconds") >= 39);
      String after = get(http, port, "/metrics");

      assertThat(
              over100ms(after, "sg_loadgen_stall_seconds")
                  - over100ms(before, "sg_loadgen_stall_seconds"))
          .as("stall meter readings over 100 ms late")
          .isGreaterThanOrEqualTo(400);
    } finally {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  /**
   * Starts the command sending {@code rate} records/s of 64 bytes to topic cli as {@code
   * producerId}, its metrics on {@code port}; its output in {@code <producerId>.out} and {@code
   * .err}.
   */
  private Process startSending(String producerId, int rate, int port) throws IOException {
    Path workload = dir.resolve(producerId + ".yaml");
    Files.writeString(
        workload,
        """
        bootstrapServers: %s
        producerId: %s
        metricsPort: %d
        topics:
        - {name: cli, ratePerSecond: %d, record: {format: string, valueSize: {fixed: 64}, keys: 10}}
        """
            .formatted(broker.bootstrapServers(), producerId, port, rate));
    return start(workload, dir.resolve(producerId + ".out"), dir.resolve(producerId + ".err"));
  }

  private static void signal(String signal, Process process) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start();
    assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    assertThat(kill.exitValue()).as("kill -" + signal).isZero();
  }

  /** The observations of histogram {@code name} above its 0.1 s bucket. */
  private static double over100ms(String metrics, String name) {
    return counter(metrics, name + "_count") - counter(metrics, name + "_bucket{le=\"0.1\"}");
  }

  private Result run(String workloadYaml) throws Exception {
    Path workload = Files.createTempFile(dir, "workload", ".yaml");
    Files.writeString(workload, workloadYaml);
    Path out = Files.createTempFile(dir, "stdout", ".txt");
    Path err = Files.createTempFile(dir, "stderr", ".txt");
    Process process = start(workload, out, err);
    assertThat(process.waitFor(90, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** Starts the command in its own JVM; output goes to files, which outlive the process. */
  private static Process start(Path workload, Path stdout, Path stderr) throws IOException {
    return ChildJvm.start(
        Main.class.getName(),
        List.of("--workload", workload.toString()),
        "-Xmx512m",
        Map.of(),
        stdout,
        stderr);
  }

  private static String get(HttpClient http, int port, String path) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private record Result(int exitCode, String stdout, String stderr) {}

  /** The value of the series {@code name} (with its labels) in a text exposition. */
  private static double counter(String metrics, String name) {
    return metrics
        .lines()
        .filter(l -> l.startsWith(name + " "))
        .mapToDouble(l -> Double.parseDouble(l.substring(name.length() + 1).trim()))
        .findFirst()
        .orElseThrow(() -> new AssertionError(name + " not in " + metrics));
  }
}
