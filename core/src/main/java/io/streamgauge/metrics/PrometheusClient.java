package io.streamgauge.metrics;

import com.fasterxml.jackson.core.JacksonException;
import io.streamgauge.common.BoundedBodyStream;
import java.io.IOException;
import java.io.InputStream;
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
 * Each call has a timeout, for the headers and again for the whole answer; unreachable servers and
 * 5xx answers are retried per {@link Retry}; rejected queries are not. Answers are parsed as they
 * arrive and bounded ({@link #MAX_ANSWER_BYTES}, {@link #LIMITS}): the PromQL and the server may be
 * a run author's, and the operator's heap is shared by every run. Every error names the URL.
 */
public final class PrometheusClient {

  /**
   * The most one answer may bring, in bytes. The largest answer Streamgauge asks for is a plot's
   * range query of one series: at most 11,000 points (Prometheus refuses more), about 32 bytes
   * each, so 350 KB; figures are one series, or one per topic or per scrape target. Six times the
   * largest, and 50 reconciles reading at once stay within a quarter of the operator's 384 MiB
   * heap.
   */
  static final long MAX_ANSWER_BYTES = 2L * 1024 * 1024;

  /**
   * The most series and points one answer may bring: a figure aggregated per topic is a series per
   * topic, a plot one series of at most 11,000 points.
   */
  static final PrometheusAnswer.Limits LIMITS = new PrometheusAnswer.Limits(1_000, 50_000);

  private final URI baseUrl;
  private final Duration timeout;
  private final Retry retry;
  private final HttpClient http;

  /**
   * @param baseUrl the server, e.g. {@code http://prometheus-operated.monitoring:9090}
   * @param timeout for connecting, for the answer's headers, and again for its body
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
    PrometheusAnswer answer = call("api/v1/query", form, query);
    if (!answer.resultType().equals("vector") && !answer.resultType().equals("scalar")) {
      throw badResponse("an instant query returned a " + answer.resultType() + " result", null);
    }
    List<Sample> samples = new ArrayList<>();
    for (RangeSeries series : answer.series()) {
      if (series.points().size() != 1) {
        throw badResponse("an instant query returned a series without one value", null);
      }
      samples.add(new Sample(series.labels(), series.points().get(0).value()));
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
    return call("api/v1/query_range", form, query).series();
  }

  private PrometheusAnswer call(String path, Map<String, String> form, String query)
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
        HttpResponse<InputStream> response =
            http.send(request, BoundedBodyStream.of(MAX_ANSWER_BYTES, timeout));
        try (InputStream body = response.body()) {
          if (response.statusCode() >= 500 || response.statusCode() == 429) {
            last =
                new PrometheusException(
                    PrometheusException.Kind.UNREACHABLE,
                    "Prometheus at "
                        + baseUrl
                        + " answered "
                        + response.statusCode()
                        + errorOf(body),
                    null);
            continue;
          }
          return answered(response.statusCode(), body, query);
        }
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

  /**
   * The answer in {@code body}: refused when Prometheus rejected the query or the answer is past
   * what one query may bring (neither worth retrying); an {@link IOException} when it could not be
   * read whole (the server went away or was too slow: retried).
   */
  private PrometheusAnswer answered(int statusCode, InputStream body, String query)
      throws PrometheusException, IOException {
    PrometheusAnswer answer;
    try {
      answer = PrometheusAnswer.read(body, LIMITS);
    } catch (PrometheusAnswer.TooLarge | BoundedBodyStream.LimitExceeded e) {
      throw new PrometheusException(
          PrometheusException.Kind.TOO_LARGE,
          "Prometheus at "
              + baseUrl
              + " answered more than one query may bring ("
              + e.getMessage()
              + "; the most is "
              + LIMITS.series()
              + " series, "
              + LIMITS.points()
              + " points, "
              + MAX_ANSWER_BYTES / (1024 * 1024)
              + " MiB): aggregate the query to fewer series",
          e);
    } catch (PrometheusAnswer.Malformed | JacksonException e) {
      throw badResponse(
          "answered " + statusCode + " with a body that is not its API's JSON: " + e.getMessage(),
          e);
    }
    if (!answer.succeeded()) {
      throw new PrometheusException(
          PrometheusException.Kind.BAD_QUERY,
          "Prometheus at "
              + baseUrl
              + " rejected the query ("
              + (answer.errorType().isEmpty() ? "error" : answer.errorType())
              + ": "
              + (answer.error().isEmpty() ? "no message" : answer.error())
              + "): "
              + query,
          null);
    }
    return answer;
  }

  /** Prometheus' error message in a 5xx answer, when it is its API's JSON. */
  private static String errorOf(InputStream body) {
    try {
      String error = PrometheusAnswer.read(body, LIMITS).error();
      return error.isEmpty() ? "" : ": " + error;
    } catch (IOException e) {
      return "";
    }
  }

  private PrometheusException badResponse(String what, Throwable cause) {
    return new PrometheusException(
        PrometheusException.Kind.BAD_RESPONSE, "Prometheus at " + baseUrl + " " + what, cause);
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
