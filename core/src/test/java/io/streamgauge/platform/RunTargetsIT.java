package io.streamgauge.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.common.ListenPorts;
import io.streamgauge.common.PrometheusConfig.ScrapeJob;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.PrometheusClient;
import io.streamgauge.metrics.Retry;
import io.streamgauge.metrics.Sample;
import io.streamgauge.testing.prometheus.PrometheusServer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Runs side by side in one namespace select only their own series, on a real Prometheus. Every
 * target is a closed port: its {@code up} series (0) carries the pod label all the same.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RunTargetsIT {

  private static final List<String> PODS =
      List.of(
          "a-app-7d9f8c6b5-x2k4q",
          "a-latency-5c7b9d8f4-q8w2e",
          "a-load-0-abcde",
          "a-load-1-fghij",
          "a-app-x-app-7d9f8c6b5-x2k4q",
          "a-load-heavy-load-0-abcde",
          "a-latency-extra-latency-6b5-zz9yy",
          "a.b-app-6c4d-k2m4n",
          "axb-app-6c4d-k2m4n",
          "b-app-0-7d9f8c6b5-x2k4q",
          "b-app-1-5c7b9d8f4-q8w2e",
          "b-app-1-app-7d9f8c6b5-x2k4q");

  private PrometheusServer prometheus;
  private PrometheusClient client;

  @BeforeAll
  void scrapeEveryPod() {
    List<ScrapeJob> jobs = new ArrayList<>();
    for (String pod : PODS) {
      jobs.add(
          new ScrapeJob(
              pod,
              List.of("127.0.0.1:" + ListenPorts.pick()),
              Map.of("namespace", "bench", "pod", pod)));
    }
    prometheus = PrometheusServer.start(Duration.ofSeconds(1), jobs);
    client = new PrometheusClient(URI.create(prometheus.url()), Duration.ofSeconds(10), Retry.ONCE);
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .ignoreExceptions()
        .until(
            () -> client.instant("up{namespace=\"bench\"}", Instant.now()).size() == PODS.size());
  }

  @AfterAll
  void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
  }

  @Test
  void aRunSelectsItsOwnPodsAndNoneOfARunWhoseNameExtendsIt() throws Exception {
    assertThat(pods("a", Component.APP)).containsExactly("a-app-7d9f8c6b5-x2k4q");
    assertThat(pods("a", Component.LATENCY_CONSUMER)).containsExactly("a-latency-5c7b9d8f4-q8w2e");
    assertThat(pods("a", Component.LOAD_GENERATOR))
        .containsExactlyInAnyOrder("a-load-0-abcde", "a-load-1-fghij");
    assertThat(pods("a-app-x", Component.APP)).containsExactly("a-app-x-app-7d9f8c6b5-x2k4q");
    assertThat(pods("a-load-heavy", Component.LOAD_GENERATOR))
        .containsExactly("a-load-heavy-load-0-abcde");
  }

  /**
   * An app of several instances runs a Deployment per instance ({@code <run>-app-<index>}): its
   * selector takes every instance's pods, and still none of a run named {@code <run>-app-1}.
   */
  @Test
  void anAppOfSeveralInstancesSelectsEveryInstanceAndNoOtherRun() throws Exception {
    assertThat(pods("b", Component.APP))
        .containsExactlyInAnyOrder("b-app-0-7d9f8c6b5-x2k4q", "b-app-1-5c7b9d8f4-q8w2e");
    assertThat(pods("b-app-1", Component.APP)).containsExactly("b-app-1-app-7d9f8c6b5-x2k4q");
  }

  @Test
  void aDotInARunNameMatchesOnlyADot() throws Exception {
    assertThat(pods("a.b", Component.APP)).containsExactly("a.b-app-6c4d-k2m4n");
    assertThat(pods("axb", Component.APP)).containsExactly("axb-app-6c4d-k2m4n");
  }

  private List<String> pods(String run, Component component) throws Exception {
    RunContext context =
        new RunContext("bench", run, null, new BenchmarkRunSpec(), new BenchmarkRunStatus());
    return client
        .instant("up{" + RunTargets.selector(context, component) + "}", Instant.now())
        .stream()
        .map(Sample::labels)
        .map(l -> l.get("pod"))
        .toList();
  }
}
