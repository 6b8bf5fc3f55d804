package io.streamgauge.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The latency consumer's HTTP API at one base URL: {@code POST /windows}, {@code GET /windows},
 * {@code GET /results}.
 */
public final class LatencyConsumerApi {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI baseUrl;
  private final Duration timeout;
  private final HttpClient http;

  /**
   * @param baseUrl e.g. {@code http://wc-latency.bench.svc:9401}
   */
  public LatencyConsumerApi(URI baseUrl, Duration timeout) {
    String base = baseUrl.toString();
    this.baseUrl = URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /**
   * Sends the windows.
   *
   * @return the windows the latency consumer counts with: {@code windows}, or — when it already
   *     accepted others (409: an earlier attempt whose status write was lost) — those
   */
  public WindowTimes sendWindows(WindowTimes windows) throws IOException {
    URI uri = URI.create(baseUrl + "/windows");
    String body =
        "{\"warmupStart\":\"%s\",\"measurementStart\":\"%s\",\"measurementEnd\":\"%s\"}"
            .formatted(windows.warmupStart(), windows.measurementStart(), windows.measurementEnd());
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(uri)
                  .timeout(timeout)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted sending windows to " + uri, e);
    } catch (IOException e) {
      throw new IOException("latency consumer at " + uri + " is unreachable: " + e, e);
    }
    if (response.statusCode() == 409) {
      return windows();
    }
    if (response.statusCode() != 200) {
      throw new IOException(
          "latency consumer at "
              + uri
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
    return windows;
  }

  /** Reads {@code GET /windows}: the windows the latency consumer counts with. */
  public WindowTimes windows() throws IOException {
    URI uri = URI.create(baseUrl + "/windows");
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted reading windows from " + uri, e);
    } catch (IOException e) {
      throw new IOException("latency consumer at " + uri + " is unreachable: " + e, e);
    }
    if (response.statusCode() != 200) {
      throw new IOException(
          "latency consumer at "
              + uri
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
    try {
      JsonNode times = JSON.readTree(response.body());
      return new WindowTimes(
          Instant.parse(times.path("warmupStart").asText()),
          Instant.parse(times.path("measurementStart").asText()),
          Instant.parse(times.path("measurementEnd").asText()));
    } catch (IOException | DateTimeParseException e) {
      throw new IOException(
          "latency consumer at " + uri + " sent no windows: " + e.getMessage(), e);
    }
  }

  /**
   * Reads {@code GET /results}.
   *
   * @throws IOException naming the URL when it cannot be read or does not hold results
   */
  public LatencyResults results() throws IOException {
    URI uri = URI.create(baseUrl + "/results");
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted reading results from " + uri, e);
    } catch (IOException e) {
      throw new IOException("latency consumer at " + uri + " is unreachable: " + e, e);
    }
    if (response.statusCode() != 200) {
      throw new IOException("latency consumer at " + uri + " answered " + response.statusCode());
    }
    try {
      return LatencyResults.parse(response.body());
    } catch (IllegalArgumentException e) {
      throw new IOException("latency consumer at " + uri + ": " + e.getMessage(), e);
    }
  }
}
