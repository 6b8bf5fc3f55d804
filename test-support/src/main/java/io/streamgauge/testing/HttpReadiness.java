package io.streamgauge.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/**
 * Waits for a server a test started to answer 200 at a URL, failing at once, with its log, when its
 * process exits first.
 */
public final class HttpReadiness {

  private static final Duration POLL = Duration.ofMillis(100);

  private HttpReadiness() {}

  /**
   * Returns once {@code url} answers 200.
   *
   * @param what the server, for messages (e.g. {@code Prometheus})
   * @param log the server's log so far, for messages
   * @throws IllegalStateException when the process exits or {@code limit} passes first
   */
  public static void await(
      Process process, URI url, Duration limit, String what, Supplier<String> log) {
    HttpClient http = HttpClient.newHttpClient();
    Instant deadline = Instant.now().plus(limit);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            what + " exited with code " + process.exitValue() + ":\n" + log.get());
      }
      try {
        HttpResponse<Void> response =
            http.send(
                HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).build(),
                HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for " + what, e);
      }
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for " + what, e);
      }
    }
    throw new IllegalStateException(what + " not ready after " + limit + ":\n" + log.get());
  }
}
