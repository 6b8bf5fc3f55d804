package io.streamgauge.results;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Reads {@code GET /results} from a latency consumer. */
public final class LatencyResultsClient {

  private final URI resultsUrl;
  private final Duration timeout;
  private final HttpClient http;

  /**
   * @param baseUrl the latency consumer's API, e.g. {@code http://10.0.0.7:9401}
   */
  public LatencyResultsClient(URI baseUrl, Duration timeout) {
    String base = baseUrl.toString();
    this.resultsUrl = URI.create((base.endsWith("/") ? base : base + "/") + "results");
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /**
   * @throws IOException naming the URL when it cannot be read or does not hold results
   */
  public LatencyResults fetch() throws IOException, InterruptedException {
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(resultsUrl).timeout(timeout).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IOException("latency consumer at " + resultsUrl + " is unreachable: " + e, e);
    }
    if (response.statusCode() != 200) {
      throw new IOException(
          "latency consumer at " + resultsUrl + " answered " + response.statusCode());
    }
    try {
      return LatencyResults.parse(response.body());
    } catch (IllegalArgumentException e) {
      throw new IOException("latency consumer at " + resultsUrl + ": " + e.getMessage(), e);
    }
  }
}
