package io.streamgauge.platform.local;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Whether an HTTP endpoint of a local process answers 200 (its readiness, as a probe would). */
final class HealthProbe {

  private static final Duration TIMEOUT = Duration.ofSeconds(2);
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

  private HealthProbe() {}

  /** True when {@code GET url} answers 200 within two seconds. */
  static boolean ok(URI url) {
    try {
      return HTTP.send(
                  HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode()
          == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
