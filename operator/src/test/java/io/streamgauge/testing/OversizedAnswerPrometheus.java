package io.streamgauge.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in for a Prometheus a run's author serves themselves: every query is passed to a real
 * Prometheus, except one naming {@value #ENDLESS_METRIC}, answered with series without end (each
 * with a 10 KB label) for as long as the asker reads.
 */
public final class OversizedAnswerPrometheus implements AutoCloseable {

  /** The metric name whose queries are answered without end. */
  public static final String ENDLESS_METRIC = "sg_endless_answer";

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final HttpClient http = HttpClient.newHttpClient();
  private final URI real;
  private final AtomicLong endlessBytesSent = new AtomicLong();
  private final AtomicInteger endlessAnswers = new AtomicInteger();

  private OversizedAnswerPrometheus(URI real) throws IOException {
    this.real = real;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(threads);
    server.createContext("/", this::answer);
    server.start();
  }

  /** Starts one in front of the Prometheus at {@code realUrl}. */
  public static OversizedAnswerPrometheus inFrontOf(String realUrl) throws IOException {
    return new OversizedAnswerPrometheus(
        URI.create(realUrl.endsWith("/") ? realUrl : realUrl + "/"));
  }

  /** Its URL, as a run's spec.prometheus.url names it. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The bytes of endless answers sent so far, to every asker. */
  public long endlessBytesSent() {
    return endlessBytesSent.get();
  }

  /** How many queries were answered without end so far. */
  public int endlessAnswers() {
    return endlessAnswers.get();
  }

  private void answer(HttpExchange exchange) throws IOException {
    byte[] form = exchange.getRequestBody().readAllBytes();
    if (new String(form, StandardCharsets.UTF_8).contains(ENDLESS_METRIC)) {
      endless(exchange);
      return;
    }
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(real.resolve(exchange.getRequestURI().toString().substring(1)))
              .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(form));
      String type = exchange.getRequestHeaders().getFirst("Content-Type");
      if (type != null) {
        request.header("Content-Type", type);
      }
      HttpResponse<byte[]> passed =
          http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(passed.statusCode(), passed.body().length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(passed.body());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      exchange.sendResponseHeaders(503, -1);
    }
  }

  private void endless(HttpExchange exchange) throws IOException {
    endlessAnswers.incrementAndGet();
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, 0);
    String label = "v".repeat(10_000);
    try (OutputStream out = exchange.getResponseBody()) {
      byte[] start =
          "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
              .getBytes(StandardCharsets.UTF_8);
      out.write(start);
      for (long i = 0; ; i++) {
        byte[] series =
            ((i == 0 ? "" : ",") + "{\"metric\":{\"l\":\"" + label + i + "\"},\"value\":[1,\"1\"]}")
                .getBytes(StandardCharsets.UTF_8);
        out.write(series);
        endlessBytesSent.addAndGet(series.length);
      }
    } catch (IOException e) {
      // the asker stopped reading
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
