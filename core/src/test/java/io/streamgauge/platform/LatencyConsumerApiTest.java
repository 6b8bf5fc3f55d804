package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.results.LatencyResults;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LatencyConsumerApiTest {

  @Test
  void anUnreachableConsumerIsNamed() {
    String url = "http://127.0.0.1:" + ListenPorts.pick();
    LatencyConsumerApi client =
        new LatencyConsumerApi(URI.create(url), Duration.ofSeconds(2), Optional.empty());

    assertThatThrownBy(client::results)
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("latency consumer at " + url + "/results is unreachable");
  }

  /**
   * A 409 means the consumer holds other windows: they are read back and returned. Both calls carry
   * the run's token.
   */
  @Test
  void windowsRefusedAsConflictingAreReadBackFromTheConsumer() throws Exception {
    List<String> authorizations = new CopyOnWriteArrayList<>();
    String held =
        "{\"warmupStart\":\"2026-11-23T10:00:00Z\",\"measurementStart\":\"2026-11-23T10:00:10Z\","
            + "\"measurementEnd\":\"2026-11-23T10:00:20Z\"}";
    HttpServer consumer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    consumer.createContext(
        "/windows",
        exchange -> {
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          boolean post = exchange.getRequestMethod().equals("POST");
          byte[] body = (post ? "{\"error\":\"windows already set\"}" : held).getBytes();
          exchange.sendResponseHeaders(post ? 409 : 200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    consumer.start();
    try {
      LatencyConsumerApi client =
          new LatencyConsumerApi(
              URI.create("http://127.0.0.1:" + consumer.getAddress().getPort()),
              Duration.ofSeconds(2),
              Optional.of("t0k"));
      Instant t = Instant.parse("2026-11-23T10:05:00Z");

      WindowTimes inForce =
          client.sendWindows(new WindowTimes(t, t.plusSeconds(10), t.plusSeconds(20)));

      assertThat(inForce)
          .isEqualTo(
              new WindowTimes(
                  Instant.parse("2026-11-23T10:00:00Z"),
                  Instant.parse("2026-11-23T10:00:10Z"),
                  Instant.parse("2026-11-23T10:00:20Z")));
      assertThat(authorizations).containsExactly("Bearer t0k", "Bearer t0k");
    } finally {
      consumer.stop(0);
    }
  }

  @Test
  void aDocumentWithoutTopicsIsRejected() {
    assertThatThrownBy(() -> LatencyResults.parse("{\"windows\": null}"))
        .hasMessage("latency results have no 'topics' object");
    assertThatThrownBy(() -> LatencyResults.parse("not json"))
        .hasMessageStartingWith("latency results are not JSON");
  }
}
