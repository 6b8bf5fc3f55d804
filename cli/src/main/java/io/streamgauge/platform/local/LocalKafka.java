package io.streamgauge.platform.local;

import io.streamgauge.common.SingleNodeKafkaConfig;
import io.streamgauge.platform.ComponentStatus;
import io.streamgauge.platform.RunTopics;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/**
 * The run's Kafka on this machine: one KRaft node (broker and controller) in its own JVM, from the
 * Kafka jars on the CLI's class path, formatted fresh in the run's directory. {@link #ensure}
 * advances without waiting: storage format, then the broker, then the run's topics.
 */
final class LocalKafka {

  /** The broker's JVM: a fixed 1 GiB heap, G1, its log at INFO. */
  private static final List<String> JVM_OPTIONS =
      List.of(
          "-Xms1g",
          "-Xmx1g",
          "-XX:+UseG1GC",
          "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
          "-Dorg.slf4j.simpleLogger.showDateTime=true");

  private enum State {
    NEW,
    FORMATTING,
    STARTING,
    READY
  }

  private final Path dir;
  private final Path logs;
  private final int port;
  private final int controllerPort;
  private final Map<String, String> brokerConfig;
  private final ProcessGuard guard;
  private final Runnable changed;
  private State state = State.NEW;
  private ChildProcess format;
  private ChildProcess broker;

  /**
   * @param dir the broker's working directory (config and data), deleted by {@link #stop}
   * @param logs where the broker's logs go
   * @param brokerConfig broker settings from the spec, applied over the one-node defaults
   * @param changed called when the storage format or the broker exits, so the next step is taken at
   *     once
   */
  LocalKafka(
      Path dir,
      Path logs,
      int port,
      int controllerPort,
      Map<String, String> brokerConfig,
      ProcessGuard guard,
      Runnable changed) {
    this.dir = dir;
    this.logs = logs;
    this.port = port;
    this.controllerPort = controllerPort;
    this.brokerConfig = brokerConfig;
    this.guard = guard;
    this.changed = changed;
  }

  /** {@code 127.0.0.1:<port>}. */
  String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  /** Moves the broker one step towards ready with {@code topics} (name → partitions). */
  ComponentStatus ensure(Map<String, Integer> topics) throws IOException {
    switch (state) {
      case NEW -> {
        format =
            ChildProcess.start(
                "kafka-storage", formatCommand(), JavaCommand.classPath(), log("storage"), guard);
        format.onExit(changed);
        state = State.FORMATTING;
        return new ComponentStatus.Starting("formatting the broker's storage");
      }
      case FORMATTING -> {
        if (format.isAlive()) {
          return new ComponentStatus.Starting("formatting the broker's storage");
        }
        if (format.exitCode().orElse(-1) != 0) {
          return format.failed();
        }
        broker = startBroker();
        state = State.STARTING;
        return new ComponentStatus.Starting("broker starting on " + bootstrapServers());
      }
      case STARTING -> {
        if (!broker.isAlive()) {
          return broker.failed();
        }
        ComponentStatus topicsReady = RunTopics.ensure(bootstrapServers(), Map.of(), topics);
        if (topicsReady.isReady()) {
          state = State.READY;
        }
        return topicsReady;
      }
      default -> {
        return broker.isAlive() ? new ComponentStatus.Ready(bootstrapServers()) : broker.failed();
      }
    }
  }

  /**
   * Restarts the broker in order: SIGTERM (a controlled shutdown), at most {@code grace} to exit,
   * then the same broker started again on the same data and ports.
   *
   * @return what was done, e.g. {@code SIGTERM process kafka (pid 4242), exited in 1.9 s, started
   *     again as pid 4310}
   * @throws IOException when there is no running broker, or it cannot be started again
   */
  String restart(Duration grace) throws IOException {
    if (state != State.READY || !broker.isAlive()) {
      throw new IOException("the broker is not running (" + state + ")");
    }
    String stopped = broker.describe();
    long start = System.nanoTime();
    broker.stop(grace);
    double seconds = (System.nanoTime() - start) / 1e9;
    broker = startBroker();
    return String.format(
        java.util.Locale.ROOT,
        "SIGTERM %s, exited in %.1f s, started again as pid %d",
        stopped,
        seconds,
        broker.pid());
  }

  /** Stops the broker and deletes its data. */
  void stop(Duration grace) {
    for (ChildProcess p : new ChildProcess[] {format, broker}) {
      if (p != null) {
        p.stop(grace);
      }
    }
    LocalFiles.deleteTree(dir);
  }

  private ChildProcess startBroker() throws IOException {
    ChildProcess started =
        ChildProcess.start(
            "kafka",
            JavaCommand.of("kafka.Kafka", JVM_OPTIONS, List.of(config().toString())),
            JavaCommand.classPath(),
            log("broker"),
            guard);
    started.onExit(changed);
    return started;
  }

  private List<String> formatCommand() throws IOException {
    return JavaCommand.of(
        "kafka.tools.StorageTool",
        List.of("-Xmx256m"),
        List.of(
            "format",
            "-t",
            UUID.randomUUID().toString(),
            "-c",
            config().toString(),
            "--ignore-formatted"));
  }

  private Path config() throws IOException {
    Path config = dir.resolve("server.properties");
    if (!Files.exists(config)) {
      Files.createDirectories(dir);
      Properties properties = new Properties();
      properties.putAll(
          SingleNodeKafkaConfig.properties(
              port, controllerPort, dir.resolve("data"), brokerConfig));
      try (Writer out = Files.newBufferedWriter(config)) {
        properties.store(out, "Streamgauge local broker");
      }
    }
    return config;
  }

  private Path log(String name) {
    return logs.resolve("kafka-" + name + ".log");
  }
}
