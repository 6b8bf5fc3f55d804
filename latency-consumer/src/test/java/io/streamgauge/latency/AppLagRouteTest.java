package io.streamgauge.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.MetricsServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code GET /app-lag}, which a run polls for the app to catch up before its warmup starts. */
class AppLagRouteTest {

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void theLagIsServedOnceSampledAndIsNotFoundBefore() throws Exception {
    LatencyMetrics metrics = new LatencyMetrics(false);
    try (MetricsServer server = serve(metrics, true)) {
      HttpResponse<String> before = get(server, "GET");
      assertThat(before.statusCode()).isEqualTo(404);
      assertThat(before.body()).contains("has not committed");

      metrics.setAppInputLag(12_345);
      HttpResponse<String> after = get(server, "GET");

      assertThat(after.statusCode()).isEqualTo(200);
      assertThat(ResultsDocument.JSON.readTree(after.body()).get("lag").asDouble())
          .isEqualTo(12_345.0);
    }
  }

  @Test
  void withoutAnAppGroupItSaysNothingIsSampledAndRefusesOtherMethods() throws Exception {
    try (MetricsServer server = serve(new LatencyMetrics(false), false)) {
      HttpResponse<String> none = get(server, "GET");
      assertThat(none.statusCode()).isEqualTo(404);
      assertThat(none.body()).contains("no app group is sampled");
      assertThat(get(server, "DELETE").statusCode()).isEqualTo(405);
    }
  }

  private static MetricsServer serve(LatencyMetrics metrics, boolean samplesAppLag)
      throws Exception {
    LatencyRecorder recorder = new LatencyRecorder(List.of("out"), Windows.UNSET, false);
    return MetricsServer.start(
        new InetSocketAddress("127.0.0.1", 0),
        metrics.registry,
        () -> true,
        LatencyApi.routes(
            recorder, () -> "{}", metrics::appInputLag, samplesAppLag, Optional.empty()));
  }

  private HttpResponse<String> get(MetricsServer server, String method) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/app-lag"))
            .method(method, HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
