// The smallest app that meets Streamgauge's contract (docs/guides/runtimes.md), on plain Kafka
// clients: it copies each record of its input topic to its output topic with the record's timestamp
// and headers (the `sg` trace header among them), in transactions committed every
// commit.interval.ms under exactly_once_v2, and serves /metrics (process CPU and memory: metric
// profile `process`) and /health. Checked against the contract by streamgauge conformance:
//   streamgauge conformance examples/skeleton-app/run.yaml \
//     --app-command "java -cp 'cli/target/streamgauge/lib/*' examples/skeleton-app/SkeletonApp.java"
import com.sun.management.OperatingSystemMXBean;
import com.sun.net.httpserver.HttpServer;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public class SkeletonApp {
  static volatile boolean running = true, ready = false;

  static String env(String key, String otherwise) {
    return Objects.requireNonNullElse(System.getenv("STREAMGAUGE_APP_" + key), otherwise);
  }

  public static void main(String[] args) throws Exception {
    boolean eos = env("PROCESSING_GUARANTEE", "").equals("exactly_once_v2");
    long commitMs = Long.parseLong(env("COMMIT_INTERVAL_MS", "100"));
    String group = env("APPLICATION_ID", "skeleton"), servers = env("BOOTSTRAP_SERVERS", "");
    Properties c = new Properties(), p = new Properties();
    c.putAll(Map.of("bootstrap.servers", servers, "group.id", group, "enable.auto.commit", "false",
        "auto.offset.reset", "earliest", "isolation.level", "read_committed"));
    p.put("bootstrap.servers", servers);
    if (eos) p.put("transactional.id", group + "-" + env("INSTANCE_INDEX", "0"));
    var consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    var producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    var stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      running = false;
      consumer.wakeup();
      try { stopped.await(10, TimeUnit.SECONDS); } catch (InterruptedException e) { }
    }));
    serveMetrics(Integer.parseInt(env("METRICS_PORT", "9404")));
    if (eos) { producer.initTransactions(); producer.beginTransaction(); }
    consumer.subscribe(List.of(env("TOPIC_INPUT", "input")));
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    long committed = System.currentTimeMillis();
    try {
      while (running) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(50))) {
          producer.send(new ProducerRecord<>(env("TOPIC_OUTPUT", "output"), null, r.timestamp(),
              r.key(), r.value(), r.headers()));
          offsets.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
        }
        ready = true;
        if (System.currentTimeMillis() - committed >= commitMs) {
          commit(eos, consumer, producer, offsets);
          committed = System.currentTimeMillis();
        }
      }
    } catch (WakeupException stopping) {
    }
    commit(eos, consumer, producer, offsets);
    producer.close(Duration.ofSeconds(3));
    consumer.close(CloseOptions.timeout(Duration.ofSeconds(3)));
    stopped.countDown();
  }

  /** Output and input offsets together: in one transaction, or output acknowledged first. */
  static void commit(boolean eos, KafkaConsumer<byte[], byte[]> consumer,
      KafkaProducer<byte[], byte[]> producer, Map<TopicPartition, OffsetAndMetadata> offsets) {
    if (eos) {
      if (!offsets.isEmpty()) {
        producer.sendOffsetsToTransaction(Map.copyOf(offsets), consumer.groupMetadata());
      }
      producer.commitTransaction();
      if (running) producer.beginTransaction();
    } else {
      producer.flush();
      consumer.commitSync(offsets);
    }
    offsets.clear();
  }

  /** /metrics in Prometheus' text format, and /health once records flow. */
  static void serveMetrics(int port) throws Exception {
    var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
    server.createContext("/metrics", x -> {
      long rss = Long.parseLong(Files.readString(Path.of("/proc/self/statm")).split(" ")[1]) * 4096;
      byte[] body = ("process_cpu_seconds_total " + os.getProcessCpuTime() / 1e9
          + "\nprocess_resident_memory_bytes " + rss + "\n").getBytes();
      x.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
      x.sendResponseHeaders(200, body.length);
      x.getResponseBody().write(body);
      x.close();
    });
    server.createContext("/health", x -> { x.sendResponseHeaders(ready ? 200 : 503, -1); x.close(); });
    server.setExecutor(null);
    server.start();
  }
}
