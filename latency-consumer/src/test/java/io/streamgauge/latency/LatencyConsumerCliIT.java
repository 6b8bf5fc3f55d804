package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.testing.ChildJvm;
import io.streamgauge.testing.kafka.KafkaBroker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** The latency-consumer command in its own JVM: exit codes, endpoints, results on SIGTERM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LatencyConsumerCliIT {

  private KafkaBroker broker;
  @TempDir Path dir;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
    broker.createTopic("out", 2);
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @Test
  void badSettingsAreListedWithFieldPathsAndExitCodeTwo() throws Exception {
    Path settings = dir.resolve("bad.yaml");
    Files.writeString(
        settings,
        """
        bootstrapServers: %s
        topics: []
        isolationLevel: read_mostly
        windows: {warmupStart: "2026-11-22T10:00:00Z", measurementStart: "noon", measurementEnd: "2026-11-22T11:00:00Z"}
        """
            .formatted(broker.bootstrapServers()));
    Process p = start(settings, dir.resolve("bad.out"), dir.resolve("bad.err"));
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("bad.err")).lines())
        .containsExactly(
            "latency-consumer: settings: topics: at least one output topic is required",
            "latency-consumer: settings: isolationLevel: 'read_mostly' is not read_committed or read_uncommitted",
            "latency-consumer: settings: windows.measurementStart: 'noon' is not an instant like 2026-11-22T10:00:00Z");
  }

  @Test
  void anUnknownTopicIsOneLineAndExitCodeThree() throws Exception {
    Path settings = dir.resolve("unknown.yaml");
    Files.writeString(
        settings,
        "bootstrapServers: %s\ntopics: [nope]\nhttpPort: -1\n"
            .formatted(broker.bootstrapServers()));
    Process p = start(settings, dir.resolve("unknown.out"), dir.resolve("unknown.err"));
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(p.exitValue()).isEqualTo(3);
    assertThat(Files.readString(dir.resolve("unknown.out"))).isEmpty();
    assertThat(Files.readString(dir.resolve("unknown.err")))
        .contains("latency-consumer: topic 'nope' does not exist on " + broker.bootstrapServers())
        .doesNotContain("\tat ");
  }

  @Test
  void sigtermWritesTheFinalResultsToStdoutAndTheResultsFile() throws Exception {
    int port = ListenPorts.pick();
    Path resultsFile = dir.resolve("results.json");
    Instant now = Instant.now();
    Path settings = dir.resolve("run.yaml");
    Files.writeString(
        settings,
        """
        bootstrapServers: %s
        topics: [out]
        httpPort: %d
        resultsFile: %s
        windows: {warmupStart: "%s", measurementStart: "%s", measurementEnd: "%s"}
        """
            .formatted(
                broker.bootstrapServers(),
                port,
                resultsFile,
                now.minusSeconds(600),
                now.minusSeconds(300),
                now.plusSeconds(600)));
    Process p = start(settings, dir.resolve("run.out"), dir.resolve("run.err"));
    HttpClient http = HttpClient.newHttpClient();
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(() -> get(http, port, "/health").statusCode() == 200);
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
      for (int i = 0; i < 100; i++) {
        producer.send(
            new ProducerRecord<>("out", null, System.currentTimeMillis() - 20, null, new byte[5]));
      }
    }
    Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                new ObjectMapper()
                        .readTree(get(http, port, "/results").body())
                        .at("/topics/out/consumed")
                        .asLong()
                    == 100);
    String metrics = get(http, port, "/metrics").body();
    assertThat(metrics)
        .contains("sg_latency_records_consumed_total{topic=\"out\"} 100.0")
        .as("100 values of 5 bytes, null keys counted as 0")
        .contains("sg_latency_bytes_consumed_total{topic=\"out\"} 500.0")
        .contains("sg_latency_e2e_seconds_bucket{topic=\"out\",le=\"0.025\"}")
        .contains("sg_latency_consumer_lag");

    p.destroy();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String stdout = Files.readString(dir.resolve("run.out"));
    JsonNode fromStdout =
        new ObjectMapper().readTree(stdout.lines().reduce((a, b) -> b).orElseThrow());
    JsonNode fromFile = new ObjectMapper().readTree(Files.readString(resultsFile));
    assertThat(fromStdout.at("/topics/out/measurement/count").asLong()).isEqualTo(100);
    assertThat(fromStdout.at("/topics/out/measurement/p50Ms").asDouble())
        .isGreaterThanOrEqualTo(19.0);
    assertThat(fromFile).isEqualTo(fromStdout);
  }

  private static HttpResponse<String> get(HttpClient http, int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static Process start(Path settings, Path stdout, Path stderr) throws IOException {
    return ChildJvm.start(
        Main.class.getName(),
        List.of("--config", settings.toString()),
        "-Xmx512m",
        Map.of(),
        stdout,
        stderr);
  }
}
