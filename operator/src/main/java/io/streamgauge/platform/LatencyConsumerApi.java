package io.streamgauge.platform;

import io.streamgauge.results.LatencyResults;
import io.streamgauge.results.LatencyResultsClient;
import io.streamgauge.run.WindowTimes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The latency consumer's HTTP API at one base URL: {@code POST /windows}, {@code GET /results}. */
public final class LatencyConsumerApi {

  private final URI baseUrl;
  private final Duration timeout;
  private final HttpClient http;

  public LatencyConsumerApi(URI baseUrl, Duration timeout) {
    this.baseUrl = baseUrl;
    this.timeout = timeout;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /** Sends the windows. */
  public void sendWindows(WindowTimes windows) throws IOException {
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
    if (response.statusCode() != 200) {
      throw new IOException(
          "latency consumer at "
              + uri
              + " answered "
              + response.statusCode()
              + ": "
              + response.body());
    }
  }

  /** Reads the results. */
  public LatencyResults results() throws IOException {
    try {
      return new LatencyResultsClient(baseUrl, timeout).fetch();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted reading results from " + baseUrl, e);
    }
  }
}
