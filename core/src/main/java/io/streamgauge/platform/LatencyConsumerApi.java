package io.streamgauge.platform;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.ApiToken;
import io.streamgauge.common.BoundedText;
import io.streamgauge.common.LimitedBody;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The latency consumer's HTTP API at one base URL: {@code POST /windows}, {@code GET /windows},
 * {@code GET /app-lag}, {@code GET /results}; every call carries the run's {@link ApiToken} when it
 * has one.
 */
public final class LatencyConsumerApi {

  /**
   * The most of one answer read: {@code /results} holds the window's histograms, tens of KB; a
   * longer answer is not one.
   */
  static final long MAX_ANSWER_BYTES = 16L * 1024 * 1024;

  /** The most of an error answer carried into a message. */
  private static final int MAX_ERROR_CHARS = 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI baseUrl;
  private final Duration timeout;
  private final HttpClient http;
  private final Optional<String> token;

  /**
   * @param baseUrl e.g. {@code http://wc-latency.bench.svc:9401}
   * @param token the run's token; empty when its latency consumer needs none
   */
  public LatencyConsumerApi(URI baseUrl, Duration timeout, Optional<String> token) {
    this.token = token;
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
    String body =
        "{\"warmupStart\":\"%s\",\"measurementStart\":\"%s\",\"measurementEnd\":\"%s\"}"
            .formatted(windows.warmupStart(), windows.measurementStart(), windows.measurementEnd());
    HttpResponse<String> response =
        send(
            request("/windows")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    if (response.statusCode() == 409) {
      return windows();
    }
    requireOk(response);
    return windows;
  }

  /** Reads {@code GET /windows}: the windows the latency consumer counts with. */
  public WindowTimes windows() throws IOException {
    HttpResponse<String> response = requireOk(send(request("/windows").GET()));
    try {
      JsonNode times = JSON.readTree(response.body());
      return new WindowTimes(
          Instant.parse(times.path("warmupStart").asText()),
          Instant.parse(times.path("measurementStart").asText()),
          Instant.parse(times.path("measurementEnd").asText()));
    } catch (IOException | DateTimeParseException e) {
      throw new IOException(
          "latency consumer at " + response.uri() + " sent no windows: " + e.getMessage(), e);
    }
  }

  /**
   * Reads {@code GET /app-lag}: the app's input lag as the latency consumer last sampled it.
   *
   * @return empty when it has no sample (404: the app's group has not committed yet)
   */
  public OptionalDouble appInputLag() throws IOException {
    HttpResponse<String> response = send(request("/app-lag").GET());
    if (response.statusCode() == 404) {
      return OptionalDouble.empty();
    }
    requireOk(response);
    JsonNode lag = JSON.readTree(response.body()).get("lag");
    if (lag == null || !lag.isNumber()) {
      throw new IOException(
          "latency consumer at "
              + response.uri()
              + " sent no lag: "
              + BoundedText.of(response.body(), MAX_ERROR_CHARS));
    }
    return OptionalDouble.of(lag.asDouble());
  }

  /**
   * Reads {@code GET /results}.
   *
   * @throws IOException naming the URL when it cannot be read or does not hold results
   */
  public LatencyResults results() throws IOException {
    HttpResponse<String> response = requireOk(send(request("/results").GET()));
    URI uri = response.uri();
    try {
      return LatencyResults.parse(response.body());
    } catch (IllegalArgumentException e) {
      throw new IOException("latency consumer at " + uri + ": " + e.getMessage(), e);
    }
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(timeout);
    token.ifPresent(t -> request.header(ApiToken.HEADER, ApiToken.header(t)));
    return request;
  }

  /** Sends {@code request}, naming the URL when the latency consumer cannot be reached. */
  private HttpResponse<String> send(HttpRequest.Builder request) throws IOException {
    HttpRequest built = request.build();
    try {
      return http.send(built, LimitedBody.ofString(MAX_ANSWER_BYTES));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted calling " + built.uri(), e);
    } catch (IOException e) {
      throw new IOException("latency consumer at " + built.uri() + " is unreachable: " + e, e);
    }
  }

  private static HttpResponse<String> requireOk(HttpResponse<String> response) throws IOException {
    if (response.statusCode() != 200) {
      throw new IOException(
          "latency consumer at "
              + response.uri()
              + " answered "
              + response.statusCode()
              + ": "
              + BoundedText.of(response.body(), MAX_ERROR_CHARS));
    }
    return response;
  }
}
