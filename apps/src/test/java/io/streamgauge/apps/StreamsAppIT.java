package io.streamgauge.apps;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.AppProcess;
import io.streamgauge.common.RawAppSettings;
import io.streamgauge.testing.kafka.KafkaBroker;
import io.streamgauge.testing.kafka.TopicReader;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each scenario under each processing guarantee against a real broker, in this JVM. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StreamsAppIT {

  private static final int RECORDS = 2_000;
  private static final List<String> VOCABULARY =
      List.of("kafka", "streams", "latency", "window", "exactly", "once", "count", "word");

  private KafkaBroker broker;
  @TempDir Path stateDir;

  @BeforeAll
  void startBroker() {
    broker = KafkaBroker.start();
  }

  @AfterAll
  void stopBroker() {
    broker.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"exactly_once_v2", "at_least_once"})
  void statelessSimpleDeliversEveryLongValueUppercasedAndNothingElse(String guarantee)
      throws Exception {
    String in = "ss-in-" + guarantee;
    String out = "ss-out-" + guarantee;
    broker.createTopic(in, 3);
    broker.createTopic(out, 3);
    Map<String, String> expected = new HashMap<>();
    Random random = new Random(7);
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < RECORDS; i++) {
        String value = "v".repeat(1 + random.nextInt(10)) + i % 10;
        producer.send(new ProducerRecord<>(in, "key-" + i, value));
        if (value.length() > 5) {
          expected.put("key-" + i, value.toUpperCase());
        }
      }
    }

    try (StreamsApp app = start("stateless-simple", guarantee, in, out)) {
      List<ConsumerRecord<byte[], byte[]>> records =
          TopicReader.readAll(
              broker.bootstrapServers(), out, expected.size(), Duration.ofSeconds(60));

      Map<String, String> received = new HashMap<>();
      records.forEach(r -> received.put(text(r.key()), text(r.value())));
      assertThat(records).hasSize(expected.size());
      assertThat(received).isEqualTo(expected);
      assertThat(app.state()).isEqualTo(KafkaStreams.State.RUNNING);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"exactly_once_v2", "at_least_once"})
  void wordcountsFinalCountsEqualTheWordsProduced(String guarantee) throws Exception {
    String in = "wc-in-" + guarantee;
    String out = "wc-out-" + guarantee;
    broker.createTopic(in, 3);
    broker.createTopic(out, 3);
    Map<String, Long> expected = new HashMap<>();
    Random random = new Random(11);
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < RECORDS; i++) {
        List<String> words = new ArrayList<>();
        for (int w = 0, n = 1 + random.nextInt(6); w < n; w++) {
          words.add(VOCABULARY.get(random.nextInt(VOCABULARY.size())));
        }
        words.forEach(word -> expected.merge(word, 1L, Long::sum));
        producer.send(new ProducerRecord<>(in, "line-" + i, String.join(" ", words)));
      }
    }

    try (StreamsApp app = start("wordcount", guarantee, in, out)) {
      Map<String, Long> finalCounts = new HashMap<>();
      Awaitility.await()
          .atMost(Duration.ofSeconds(90))
          .until(
              () -> {
                TopicReader.readAll(broker.bootstrapServers(), out, 1, Duration.ofSeconds(5))
                    .forEach(
                        r -> finalCounts.put(text(r.key()), ByteBuffer.wrap(r.value()).getLong()));
                return finalCounts.equals(expected);
              });

      assertThat(finalCounts).isEqualTo(expected);
      assertThat(app.state()).isEqualTo(KafkaStreams.State.RUNNING);
    }
  }

  @Test
  void servesMetricsAndHealthWhileRunning() throws Exception {
    broker.createTopic("m-in", 1);
    broker.createTopic("m-out", 1);
    try (StreamsApp app = start("stateless-simple", "exactly_once_v2", "m-in", "m-out")) {
      try (KafkaProducer<String, String> producer = producer()) {
        producer.send(new ProducerRecord<>("m-in", "k", "long enough"));
      }
      TopicReader.readAll(broker.bootstrapServers(), "m-out", 1, Duration.ofSeconds(30));
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> health = get(http, app.metricsPort(), "/health");
      String metrics = get(http, app.metricsPort(), "/metrics").body();

      assertThat(health.statusCode()).isEqualTo(200);
      assertThat(health.body()).isEqualTo("RUNNING\n");
      assertThat(metrics)
          .contains("kafka_streams_thread_process_rate{")
          .contains("kafka_streams_thread_commit_latency_avg{")
          .contains("kafka_streams_thread_commit_total{")
          .containsPattern(
              "kafka_streams_client_alive_stream_threads\\{client_id=\"[^\"]+\",process_id=\"[^\"]+\"} 1.0")
          .contains("kafka_streams_task_restore_remaining_records{")
          .contains("# TYPE kafka_streams_task_restore_total counter")
          .contains("sg_app_streams_state{state=\"RUNNING\"} 1.0")
          .contains("jvm_gc_collection_seconds_count{")
          .contains("jvm_memory_used_bytes{area=\"heap\"}")
          .contains("jvm_threads_current")
          .contains("process_cpu_seconds_total");
    }
  }

  @Test
  void aFailingStreamThreadStopsTheAppWithTheCause() throws Exception {
    broker.createTopic("poison-in", 1);
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream("poison-in", Consumed.with(Serdes.String(), Serdes.String()))
        .foreach(
            (k, v) -> {
              if (v.equals("poison")) {
                throw new IllegalStateException("poisoned record");
              }
            });
    AppSettings settings = settings("stateless-simple", "at_least_once", "poison-in", "poison-in");
    StreamsApp app = new StreamsApp(settings, builder.build(), System.err);
    try (app) {
      app.start();
      try (KafkaProducer<String, String> producer = producer()) {
        producer.send(new ProducerRecord<>("poison-in", "k", "poison"));
      }
      app.awaitStop();

      assertThat(app.failure()).isNotNull();
      assertThat(AppProcess.describe(app.failure())).contains("poisoned record");
      assertThat(app.state()).isEqualTo(KafkaStreams.State.ERROR);
    }
  }

  @Test
  void stateRestorationIsReadyOnlyOnceEveryStoreIsRestoredAndCountsWhatItRestored()
      throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("STREAMGAUGE_APP_SCENARIO", "state-restoration");
    env.put("STREAMGAUGE_APP_BOOTSTRAP_SERVERS", broker.bootstrapServers());
    env.put("STREAMGAUGE_APP_APPLICATION_ID", "it-restoration");
    env.put("STREAMGAUGE_APP_PROCESSING_GUARANTEE", "exactly_once_v2");
    env.put("STREAMGAUGE_APP_STATE_DIR", stateDir.toString());
    env.put("STREAMGAUGE_APP_METRICS_PORT", "0");
    Map<String, Integer> partitions = new HashMap<>();
    int perStore = 300;
    for (int i = 0; i < StateRestorationTopology.STORES; i++) {
      String topic = "sr-" + StateRestorationTopology.changelog(i);
      broker.createTopic(topic, 6);
      partitions.put(topic, 6);
      env.put(
          "STREAMGAUGE_APP_TOPIC_"
              + StateRestorationTopology.changelog(i).toUpperCase().replace("-", "__"),
          topic);
    }
    try (KafkaProducer<String, String> producer = producer()) {
      // The last store's changelog stays empty: nothing to restore there, and no wait for it.
      for (int i = 0; i < StateRestorationTopology.STORES - 1; i++) {
        for (int r = 0; r < perStore; r++) {
          producer.send(
              new ProducerRecord<>(
                  "sr-" + StateRestorationTopology.changelog(i), "key-" + r, "value-" + r));
        }
      }
    }
    AppSettings settings = AppSettings.from(RawAppSettings.read(null, env));
    var toRestore =
        ChangelogPartitions.commitEnds(
            broker.bootstrapServers(), Map.of(), "it-restoration", partitions);
    assertThat(toRestore).hasSize(15 * 6);

    try (StreamsApp app =
        new StreamsApp(
            settings, settings.topology().build(settings.topics()), System.err, toRestore)) {
      assertThat(app.restored()).isFalse();
      app.start();
      Awaitility.await().atMost(Duration.ofSeconds(90)).until(app::restored);

      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> restored = get(http, app.metricsPort(), StreamsApp.RESTORED_PATH);
      String metrics = get(http, app.metricsPort(), "/metrics").body();
      assertThat(restored.statusCode()).isEqualTo(200);
      assertThat(restored.body()).startsWith("restored: RUNNING, 0 of 90 changelog partition(s)");
      // Every record of the 15 written changelogs, once: the stores read the source topics.
      assertThat(metrics).contains("sg_app_restored_records_total " + 15 * perStore + ".0");
      assertThat(metrics).containsPattern("sg_app_restoration_seconds [0-9]");
      // The state's size is the bytes of the files under the app's state directory, as the test
      // walks it: equal once RocksDB is quiet (a flush or compaction between the reads moves both).
      Path appState = stateDir.resolve("it-restoration");
      Awaitility.await(
              "sg_app_state_bytes equal to the state directory's files, read between two scrapes")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(500))
          .untilAsserted(
              () -> {
                long before = stateBytes(get(http, app.metricsPort(), "/metrics").body());
                long walked = filesBytes(appState);
                long after = stateBytes(get(http, app.metricsPort(), "/metrics").body());
                assertThat(walked).isPositive().isEqualTo(before).isEqualTo(after);
              });
    }
  }

  /** The value of {@code sg_app_state_bytes} on a /metrics page. */
  private static long stateBytes(String metrics) {
    Matcher m = Pattern.compile("(?m)^sg_app_state_bytes ([0-9.eE+]+)$").matcher(metrics);
    assertThat(m.find()).as("sg_app_state_bytes on /metrics").isTrue();
    return (long) Double.parseDouble(m.group(1));
  }

  /** The bytes of the regular files under {@code dir}. */
  private static long filesBytes(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      long sum = 0;
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        sum += Files.size(f);
      }
      return sum;
    }
  }

  private StreamsApp start(String scenario, String guarantee, String in, String out)
      throws Exception {
    AppSettings settings = settings(scenario, guarantee, in, out);
    Topology topology = settings.topology().build(settings.topics());
    StreamsApp app = new StreamsApp(settings, topology, System.err);
    app.start();
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> app.state() == KafkaStreams.State.RUNNING);
    return app;
  }

  private AppSettings settings(String scenario, String guarantee, String in, String out)
      throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("STREAMGAUGE_APP_SCENARIO", scenario);
    env.put("STREAMGAUGE_APP_BOOTSTRAP_SERVERS", broker.bootstrapServers());
    env.put("STREAMGAUGE_APP_APPLICATION_ID", "it-" + in);
    env.put("STREAMGAUGE_APP_PROCESSING_GUARANTEE", guarantee);
    env.put("STREAMGAUGE_APP_COMMIT_INTERVAL_MS", "100");
    env.put("STREAMGAUGE_APP_STATE_DIR", stateDir.toString());
    env.put("STREAMGAUGE_APP_TOPIC_INPUT", in);
    env.put("STREAMGAUGE_APP_TOPIC_OUTPUT", out);
    env.put("STREAMGAUGE_APP_METRICS_PORT", "0");
    return AppSettings.from(RawAppSettings.read(null, env));
  }

  private KafkaProducer<String, String> producer() {
    return new KafkaProducer<>(
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static HttpResponse<String> get(HttpClient http, int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
