package io.streamgauge.operator;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The operator's {@code /livez}, its pod's liveness probe: 200 while the process answers. It does
 * not depend on the API server, as {@code /health} (the readiness probe: every informer watches)
 * does — an API server outage would otherwise have the kubelet restart a healthy operator, and a
 * longer one put it in CrashLoopBackOff. Strimzi's cluster operator probes liveness the same way;
 * an operator that cannot go on exits by itself (on an OutOfMemoryError, on losing its Lease).
 */
final class Liveness {

  private static final byte[] ALIVE = "alive\n".getBytes(StandardCharsets.UTF_8);

  private Liveness() {}

  /** Answers 200 {@code alive}. */
  static void answer(HttpExchange exchange) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(200, ALIVE.length);
    try (OutputStream body = exchange.getResponseBody()) {
      body.write(ALIVE);
    }
  }
}
