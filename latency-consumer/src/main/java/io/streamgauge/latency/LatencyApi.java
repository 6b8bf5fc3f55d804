package io.streamgauge.latency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.streamgauge.common.MetricsServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

/** The HTTP routes: {@code GET /results} and {@code POST /windows}. */
final class LatencyApi {

  private static final String JSON_TYPE = "application/json";

  private LatencyApi() {}

  static Map<String, HttpHandler> routes(LatencyRecorder recorder, Supplier<String> resultsJson) {
    return Map.of(
        "/results",
        exchange -> {
          if (!"GET".equals(exchange.getRequestMethod())) {
            error(exchange, 405, "use GET /results");
            return;
          }
          respond(exchange, 200, resultsJson.get());
        },
        "/windows",
        exchange -> {
          if (!"POST".equals(exchange.getRequestMethod())) {
            error(
                exchange,
                405,
                "use POST /windows with warmupStart, measurementStart, measurementEnd");
            return;
          }
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          try {
            LatencySettings.WindowTimes times =
                ResultsDocument.JSON.readValue(body, LatencySettings.WindowTimes.class);
            Windows windows = Windows.parse(times);
            recorder.setWindows(windows);
            respond(exchange, 200, ResultsDocument.JSON.writeValueAsString(windows.toTimes()));
          } catch (JsonProcessingException e) {
            error(
                exchange,
                400,
                "body is not a JSON object with warmupStart, measurementStart, measurementEnd: "
                    + e.getOriginalMessage());
          } catch (IllegalArgumentException e) {
            error(exchange, 400, e.getMessage());
          }
        });
  }

  private static void error(HttpExchange exchange, int status, String message) throws IOException {
    respond(
        exchange, status, ResultsDocument.JSON.createObjectNode().put("error", message).toString());
  }

  private static void respond(HttpExchange exchange, int status, String json) throws IOException {
    MetricsServer.respond(exchange, status, JSON_TYPE, json.getBytes(StandardCharsets.UTF_8));
  }
}
