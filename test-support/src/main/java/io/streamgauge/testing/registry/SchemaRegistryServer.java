package io.streamgauge.testing.registry;

import io.streamgauge.common.ListenPorts;
import io.streamgauge.common.SchemaRegistryBinary;
import io.streamgauge.testing.StopWithThisJvm;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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
    HttpClient http = HttpClient.newHttpClient();
    Instant deadline = Instant.now().plus(STARTUP);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "the schema registry exited with code " + process.exitValue() + ":\n" + log());
      }
      try {
        HttpResponse<Void> response =
            http.send(
                HttpRequest.newBuilder(URI.create(url() + SchemaRegistryBinary.READY_PATH))
                    .timeout(Duration.ofSeconds(2))
                    .build(),
                HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for the schema registry", e);
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for the schema registry", e);
      }
    }
    String text = log();
    close();
    throw new IllegalStateException(
        "the schema registry not ready after " + STARTUP + ":\n" + text);
  }
}
