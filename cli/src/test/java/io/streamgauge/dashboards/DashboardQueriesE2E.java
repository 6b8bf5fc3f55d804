package io.streamgauge.dashboards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.cli.KilledAppRun;
import io.streamgauge.metrics.PrometheusClient;
import io.streamgauge.metrics.PrometheusException;
import io.streamgauge.metrics.RangeSeries;
import io.streamgauge.metrics.Retry;
import io.streamgauge.testing.HasTheMachineToItself;
import io.streamgauge.testing.prometheus.PrometheusServer;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every query of every dashboard — panels, annotations, variables — parses and returns data from a
 * real Prometheus that scraped the real components: a local run (stateless-simple under
 * exactly-once, reference app, load generator, latency consumer, the command's run state; its app
 * killed 10 s into the window by a fault, for the fault annotation — the run {@code FaultsLocalE2E}
 * judges, shared through {@link KilledAppRun}) leaves its Prometheus data behind, which a
 * Prometheus serves again here. Variables are filled as Grafana would: both compared runs are the
 * same run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@HasTheMachineToItself
class DashboardQueriesE2E {

  private static final Pattern VARIABLE = Pattern.compile("\\$(namespace|run)(_[ab])?\\b");
  private static final Pattern LABEL_VALUES =
      Pattern.compile("^label_values\\((.+),\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\)$");

  private PrometheusServer prometheus;
  private PrometheusClient client;
  private String run;
  private Instant start;
  private Instant end;

  @BeforeAll
  void serveTheMetricsOfARun() throws Exception {
    JsonNode result = KilledAppRun.result();
    run = result.path("metadata").path("name").asText();
    start = Instant.parse(result.path("run").path("startedAt").asText());
    end = Instant.parse(result.path("run").path("endedAt").asText());
    prometheus = PrometheusServer.serve(KilledAppRun.output().resolve("prometheus/data"));
    client = new PrometheusClient(URI.create(prometheus.url()), Duration.ofSeconds(10), Retry.ONCE);
  }

  @AfterAll
  void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
  }

  static Stream<Dashboard.Query> queries() {
    return Dashboard.all().stream().flatMap(d -> d.queries().stream());
  }

  static Stream<Dashboard.Query> variableQueries() {
    return Dashboard.all().stream().flatMap(d -> d.variableQueries().stream());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("queries")
  void everyQueryParsesAndReturnsDataOfTheRun(Dashboard.Query query) throws Exception {
    String promql = fill(query.expr());

    List<RangeSeries> series = range(query, promql);

    assertThat(series.stream().flatMap(s -> s.points().stream()))
        .as(query.where() + ": " + promql + " returned no number over the run")
        .anySatisfy(p -> assertThat(p.value()).isFinite());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("variableQueries")
  void everyVariableOffersTheRun(Dashboard.Query query) throws Exception {
    Matcher m = LABEL_VALUES.matcher(query.expr());
    assertThat(m.matches()).as(query.where() + " is label_values(metric, label)").isTrue();
    String label = m.group(2);

    List<RangeSeries> series = range(query, "count by (" + label + ") (" + fill(m.group(1)) + ")");

    assertThat(series)
        .extracting(s -> s.labels().get(label))
        .as(query.where())
        .contains(label.equals("run") ? run : "local");
  }

  /**
   * The query over the run at a 1 s step. The run's summary ({@code sg_run_result}) is scraped once
   * or twice in the last seconds before its processes stop, which a coarser step can fall between:
   * at 5 s one run in five showed no summary.
   */
  private List<RangeSeries> range(Dashboard.Query query, String promql) {
    try {
      return client.range(promql, start, end, Duration.ofSeconds(1));
    } catch (PrometheusException e) {
      throw new AssertionError(
          query.where() + ": Prometheus rejected " + promql + ": " + e.getMessage(), e);
    }
  }

  /** The query with Grafana's variables filled: this run, namespace local, a 20 s rate interval. */
  private String fill(String expr) {
    Matcher m = VARIABLE.matcher(expr.replace("$__rate_interval", "20s"));
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, m.group(1).equals("run") ? run : "local");
    }
    m.appendTail(out);
    return out.toString();
  }
}
