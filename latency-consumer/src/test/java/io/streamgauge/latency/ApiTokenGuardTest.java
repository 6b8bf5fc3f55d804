package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.ApiToken;
import io.streamgauge.common.MetricsServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A run's token guards every route of its latency consumer: no one without it moves the windows,
 * reports sends or reads the results; Prometheus and the kubelet still reach /metrics and /health.
 */
class ApiTokenGuardTest {

  private static final String WINDOWS =
      "{\"warmupStart\":\"2026-01-01T00:00:00Z\",\"measurementStart\":\"2026-01-01T00:00:10Z\","
          + "\"measurementEnd\":\"2026-01-01T00:01:10Z\"}";

  private final HttpClient http = HttpClient.newHttpClient();
  private final String token = ApiToken.generate();
  private LatencyRecorder recorder;
  private MetricsServer server;

  @BeforeEach
  void start() throws Exception {
    recorder = new LatencyRecorder(List.of("out"), Windows.UNSET, false);
    LatencyMetrics metrics = new LatencyMetrics(false);
    server =
        MetricsServer.start(
            new InetSocketAddress("127.0.0.1", 0),
            metrics.registry,
            () -> true,
            LatencyApi.routes(
                recorder, () -> "{}", metrics::appInputLag, false, Optional.of(token)));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void windowsPostedWithoutTheTokenOrWithAnotherAreRefusedAndNotSet() throws Exception {
    for (String authorization :
        new String[] {null, "Bearer " + ApiToken.generate(), token, "Basic " + token}) {
      HttpResponse<String> refused = call("POST", "/windows", WINDOWS, authorization);

      assertThat(refused.statusCode()).as(String.valueOf(authorization)).isEqualTo(401);
      assertThat(refused.body()).contains("this run's API token is required");
    }
    assertThat(recorder.windows()).isEqualTo(Windows.UNSET);

    HttpResponse<String> accepted = call("POST", "/windows", WINDOWS, ApiToken.header(token));

    assertThat(accepted.statusCode()).isEqualTo(200);
    assertThat(recorder.windows()).isNotEqualTo(Windows.UNSET);
  }

  @Test
  void everyRouteButMetricsAndHealthNeedsTheToken() throws Exception {
    for (String path : List.of("/windows", "/results", "/app-lag")) {
      assertThat(call("GET", path, null, null).statusCode()).as(path).isEqualTo(401);
    }
    assertThat(call("POST", "/sent", "{}", null).statusCode()).isEqualTo(401);
    assertThat(call("GET", "/results", null, ApiToken.header(token)).statusCode()).isEqualTo(200);
    assertThat(call("GET", "/metrics", null, null).statusCode()).isEqualTo(200);
    assertThat(call("GET", "/health", null, null).statusCode()).isEqualTo(200);
  }

  private HttpResponse<String> call(String method, String path, String body, String authorization)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      request.header(ApiToken.HEADER, authorization);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
