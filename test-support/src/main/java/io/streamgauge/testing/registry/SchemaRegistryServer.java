package io.streamgauge.testing.registry;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.common.SchemaRegistryBinary;
import io.streamgauge.testing.HttpReadiness;
import io.streamgauge.testing.StopWithThisJvm;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A real schema registry (AxonOps Schema Registry, Confluent's REST API; {@link
 * SchemaRegistryBinary}) on a free loopback port with in-memory storage, for tests; {@link #close}
 * stops it.
 */
public final class SchemaRegistryServer implements AutoCloseable {

  private static final Duration STARTUP = Duration.ofSeconds(30);

  private final int port;
  private final Process process;
  private final Path log;

  private SchemaRegistryServer(int port, Process process, Path log) {
    this.port = port;
    this.process = process;
    this.log = log;
  }

  /**
   * Starts one and waits until it answers {@code /health/ready}.
   *
   * @throws IllegalStateException when the binary is missing (saying how to get it) or the server
   *     does not become ready
   */
  public static SchemaRegistryServer start() {
    String binary = SchemaRegistryBinary.find(System.getenv());
    int port = ListenPorts.pick();
    try {
      Path log = Files.createTempFile("sg-schema-registry-", ".log");
      ProcessBuilder builder =
          new ProcessBuilder(binary).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().putAll(SchemaRegistryBinary.environment("127.0.0.1", port));
      Process process = builder.start();
      StopWithThisJvm.register(process);
      SchemaRegistryServer server = new SchemaRegistryServer(port, process, log);
      server.awaitReady();
      return server;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the schema registry (" + binary + "): " + e, e);
    }
  }

  /** The base URL of its REST API. */
  public String url() {
    return "http://127.0.0.1:" + port;
  }

  /** Its log. */
  public String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log)";
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    log.toFile().delete();
  }

  private void awaitReady() {
    try {
      HttpReadiness.await(
          process,
          URI.create(url() + SchemaRegistryBinary.READY_PATH),
          STARTUP,
          "the schema registry",
          this::log);
    } catch (IllegalStateException e) {
      close();
      throw e;
    }
  }
}
