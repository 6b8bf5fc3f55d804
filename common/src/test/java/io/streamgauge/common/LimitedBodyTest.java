package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LimitedBodyTest {

  private HttpServer server;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/small", exchange -> answer(exchange, 1_000));
    // Chunked and far past any limit: a server that would never stop.
    server.createContext("/endless", exchange -> answer(exchange, 64 * 1024 * 1024));
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aBodyWithinTheLimitIsReadWhole() throws Exception {
    String body = http.send(request("/small"), LimitedBody.ofString(4096)).body();

    assertThat(body).hasSize(1_000);
  }

  @Test
  void aBodyPastTheLimitFailsTheCallWithoutReadingIt() {
    assertThatThrownBy(() -> http.send(request("/endless"), LimitedBody.ofString(64 * 1024)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("longer than 65536 bytes");
  }

  private HttpRequest request(String path) {
    return HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path))
        .build();
  }

  private static void answer(com.sun.net.httpserver.HttpExchange exchange, int bytes)
      throws IOException {
    exchange.sendResponseHeaders(200, 0);
    byte[] block = "y".repeat(8192).getBytes();
    try (OutputStream out = exchange.getResponseBody()) {
      for (int sent = 0; sent < bytes; sent += block.length) {
        out.write(block, 0, Math.min(block.length, bytes - sent));
      }
    } catch (IOException e) {
      // the client stopped reading: what the limit is for
    }
  }
}
