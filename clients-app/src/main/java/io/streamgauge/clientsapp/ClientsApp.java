package io.streamgauge.clientsapp;

import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.streamgauge.common.AppProcess;
import io.streamgauge.common.ContractSettings;
import io.streamgauge.common.ListenAddress;
import io.streamgauge.common.MetricsServer;
import io.streamgauge.common.ReferenceAppStart;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One running plain-clients app: a {@link KafkaConsumer} and a {@link KafkaProducer} driven by the
 * {@link StatelessSimpleLoop} on a thread of its own, its metrics (JVM, process, the loop's) on
 * /metrics, and /health, ready once the consumer has partitions (the body names the state). A
 * client's failure ends the loop, so {@link #awaitStop} returns and the process can exit non-zero
 * for the platform to see.
 */
final class ClientsApp implements AutoCloseable, ReferenceAppStart.App {

  /**
   * Kafka Streams' transaction timeout under exactly-once (10 s, against the client's 60 s): how
   * long a crashed instance's open transaction can hold back {@code read_committed} readers.
   */
  static final String TRANSACTION_TIMEOUT_MS = "10000";

  private final ClientsAppSettings settings;
  private final PrintStream log;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final KafkaProducer<byte[], byte[]> producer;
  private final StatelessSimpleLoop loop;
  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile Throwable failure;
  private volatile MetricsServer server;
  private Thread thread;

  /**
   * @param log where the loop's end and failures are written
   */
  ClientsApp(ClientsAppSettings settings, PrintStream log) {
    this.settings = settings;
    this.log = log;
    this.consumer = new KafkaConsumer<>(consumerConfig(settings));
    this.producer = new KafkaProducer<>(producerConfig(settings));
    JvmMetrics.builder().register(registry);
    this.loop =
        new StatelessSimpleLoop(
            settings, consumer, producer, new LoopMetrics(registry), Clock.systemUTC());
  }

  /** The consumer's configuration: the contract's, then {@code consumer.*}. */
  static Map<String, Object> consumerConfig(ClientsAppSettings settings) {
    ContractSettings contract = settings.contract();
    Map<String, Object> config = new HashMap<>(contract.connection());
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.putAll(settings.consumer());
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, contract.bootstrapServers());
    config.put(ConsumerConfig.GROUP_ID_CONFIG, contract.applicationId());
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
    return config;
  }

  /**
   * The producer's configuration: the contract's, then {@code producer.*}; under exactly-once a
   * transactional id of its own, {@code <application.id>-<instance.index>}: each instance's differs
   * from the others', and a restarted instance keeps its index, so it fences its predecessor and
   * aborts what that one left open at once (instead of the transaction timeout later).
   */
  static Map<String, Object> producerConfig(ClientsAppSettings settings) {
    ContractSettings contract = settings.contract();
    Map<String, Object> config = new HashMap<>(contract.connection());
    if (contract.exactlyOnce()) {
      config.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, TRANSACTION_TIMEOUT_MS);
    }
    config.putAll(settings.producer());
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, contract.bootstrapServers());
    if (contract.exactlyOnce()) {
      config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId(contract));
    }
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    return config;
  }

  /** {@code <application.id>-<instance.index>}. */
  static String transactionalId(ContractSettings contract) {
    return contract.applicationId() + "-" + contract.instanceIndex();
  }

  /** Starts the loop and, unless the metrics port is -1, /metrics and /health. */
  @Override
  public void start() throws IOException {
    int port = settings.contract().metricsPort();
    if (port >= 0) {
      server = MetricsServer.start(ListenAddress.of(port), registry, this::health, Map.of());
    }
    thread = new Thread(this::runLoop, "clients-app-loop");
    thread.start();
  }

  private void runLoop() {
    try {
      loop.run();
    } catch (RuntimeException e) {
      failure = e;
      log.println("clients-app: the loop failed: " + AppProcess.describe(e));
    } finally {
      closeClients();
      stopped.countDown();
    }
  }

  private void closeClients() {
    try {
      producer.close(settings.contract().shutdownTimeout());
    } finally {
      consumer.close();
    }
  }

  /** The port /metrics is served on, or -1. */
  @Override
  public int metricsPort() {
    MetricsServer s = server;
    return s == null ? -1 : s.port();
  }

  /** Blocks until the loop has ended (stopped or failed). */
  void awaitStop() throws InterruptedException {
    stopped.await();
  }

  /** Blocks until the loop has ended; why, if it failed. */
  @Override
  public Optional<Throwable> awaitEnd() throws InterruptedException {
    awaitStop();
    return Optional.ofNullable(failure);
  }

  /** Why the loop ended, if it failed; null otherwise. */
  Throwable failure() {
    return failure;
  }

  /** Stops the loop (it commits what it processed) within the shutdown timeout. */
  @Override
  public void close() {
    loop.stop();
    try {
      if (thread != null
          && !stopped.await(
              settings.contract().shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        log.println("clients-app: the loop did not stop within the shutdown timeout");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    MetricsServer s = server;
    if (s != null) {
      s.close();
    }
  }

  private MetricsServer.Health health() {
    if (failure != null) {
      return MetricsServer.Health.down("FAILED");
    }
    return loop.assigned()
        ? MetricsServer.Health.up("RUNNING")
        : MetricsServer.Health.down("STARTING");
  }
}
