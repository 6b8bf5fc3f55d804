package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The client against a stand-in for Prometheus answering what a run author's own server could: the
 * API's answers, errors, and answers without end.
 */
class PrometheusClientTest {

  private HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();
  private volatile String answer = "";
  private volatile int status = 200;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/api/v1/", this::answer);
    server.createContext("/endless/api/v1/", PrometheusClientTest::endlessSeries);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void aVectorIsOneSamplePerSeriesWithItsLabelsAndPrometheusSpecialValues() throws Exception {
    answer =
        """
        {"status":"success","data":{"resultType":"vector","result":[
          {"metric":{"topic":"a","job":"app"},"value":[1700000000.5,"2.5"]},
          {"metric":{"topic":"b"},"value":[1700000000.5,"NaN"]},
          {"metric":{},"value":[1700000000.5,"+Inf"]}]}}
        """;

    List<Sample> samples = client("").instant("q", Instant.EPOCH);

    assertThat(samples).hasSize(3);
    assertThat(samples.get(0)).isEqualTo(new Sample(Map.of("topic", "a", "job", "app"), 2.5));
    assertThat(samples.get(1).value()).isNaN();
    assertThat(samples.get(2).value()).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void aScalarIsOneSampleWithoutLabels() throws Exception {
    answer =
        "{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\",\"result\":[1,\"-Inf\"]}}";

    assertThat(client("").instant("q", Instant.EPOCH))
        .containsExactly(new Sample(Map.of(), Double.NEGATIVE_INFINITY));
  }

  @Test
  void aMatrixIsItsSeriesPointsInOrderWhateverTheFieldOrder() throws Exception {
    answer =
        """
        {"data":{"result":[{"values":[[10,"1"],[11,"2"]],"metric":{"pod":"p"}}],
          "resultType":"matrix"},"warnings":["w"],"status":"success"}
        """;

    List<RangeSeries> series =
        client("").range("q", Instant.EPOCH, Instant.EPOCH, Duration.ofSeconds(1));

    assertThat(series)
        .containsExactly(
            new RangeSeries(
                Map.of("pod", "p"),
                List.of(new RangeSeries.Point(10, 1), new RangeSeries.Point(11, 2))));
  }

  @Test
  void aRejectedQueryIsABadQueryQuotingPrometheusAndIsNotRetried() {
    status = 400;
    answer =
        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error: unexpected"
            + " end\"}";

    assertThatThrownBy(
            () -> client("", new Retry(3, Duration.ZERO)).instant("rate(", Instant.EPOCH))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> assertThat(e.kind()).isEqualTo(PrometheusException.Kind.BAD_QUERY))
        .hasMessageEndingWith("rejected the query (bad_data: parse error: unexpected end): rate(");
    assertThat(requests).hasValue(1);
  }

  @Test
  void aServerErrorIsRetriedAndQuotedWithItsMessageBounded() {
    status = 503;
    answer = "{\"status\":\"error\",\"error\":\"" + "x".repeat(100_000) + "\"}";

    assertThatThrownBy(() -> client("", new Retry(2, Duration.ZERO)).instant("q", Instant.EPOCH))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(PrometheusException.Kind.UNREACHABLE);
              assertThat(e.getMessage()).contains(" answered 503: xxx").hasSizeLessThan(1200);
              assertThat(e.getMessage()).endsWith("(tried 2 times)");
            });
    assertThat(requests).hasValue(2);
  }

  @Test
  void anAnswerThatIsNotTheApisJsonIsABadResponse() {
    answer = "<html>a login page</html>";

    assertThatThrownBy(() -> client("").instant("q", Instant.EPOCH))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> assertThat(e.kind()).isEqualTo(PrometheusException.Kind.BAD_RESPONSE))
        .hasMessageContaining("with a body that is not its API's JSON");
  }

  @Test
  void anAnswerOfMoreSeriesThanAQueryMayBringIsRefusedAtTheFirstOneTooManyAndNotRetried() {
    StringBuilder many = new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":");
    many.append("\"vector\",\"result\":[");
    for (int i = 0; i <= PrometheusClient.LIMITS.series(); i++) {
      many.append(i == 0 ? "" : ",").append("{\"metric\":{\"i\":\"").append(i);
      many.append("\"},\"value\":[1,\"1\"]}");
    }
    answer = many.append("]}}").toString();

    assertThatThrownBy(() -> client("", new Retry(3, Duration.ZERO)).instant("q", Instant.EPOCH))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> assertThat(e.kind()).isEqualTo(PrometheusException.Kind.TOO_LARGE))
        .hasMessageContaining("answered more than one query may bring (more than 1000 series;")
        .hasMessageEndingWith("aggregate the query to fewer series");
    assertThat(requests).hasValue(1);
  }

  @Test
  void aRangeOfMorePointsThanAQueryMayBringIsRefused() {
    StringBuilder points = new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":");
    points.append("\"matrix\",\"result\":[{\"metric\":{},\"values\":[");
    for (int i = 0; i <= PrometheusClient.LIMITS.points(); i++) {
      points.append(i == 0 ? "" : ",").append("[").append(i).append(",\"1\"]");
    }
    answer = points.append("]}]}}").toString();

    assertThatThrownBy(
            () -> client("").range("q", Instant.EPOCH, Instant.EPOCH, Duration.ofSeconds(1)))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> assertThat(e.kind()).isEqualTo(PrometheusException.Kind.TOO_LARGE))
        .hasMessageContaining("(more than 50000 points;");
  }

  /**
   * A server streaming series without end, each with a 10 KB label: refused at the byte bound (the
   * series bound is further), after reading at most that much, and only once.
   */
  @Test
  void anAnswerWithoutEndIsRefusedAtTheByteBoundWithoutHoldingIt() {

    assertThatThrownBy(() -> client("endless/").instant("q", Instant.EPOCH))
        .isInstanceOfSatisfying(
            PrometheusException.class,
            e -> assertThat(e.kind()).isEqualTo(PrometheusException.Kind.TOO_LARGE))
        .hasMessageContaining("(the answer is longer than 2097152 bytes; not read further;");
  }

  private PrometheusClient client(String path) {
    return client(path, Retry.ONCE);
  }

  private PrometheusClient client(String path, Retry retry) {
    return new PrometheusClient(
        URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/" + path),
        Duration.ofSeconds(20),
        retry);
  }

  private void answer(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    exchange.getRequestBody().readAllBytes();
    byte[] body = answer.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static void endlessSeries(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    exchange.sendResponseHeaders(200, 0);
    String label = "v".repeat(10_000);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(
          "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
              .getBytes(StandardCharsets.UTF_8));
      for (long i = 0; ; i++) {
        out.write(
            ((i == 0 ? "" : ",") + "{\"metric\":{\"l\":\"" + label + i + "\"},\"value\":[1,\"1\"]}")
                .getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      // the client stopped reading: what the bound is for
    }
  }
}
