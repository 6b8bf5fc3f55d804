package io.streamgauge.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.SpecDuration;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Tells a {@link LoadGenerator} when to end from a workload's absolute {@code endAt} and, once the
 * latency consumer at {@code windowsUrl} knows the windows, {@code endAfterMeasurement} after the
 * measurement window. The windows are fixed only after every generator runs, so they are asked for
 * every second until known.
 */
final class LoadEnd implements AutoCloseable {

  /** How long past the measurement window the load runs when the workload does not say. */
  static final Duration DEFAULT_AFTER_MEASUREMENT = Duration.ofMinutes(1);

  private static final Duration POLL = Duration.ofSeconds(1);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Workload workload;
  private final LoadGenerator generator;
  private final PrintStream log;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(POLL).build();
  private Thread watcher;

  LoadEnd(Workload workload, LoadGenerator generator, PrintStream log) {
    this.workload = workload;
    this.generator = generator;
    this.log = log;
  }

  /** Applies {@code endAt} and starts asking for the windows, if the workload names their URL. */
  void start() {
    if (workload.endAt() != null) {
      generator.endAt(Instant.parse(workload.endAt()));
    }
    if (workload.windowsUrl() != null) {
      watcher = new Thread(this::watchWindows, "load-end");
      watcher.setDaemon(true);
      watcher.start();
    }
  }

  private void watchWindows() {
    Duration margin =
        workload.endAfterMeasurement() == null
            ? DEFAULT_AFTER_MEASUREMENT
            : SpecDuration.parse(workload.endAfterMeasurement());
    URI uri = URI.create(workload.windowsUrl().replaceAll("/$", "") + "/windows");
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Optional<Instant> measurementEnd = measurementEnd(uri);
        if (measurementEnd.isPresent()) {
          Instant end = measurementEnd.get().plus(margin);
          generator.endAt(end);
          log.println(
              "load-generator: the measurement ends at "
                  + measurementEnd.get()
                  + "; sending until "
                  + end);
          return;
        }
        Thread.sleep(POLL.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The measurement's end from the latency consumer; empty while it has no windows or is down. */
  private Optional<Instant> measurementEnd(URI uri) throws InterruptedException {
    try {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(POLL).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return Optional.empty();
      }
      JsonNode end = JSON.readTree(response.body()).path("measurementEnd");
      return end.isTextual() ? Optional.of(Instant.parse(end.asText())) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    if (watcher != null) {
      watcher.interrupt();
    }
  }
}
