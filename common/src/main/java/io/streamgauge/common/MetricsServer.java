package io.streamgauge.common;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A small HTTP server: {@code GET /metrics} in the Prometheus text format, {@code GET /health} (200
 * while healthy, 503 otherwise), plus any routes the app adds. Runs on one daemon thread, off the
 * hot path.
 */
public final class MetricsServer implements AutoCloseable {

  /** How long {@link #close} waits for an answer being written (a scrape) to finish. */
  static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  private final HttpServer server;
  private final ExecutorService executor;

  private MetricsServer(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /**
   * Starts serving on {@code address} (port 0 picks a free port).
   *
   * @param registry the metrics to expose
   * @param healthy answers /health
   * @param routes extra paths and their handlers
   */
  public static MetricsServer start(
      InetSocketAddress address,
      PrometheusRegistry registry,
      BooleanSupplier healthy,
      Map<String, HttpHandler> routes)
      throws IOException {
    return start(
        address,
        registry,
        () -> healthy.getAsBoolean() ? Health.up("ok") : Health.down("unhealthy"),
        routes);
  }

  /**
   * Starts serving on {@code address} (port 0 picks a free port), with a /health that also says
   * why.
   *
   * @param registry the metrics to expose
   * @param health answers /health: the status code and a one-line body
   * @param routes extra paths and their handlers
   */
  public static MetricsServer start(
      InetSocketAddress address,
      PrometheusRegistry registry,
      Supplier<Health> health,
      Map<String, HttpHandler> routes)
      throws IOException {
    HttpServer server = HttpServer.create(address, 0);
    PrometheusTextFormatWriter writer = new PrometheusTextFormatWriter(false);
    server.createContext(
        "/metrics",
        exchange -> {
          ByteArrayOutputStream body = new ByteArrayOutputStream();
          writer.write(body, registry.scrape());
          respond(exchange, 200, PrometheusTextFormatWriter.CONTENT_TYPE, body.toByteArray());
        });
    server.createContext(
        "/health",
        exchange -> {
          Health h = health.get();
          respond(
              exchange,
              h.ok() ? 200 : 503,
              "text/plain; charset=utf-8",
              (h.detail() + "\n").getBytes(StandardCharsets.UTF_8));
        });
    routes.forEach(server::createContext);
    ExecutorService executor =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "metrics-http");
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(executor);
    server.start();
    return new MetricsServer(server, executor);
  }

  /**
   * What /health answers: 200 when {@code ok}, else 503, with {@code detail} as the body.
   *
   * @param ok whether the process is ready
   * @param detail one line saying what state it is in
   */
  public record Health(boolean ok, String detail) {

    /** Ready, saying {@code detail}. */
    public static Health up(String detail) {
      return new Health(true, detail);
    }

    /** Not ready, saying {@code detail}. */
    public static Health down(String detail) {
      return new Health(false, detail);
    }
  }

  /** The port actually bound. */
  public int port() {
    return server.getAddress().getPort();
  }

  /** Writes a complete response and closes the exchange. */
  public static void respond(HttpExchange exchange, int status, String contentType, byte[] body)
      throws IOException {
    exchange.getResponseHeaders().set("Content-Type", contentType);
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  /**
   * Stops listening, then waits up to {@link #CLOSE_WAIT} for an answer already being written: once
   * it returns, no scrape reads the registry any more, so what the metrics read can be closed.
   */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdown();
    try {
      executor.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
