package io.streamgauge.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.common.BoundedText;
import io.streamgauge.common.LimitedBody;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A small client of the Prometheus HTTP API: instant queries (figures) and range queries (plots).
 * Each call has a timeout; unreachable servers and 5xx answers are retried per {@link Retry};
 * rejected queries are not. Every error names the URL.
 */
public final class PrometheusClient {

  /**
   * The most of one answer read: Prometheus returns at most 11,000 points per series of a range
   * query, about 400 KB, so this holds over 150 series of one query; a longer answer is not one.
   */
  static final long MAX_ANSWER_BYTES = 64L * 1024 * 1024;

  /** The most of Prometheus's own error message carried into ours. */
  private static final int MAX_ERROR_CHARS = 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI baseUrl;
  private final Duration timeout;
  private final Retry retry;
  private final HttpClient http;

  /**
   * @param baseUrl the server, e.g. {@code http://prometheus-operated.monitoring:9090}
   * @param timeout for connecting and for each answer
   * @param retry attempts and backoff for unreachable servers
   */
  public PrometheusClient(URI baseUrl, Duration timeout, Retry retry) {
    String base = baseUrl.toString();
    this.baseUrl = URI.create(base.endsWith("/") ? base : base + "/");
    this.timeout = timeout;
    this.retry = retry;
    this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
  }

  /** The server's base URL. */
  public URI baseUrl() {
    return baseUrl;
  }

  /** Evaluates {@code query} at {@code time}: one sample per series (a scalar is one sample). */
  public List<Sample> instant(String query, Instant time) throws PrometheusException {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("query", query);
    form.put("time", seconds(time));
    form.put("timeout", timeout.toMillis() + "ms");
    JsonNode data = call("api/v1/query", form, query);
    String type = data.path("resultType").asText();
    List<Sample> samples = new ArrayList<>();
    switch (type) {
      case "vector" -> {
        for (JsonNode s : data.path("result")) {
          samples.add(new Sample(labels(s.path("metric")), value(s.path("value"))));
        }
      }
      case "scalar" -> samples.add(new Sample(Map.of(), value(data.path("result"))));
      default -> throw badResponse("an instant query returned a " + type + " result", null);
    }
    return samples;
  }

  /** Evaluates {@code query} from {@code start} to {@code end} every {@code step}. */
  public List<RangeSeries> range(String query, Instant start, Instant end, Duration step)
      throws PrometheusException {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("query", query);
    form.put("start", seconds(start));
    form.put("end", seconds(end));
    form.put("step", step.toMillis() / 1000.0 + "");
    form.put("timeout", timeout.toMillis() + "ms");
    JsonNode data = call("api/v1/query_range", form, query);
    List<RangeSeries> series = new ArrayList<>();
    for (JsonNode s : data.path("result")) {
      List<RangeSeries.Point> points = new ArrayList<>();
      for (JsonNode v : s.path("values")) {
        points.add(new RangeSeries.Point(v.get(0).asDouble(), value(v)));
      }
      series.add(new RangeSeries(labels(s.path("metric")), points));
    }
    return series;
  }

  private JsonNode call(String path, Map<String, String> form, String query)
      throws PrometheusException {
    URI uri = baseUrl.resolve(path);
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(encode(form)))
            .build();
    PrometheusException last = null;
    for (int attempt = 1; attempt <= retry.attempts(); attempt++) {
      if (attempt > 1) {
        pause(retry.backoffAfter(attempt - 1));
      }
      try {
        HttpResponse<String> response = http.send(request, LimitedBody.ofString(MAX_ANSWER_BYTES));
        if (response.statusCode() >= 500 || response.statusCode() == 429) {
          last =
              new PrometheusException(
                  PrometheusException.Kind.UNREACHABLE,
                  "Prometheus at "
                      + baseUrl
                      + " answered "
                      + response.statusCode()
                      + errorOf(response),
                  null);
          continue;
        }
        return data(response, query);
      } catch (IOException e) {
        last =
            new PrometheusException(
                PrometheusException.Kind.UNREACHABLE,
                "Prometheus at " + baseUrl + " is unreachable: " + describe(e),
                e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PrometheusException(
            PrometheusException.Kind.UNREACHABLE, "interrupted querying " + baseUrl, e);
      }
    }
    throw new PrometheusException(
        last.kind(),
        last.getMessage() + (retry.attempts() > 1 ? " (tried " + retry.attempts() + " times)" : ""),
        last.getCause());
  }

  private JsonNode data(HttpResponse<String> response, String query) throws PrometheusException {
    JsonNode body;
    try {
      body = JSON.readTree(response.body());
    } catch (IOException e) {
      throw badResponse("answered " + response.statusCode() + " with a body that is not JSON", e);
    }
    if (!"success".equals(body.path("status").asText())) {
      throw new PrometheusException(
          PrometheusException.Kind.BAD_QUERY,
          "Prometheus at "
              + baseUrl
              + " rejected the query ("
              + body.path("errorType").asText("error")
              + ": "
              + body.path("error").asText("no message")
              + "): "
              + query,
          null);
    }
    return body.path("data");
  }

  private static String errorOf(HttpResponse<String> response) {
    try {
      JsonNode body = JSON.readTree(response.body());
      return body.has("error")
          ? ": " + BoundedText.of(body.get("error").asText(), MAX_ERROR_CHARS)
          : "";
    } catch (IOException e) {
      return "";
    }
  }

  private PrometheusException badResponse(String what, Throwable cause) {
    return new PrometheusException(
        PrometheusException.Kind.BAD_RESPONSE, "Prometheus at " + baseUrl + " " + what, cause);
  }

  private static Map<String, String> labels(JsonNode metric) {
    Map<String, String> labels = new LinkedHashMap<>();
    metric.fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
    return labels;
  }

  /** The value of a {@code [time, "value"]} pair; Prometheus writes NaN, +Inf and -Inf as such. */
  static double value(JsonNode pair) {
    String text = pair.path(1).asText();
    return switch (text) {
      case "NaN" -> Double.NaN;
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      default -> Double.parseDouble(text);
    };
  }

  private static String seconds(Instant time) {
    return time.getEpochSecond() + "." + String.format("%03d", time.getNano() / 1_000_000);
  }

  private static String encode(Map<String, String> form) {
    return form.entrySet().stream()
        .map(
            e ->
                URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)
                    + "="
                    + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }

  private static String describe(IOException e) {
    String message = e.getMessage();
    if (message == null && e.getCause() != null) {
      message = e.getCause().toString();
    }
    return message == null
        ? e.getClass().getSimpleName()
        : e.getClass().getSimpleName() + ": " + message;
  }

  private static void pause(Duration wait) throws PrometheusException {
    try {
      Thread.sleep(wait.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PrometheusException(PrometheusException.Kind.UNREACHABLE, "interrupted", e);
    }
  }
}
