package io.streamgauge.testing.kafka;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.common.SingleNodeKafkaConfig;
import io.streamgauge.testing.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * A real Kafka KRaft broker (combined broker and controller, one node) in its own JVM, started from
 * the {@code org.apache.kafka:kafka_2.13} jars on this JVM's class path, on free loopback ports
 * with a throwaway log directory. For data-plane tests and benchmarks; {@link #close} stops it and
 * deletes its data. It keeps every record for as long as it runs ({@code log.retention.ms} -1):
 * with Kafka's default of 7 days, the first retention check, 30 s after the broker starts, deletes
 * whole partitions of records stamped further back (a test's fixed timestamps), and a reader
 * started after it finds nothing to read.
 */
public final class KafkaBroker implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofSeconds(90);

  /** No record is deleted for its age: see the class's description. */
  private static final Map<String, String> KEEP_EVERY_RECORD = Map.of("log.retention.ms", "-1");

  private final Path dir;
  private final int port;
  private final int adminPort;
  private final int controllerPort = ListenPorts.pick();
  private final SecuredListener secured;
  private Process process;

  private KafkaBroker(Path dir, int port, int adminPort, SecuredListener secured) {
    this.dir = dir;
    this.port = port;
    this.adminPort = adminPort;
    this.secured = secured;
  }

  /**
   * A client listener with TLS and SASL PLAIN, as a shared production cluster has one.
   *
   * @param certificatePem the broker's self-signed certificate (for 127.0.0.1), which clients trust
   * @param users SASL PLAIN users and their passwords
   */
  public record SecuredListener(String certificatePem, Map<String, String> users) {}

  /** Formats the storage, starts the broker and waits until it answers. */
  public static KafkaBroker start() {
    return start(Map.of());
  }

  /** As {@link #start()}, with extra broker properties. */
  public static KafkaBroker start(Map<String, String> overrides) {
    try {
      int port = ListenPorts.pick();
      KafkaBroker broker =
          new KafkaBroker(Files.createTempDirectory("sg-kafka-"), port, port, null);
      broker.boot(overrides);
      return broker;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A broker whose client listener ({@link #bootstrapServers}) takes only SASL_SSL with PLAIN and
   * the given users, with a certificate made for it ({@link #securedListener}); the test's own
   * {@link #admin} uses a plaintext listener of its own.
   */
  public static KafkaBroker startSecured(Map<String, String> users) {
    try {
      Path dir = Files.createTempDirectory("sg-kafka-");
      TestCertificate certificate = TestCertificate.create(dir.resolve("tls"), "127.0.0.1");
      KafkaBroker broker =
          new KafkaBroker(
              dir,
              ListenPorts.pick(),
              ListenPorts.pick(),
              new SecuredListener(certificate.pem(), Map.copyOf(users)));
      broker.boot(broker.securedOverrides(certificate));
      return broker;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Map<String, String> securedOverrides(TestCertificate certificate) {
    StringBuilder jaas =
        new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
    secured
        .users()
        .forEach((user, password) -> jaas.append(" user_" + user + "=\"" + password + "\""));
    jaas.append(';');
    return Map.of(
        "listeners",
        "SASL_SSL://127.0.0.1:"
            + port
            + ",INTERNAL://127.0.0.1:"
            + adminPort
            + ",CONTROLLER://127.0.0.1:"
            + controllerPort,
        "advertised.listeners",
        "SASL_SSL://127.0.0.1:" + port + ",INTERNAL://127.0.0.1:" + adminPort,
        "listener.security.protocol.map",
        "SASL_SSL:SASL_SSL,INTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "inter.broker.listener.name",
        "INTERNAL",
        "sasl.enabled.mechanisms",
        "PLAIN",
        "listener.name.sasl_ssl.plain.sasl.jaas.config",
        jaas.toString(),
        "ssl.keystore.type",
        "PKCS12",
        "ssl.keystore.location",
        certificate.keystore().toString(),
        "ssl.keystore.password",
        certificate.password());
  }

  /** The secured listener's certificate and users; null for a plaintext broker. */
  public SecuredListener securedListener() {
    return secured;
  }

  private void boot(Map<String, String> overrides) throws IOException {
    Map<String, String> settings = new HashMap<>(KEEP_EVERY_RECORD);
    settings.putAll(overrides);
    Properties props = new Properties();
    props.putAll(
        SingleNodeKafkaConfig.properties(port, controllerPort, dir.resolve("data"), settings));
    Path config = dir.resolve("server.properties");
    try (var out = Files.newBufferedWriter(config)) {
      props.store(out, "Streamgauge test broker");
    }
    process =
        java(
            "broker",
            List.of(
                FormattedKafka.class.getName(), Uuid.randomUuid().toString(), config.toString()),
            "-Xmx1g");
    awaitReady();
  }

  /** {@code host:port} of the client listener (plaintext, or SASL_SSL when secured). */
  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  /** Creates {@code name} with {@code partitions} partitions and waits until each has a leader. */
  public void createTopic(String name, int partitions) {
    try (Admin admin = admin()) {
      admin
          .createTopics(List.of(new NewTopic(name, partitions, (short) 1)))
          .all()
          .get(30, TimeUnit.SECONDS);
      Instant deadline = Instant.now().plusSeconds(30);
      while (!allLed(admin, name)) {
        if (Instant.now().isAfter(deadline)) {
          throw new IllegalStateException("topic " + name + " has partitions without a leader");
        }
        Thread.sleep(50);
      }
    } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("cannot create topic " + name, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** True when every partition of {@code topic} has a leader; false while it is still unknown. */
  private static boolean allLed(Admin admin, String topic)
      throws InterruptedException, java.util.concurrent.TimeoutException {
    try {
      return admin
          .describeTopics(List.of(topic))
          .allTopicNames()
          .get(30, TimeUnit.SECONDS)
          .get(topic)
          .partitions()
          .stream()
          .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return false;
      }
      throw new IllegalStateException("cannot describe topic " + topic, e.getCause());
    }
  }

  /** An admin client of this broker (on a plaintext listener); the caller closes it. */
  public Admin admin() {
    return Admin.create(
        Map.of(
            AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + adminPort,
            AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
            AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000));
  }

  /** Kills the broker process abruptly (as a crashed node), keeping its data. */
  public void kill() {
    if (process != null) {
      process.destroyForcibly();
      try {
        process.waitFor(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The broker's log, for failure messages. */
  public String log() {
    try {
      return Files.readString(dir.resolve("broker.log"));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // Leftovers in the temp directory do not affect any result.
    }
  }

  private void awaitReady() {
    Instant deadline = Instant.now().plus(STARTUP);
    try (Admin admin = admin()) {
      while (true) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "Kafka broker exited with code " + process.exitValue() + ":\n" + tail(log(), 40));
        }
        try {
          admin.describeCluster().nodes().get(2, TimeUnit.SECONDS);
          return;
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
          if (Instant.now().isAfter(deadline)) {
            close();
            throw new IllegalStateException(
                "Kafka broker not ready after " + STARTUP + ":\n" + tail(log(), 40));
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private Process java(String name, List<String> args, String heap) throws IOException {
    Path log = dir.resolve(name + ".log");
    return ChildJvm.start(args.get(0), args.subList(1, args.size()), heap, Map.of(), log, log);
  }

  private static String tail(String text, int lines) {
    List<String> all = text.lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }
}
