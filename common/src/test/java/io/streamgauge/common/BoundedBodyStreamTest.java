package io.streamgauge.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BoundedBodyStreamTest {

  private static final Duration WITHIN = Duration.ofSeconds(2);

  private HttpServer server;
  private final HttpClient http = HttpClient.newHttpClient();
  private final AtomicLong endlessSent = new AtomicLong();
  private final CountDownLatch endlessStopped = new CountDownLatch(1);

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.createContext("/small", exchange -> answer(exchange, 100_000));
    // Chunked and never ending: a server that would fill any buffer.
    server.createContext("/endless", this::endless);
    // One byte every 100 ms: within any per-read timeout, never done.
    server.createContext("/trickle", BoundedBodyStreamTest::trickle);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aBodyWithinTheLimitIsReadWholeAsAStream() throws Exception {
    try (InputStream body =
        http.send(request("/small"), BoundedBodyStream.of(200_000, WITHIN)).body()) {
      assertThat(body.readAllBytes()).hasSize(100_000);
    }
  }

  @Test
  void aBodyPastTheLimitFailsTheReadAndTheServerIsToldToStop() throws Exception {
    try (InputStream body =
        http.send(request("/endless"), BoundedBodyStream.of(64 * 1024, WITHIN)).body()) {
      assertThatThrownBy(body::readAllBytes)
          .isInstanceOf(BoundedBodyStream.LimitExceeded.class)
          .hasMessage("the answer is longer than 65536 bytes; not read further");
    }
    assertThat(endlessStopped.await(10, TimeUnit.SECONDS))
        .as("the server's writes failed once the client cancelled the answer")
        .isTrue();
    // What the server could send past the limit before its writes failed: the socket's and the
    // client's buffers, a few MiB at most, never the endless rest.
    assertThat(endlessSent.get()).isLessThan(32L * 1024 * 1024);
  }

  @Test
  void aBodyStillArrivingAtTheDeadlineFailsTheReadThen() throws Exception {
    long started = System.nanoTime();
    try (InputStream body =
        http.send(request("/trickle"), BoundedBodyStream.of(1024 * 1024, WITHIN)).body()) {
      assertThatThrownBy(body::readAllBytes)
          .isInstanceOf(IOException.class)
          .hasMessageStartingWith("the answer did not end within 2000 ms");
    }
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(took).isGreaterThanOrEqualTo(WITHIN);
    // The deadline is checked at each wait for a chunk; the trickle sends one every 100 ms, and a
    // slow machine adds its scheduling delay: far below the trickle's endless rest.
    assertThat(took).isLessThan(WITHIN.multipliedBy(5));
  }

  private HttpRequest request(String path) {
    return HttpRequest.newBuilder(
            URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path))
        .build();
  }

  private static void answer(HttpExchange exchange, int bytes) throws IOException {
    exchange.sendResponseHeaders(200, 0);
    byte[] block = "y".repeat(8192).getBytes();
    try (OutputStream out = exchange.getResponseBody()) {
      for (int sent = 0; sent < bytes; sent += block.length) {
        out.write(block, 0, Math.min(block.length, bytes - sent));
      }
    }
  }

  private void endless(HttpExchange exchange) throws IOException {
    exchange.sendResponseHeaders(200, 0);
    byte[] block = "y".repeat(8192).getBytes();
    try (OutputStream out = exchange.getResponseBody()) {
      while (true) {
        out.write(block);
        endlessSent.addAndGet(block.length);
      }
    } catch (IOException e) {
      endlessStopped.countDown();
    }
  }

  private static void trickle(HttpExchange exchange) throws IOException {
    exchange.sendResponseHeaders(200, 0);
    try (OutputStream out = exchange.getResponseBody()) {
      for (int i = 0; i < 600; i++) {
        out.write('y');
        out.flush();
        Thread.sleep(100);
      }
    } catch (IOException | InterruptedException e) {
      // the client gave up: what the deadline is for
    }
  }
}
