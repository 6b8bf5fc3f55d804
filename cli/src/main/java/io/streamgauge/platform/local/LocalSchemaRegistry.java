package io.streamgauge.platform.local;

import io.streamgauge.common.SchemaRegistryBinary;
import io.streamgauge.platform.ComponentStatus;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The run's own schema registry (AxonOps Schema Registry, {@link SchemaRegistryBinary}) on
 * loopback, in memory: its schemas live and die with the run. Started for a run of registered Avro
 * records that names no registry of its own.
 */
final class LocalSchemaRegistry {

  private final int port;
  private final Path log;
  private final ProcessGuard guard;
  private ChildProcess process;
  private boolean ready;

  LocalSchemaRegistry(int port, Path log, ProcessGuard guard) {
    this.port = port;
    this.log = log;
    this.guard = guard;
  }

  /** Its REST API's base URL. */
  URI url() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /** Starts it if needed; Ready (with its URL) once it answers {@code /health/ready}. */
  ComponentStatus ensure() {
    if (process == null) {
      String binary;
      try {
        binary = SchemaRegistryBinary.find(System.getenv());
      } catch (IllegalStateException e) {
        return new ComponentStatus.Failed("schema registry", e.getMessage());
      }
      try {
        process =
            ChildProcess.start(
                "schema-registry",
                List.of(binary),
                SchemaRegistryBinary.environment("127.0.0.1", port),
                log,
                guard);
      } catch (IOException e) {
        return new ComponentStatus.Failed("schema registry", "cannot start: " + e.getMessage());
      }
    }
    if (!process.isAlive()) {
      return process.failed();
    }
    if (!ready) {
      ready = HealthProbe.ok(url().resolve(SchemaRegistryBinary.READY_PATH));
    }
    return ready
        ? new ComponentStatus.Ready(url().toString())
        : new ComponentStatus.Starting("schema registry starting on " + url());
  }

  void stop(Duration grace) {
    if (process != null) {
      process.stop(grace);
    }
  }
}
