package io.streamgauge.loadgen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.ApiToken;
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
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells a {@link LoadGenerator} when to end from a workload's absolute {@code endAt} and, once the
 * latency consumer at {@code windowsUrl} knows the windows, {@code endAfterMeasurement} after the
 * measurement window. The windows are fixed only after every generator runs, so they are asked for
 * every second until known. Once the generator has sent past the measurement window and its
 * in-window records are acknowledged, it reports what it sent inside the window ({@link
 * WindowReport}, {@code POST /sent}), so loss is counted against what was sent. Both calls carry
 * the run's {@link ApiToken} when it has one.
 */
final class LoadEnd implements AutoCloseable {

  /** How long past the measurement window the load runs when the workload does not say. */
  static final Duration DEFAULT_AFTER_MEASUREMENT = Duration.ofMinutes(1);

  private static final Duration POLL = Duration.ofSeconds(1);
  private static final ObjectMapper JSON = new ObjectMapper();

  private static final int REPORT_ATTEMPTS = 5;

  private final Workload workload;
  private final LoadGenerator generator;
  private final SendWindow window;
  private final String producerId;
  private final PrintStream log;
  private final Optional<String> token;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(POLL).build();
  private final AtomicBoolean reported = new AtomicBoolean();
  private Thread watcher;

  LoadEnd(
      Workload workload,
      LoadGenerator generator,
      SendWindow window,
      String producerId,
      PrintStream log,
      Optional<String> token) {
    this.workload = workload;
    this.token = token;
    this.generator = generator;
    this.window = window;
    this.producerId = producerId;
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
    URI uri = api("/windows");
    try {
      while (!Thread.currentThread().isInterrupted()) {
        Optional<Measurement> measurement = measurement(uri);
        if (measurement.isPresent()) {
          Instant measurementEnd = measurement.get().end();
          window.set(
              measurement.get().start().toEpochMilli(),
              measurementEnd.toEpochMilli(),
              latestIntendedMs());
          Instant end = measurementEnd.plus(margin);
          generator.endAt(end);
          log.println(
              "load-generator: the measurement ends at "
                  + measurementEnd
                  + "; sending until "
                  + end);
          while (!sentPastWindow()) {
            Thread.sleep(200);
          }
          reportIfDue();
          return;
        }
        Thread.sleep(POLL.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The latest intended time any topic has sent. */
  private long latestIntendedMs() {
    return generator.topics().stream()
        .mapToLong(TopicLoad::lastIntendedMs)
        .max()
        .orElse(Long.MIN_VALUE);
  }

  /** True once every topic has sent a record intended at or after the window's end, or ended. */
  private boolean sentPastWindow() {
    long everyTopicUpTo =
        generator.topics().stream()
            .mapToLong(TopicLoad::lastIntendedMs)
            .min()
            .orElse(Long.MIN_VALUE);
    return everyTopicUpTo >= window.endMs() || generator.isFinished();
  }

  private HttpRequest.Builder authorized(HttpRequest.Builder request) {
    token.ifPresent(t -> request.header(ApiToken.HEADER, ApiToken.header(t)));
    return request;
  }

  private URI api(String path) {
    return URI.create(workload.windowsUrl().replaceAll("/$", "") + path);
  }

  /**
   * Posts the window report once: when the window is known and the generator has sent past it (or
   * ended), after its sends are acknowledged. Called by the watcher and once more when the run
   * ends, whichever comes first reports.
   */
  void reportIfDue() {
    if (!window.isSet() || !sentPastWindow() || !reported.compareAndSet(false, true)) {
      return;
    }
    generator.flushSends();
    String body = WindowReport.of(producerId, window, generator.topics()).toString();
    URI uri = api("/sent");
    for (int attempt = 1; attempt <= REPORT_ATTEMPTS; attempt++) {
      try {
        HttpResponse<String> response =
            http.send(
                authorized(HttpRequest.newBuilder(uri))
                    .timeout(POLL.multipliedBy(5))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200) {
          log.println("load-generator: reported what it sent inside the window to " + uri);
          return;
        }
        log.println("load-generator: " + uri + " refused the window report: " + response.body());
        return;
      } catch (IOException e) {
        log.println("load-generator: cannot report to " + uri + ": " + e.getMessage());
        sleep(POLL);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The measurement window as the latency consumer reports it. */
  private record Measurement(Instant start, Instant end) {}

  /** The measurement window from the latency consumer; empty while it has none or is down. */
  private Optional<Measurement> measurement(URI uri) throws InterruptedException {
    try {
      HttpResponse<String> response =
          http.send(
              authorized(HttpRequest.newBuilder(uri)).timeout(POLL).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return Optional.empty();
      }
      JsonNode windows = JSON.readTree(response.body());
      JsonNode start = windows.path("measurementStart");
      JsonNode end = windows.path("measurementEnd");
      return start.isTextual() && end.isTextual()
          ? Optional.of(new Measurement(Instant.parse(start.asText()), Instant.parse(end.asText())))
          : Optional.empty();
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
