package io.streamgauge.latency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.streamgauge.common.ApiToken;
import io.streamgauge.common.MetricsServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The HTTP routes: {@code GET /results}, {@code POST /sent} (a load generator's report of what it
 * sent inside the window, at most 1 MiB), {@code POST /windows} (accepted once: the same windows
 * again answer 200, different ones 409), {@code GET /windows} (404 until set; the load generators
 * read their end from it) and {@code GET /app-lag} (the app's input lag as last sampled, {@code
 * {"lag": 1234}}; 404 before its group's first commit, or when no app group is sampled: a run waits
 * on it for the app to catch up before its warmup starts). With a run's {@link ApiToken}, every
 * route answers 401 to a call that does not carry it ({@code /metrics} and {@code /health} stay
 * open, for Prometheus and the kubelet).
 */
final class LatencyApi {

  private static final String JSON_TYPE = "application/json";

  /** The largest {@code POST /windows} body read; windows are three timestamps. */
  static final int MAX_BODY_BYTES = 4096;

  private LatencyApi() {}

  /** The largest {@code POST /sent} body read: a stream id and two numbers per partition. */
  static final int MAX_REPORT_BYTES = 1 << 20;

  /**
   * @param appInputLag the app's input lag as last sampled; empty before its group's first commit
   * @param samplesAppLag false when no app group is configured (its lag is never sampled)
   * @param token the run's token every call must carry; empty: calls need none
   */
  static Map<String, HttpHandler> routes(
      LatencyRecorder recorder,
      Supplier<String> resultsJson,
      Supplier<Optional<Double>> appInputLag,
      boolean samplesAppLag,
      Optional<String> token) {
    Map<String, HttpHandler> guarded = new LinkedHashMap<>();
    routes(recorder, resultsJson, appInputLag, samplesAppLag)
        .forEach((path, handler) -> guarded.put(path, guard(token, handler)));
    return guarded;
  }

  /** {@code handler}, answering 401 first to a call without {@code token}. */
  private static HttpHandler guard(Optional<String> token, HttpHandler handler) {
    if (token.isEmpty()) {
      return handler;
    }
    return exchange -> {
      if (!ApiToken.accepts(token.get(), exchange.getRequestHeaders().getFirst(ApiToken.HEADER))) {
        exchange.getRequestBody().close();
        error(exchange, 401, "this run's API token is required (Authorization: Bearer <token>)");
        return;
      }
      handler.handle(exchange);
    };
  }

  private static Map<String, HttpHandler> routes(
      LatencyRecorder recorder,
      Supplier<String> resultsJson,
      Supplier<Optional<Double>> appInputLag,
      boolean samplesAppLag) {
    return Map.of(
        "/app-lag",
        exchange -> {
          if (!"GET".equals(exchange.getRequestMethod())) {
            error(exchange, 405, "use GET /app-lag");
            return;
          }
          Optional<Double> lag = appInputLag.get();
          if (lag.isPresent()) {
            respond(
                exchange,
                200,
                ResultsDocument.JSON.createObjectNode().put("lag", lag.get()).toString());
          } else {
            error(
                exchange,
                404,
                samplesAppLag
                    ? "the app's group has not committed on its input topics yet"
                    : "no app group is sampled (the settings name no appGroup and"
                        + " appInputTopics)");
          }
        },
        "/sent",
        exchange -> {
          if (!"POST".equals(exchange.getRequestMethod())) {
            error(exchange, 405, "use POST /sent with a load generator's window report");
            return;
          }
          byte[] bytes = body(exchange, MAX_REPORT_BYTES);
          if (bytes == null) {
            return;
          }
          try {
            recorder.addSentReport(ResultsDocument.JSON.readTree(bytes));
            respond(exchange, 200, "{}");
          } catch (JsonProcessingException e) {
            error(exchange, 400, "body is not JSON: " + e.getOriginalMessage());
          } catch (IllegalArgumentException e) {
            error(exchange, 400, e.getMessage());
          }
        },
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
          if ("GET".equals(exchange.getRequestMethod())) {
            Windows windows = recorder.windows();
            if (windows.equals(Windows.UNSET)) {
              error(exchange, 404, "no windows yet");
            } else {
              respond(exchange, 200, ResultsDocument.JSON.writeValueAsString(windows.toTimes()));
            }
            return;
          }
          if (!"POST".equals(exchange.getRequestMethod())) {
            error(
                exchange,
                405,
                "use POST /windows with warmupStart, measurementStart, measurementEnd");
            return;
          }
          byte[] bytes = body(exchange, MAX_BODY_BYTES);
          if (bytes == null) {
            return;
          }
          String body = new String(bytes, StandardCharsets.UTF_8);
          try {
            LatencySettings.WindowTimes times =
                ResultsDocument.JSON.readValue(body, LatencySettings.WindowTimes.class);
            Windows windows = Windows.parse(times);
            if (!recorder.setWindows(windows)) {
              error(
                  exchange,
                  409,
                  "windows already set to "
                      + ResultsDocument.JSON.writeValueAsString(recorder.windows().toTimes()));
              return;
            }
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

  /** The request body, or null after answering 413 when it is longer than {@code max} bytes. */
  private static byte[] body(HttpExchange exchange, int max) throws IOException {
    byte[] bytes = exchange.getRequestBody().readNBytes(max + 1);
    if (bytes.length > max) {
      error(exchange, 413, "body larger than " + max + " bytes");
      return null;
    }
    return bytes;
  }

  private static void error(HttpExchange exchange, int status, String message) throws IOException {
    respond(
        exchange, status, ResultsDocument.JSON.createObjectNode().put("error", message).toString());
  }

  private static void respond(HttpExchange exchange, int status, String json) throws IOException {
    MetricsServer.respond(exchange, status, JSON_TYPE, json.getBytes(StandardCharsets.UTF_8));
  }
}
