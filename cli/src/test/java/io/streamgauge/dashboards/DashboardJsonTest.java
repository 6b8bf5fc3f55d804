package io.streamgauge.dashboards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.metrics.Component;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.RunTargets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dashboards are Grafana 11 dashboards a user can import as they are: stable uids, a Prometheus
 * data-source variable used by every panel, unique panel ids, panels inside the grid, a query in
 * every target. {@code DashboardQueriesE2E} runs every query against real data.
 */
class DashboardJsonTest {

  static Stream<Dashboard> dashboards() {
    return Dashboard.all().stream();
  }

  @ParameterizedTest
  @MethodSource("dashboards")
  void identityAndVersion(Dashboard dashboard) {
    JsonNode json = dashboard.json();

    assertThat(json.path("uid").asText())
        .as("a stable uid, the file's name")
        .isEqualTo(dashboard.name().replace(".json", ""));
    assertThat(json.path("title").asText()).startsWith("Streamgauge — ");
    assertThat(json.path("schemaVersion").asInt()).as("Grafana 11").isGreaterThanOrEqualTo(39);
    assertThat(json.path("id").isMissingNode() || json.path("id").isNull())
        .as("no instance-specific id")
        .isTrue();
  }

  @ParameterizedTest
  @MethodSource("dashboards")
  void everyPanelUsesTheDataSourceVariable(Dashboard dashboard) {
    JsonNode datasource =
        dashboard.json().path("templating").path("list").findParents("type").stream()
            .filter(v -> "datasource".equals(v.path("type").asText()))
            .findFirst()
            .orElseThrow();
    assertThat(datasource.path("name").asText()).isEqualTo("datasource");
    assertThat(datasource.path("query").asText()).isEqualTo("prometheus");

    for (JsonNode panel : dashboard.panels()) {
      assertThat(panel.path("datasource").path("uid").asText())
          .as(panel.path("title").asText())
          .isEqualTo("${datasource}");
      panel
          .path("targets")
          .forEach(
              t ->
                  assertThat(t.path("datasource").path("uid").asText()).isEqualTo("${datasource}"));
    }
  }

  @ParameterizedTest
  @MethodSource("dashboards")
  void panelsHaveUniqueIdsFitTheGridAndQuerySomething(Dashboard dashboard) {
    Set<Integer> ids = new HashSet<>();
    for (JsonNode panel : dashboard.panels()) {
      String title = panel.path("title").asText();
      assertThat(ids.add(panel.path("id").asInt())).as("unique id of " + title).isTrue();
      JsonNode grid = panel.path("gridPos");
      assertThat(grid.path("x").asInt() + grid.path("w").asInt()).as(title).isBetween(1, 24);
      assertThat(grid.path("h").asInt()).as(title).isPositive();
      assertThat(panel.path("description").asText()).as("what " + title + " shows").isNotBlank();
      List<String> refIds = panel.path("targets").findValuesAsText("refId");
      assertThat(refIds).as(title).isNotEmpty().doesNotHaveDuplicates();
    }
    assertThat(dashboard.queries())
        .allSatisfy(q -> assertThat(q.expr()).as(q.where()).isNotBlank());
  }

  /**
   * Every pod a dashboard selects by name is selected as the run's figures select it ({@link
   * RunTargets#selector}): an app of several instances on a cluster has a Deployment per instance,
   * {@code <run>-app-<index>}, whose pods a selector without the index segment would miss.
   */
  @ParameterizedTest
  @MethodSource("dashboards")
  void everyPodSelectorIsTheOneTheFiguresUse(Dashboard dashboard) {
    Set<String> selectors = new HashSet<>();
    for (Dashboard.Query query : dashboard.queries()) {
      Matcher m = POD_SELECTOR.matcher(query.expr());
      while (m.find()) {
        selectors.add(m.group());
        Component component =
            Arrays.stream(Component.values())
                .filter(c -> RunTargets.name("x", c).equals("x-" + m.group(2)))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no component named " + m.group(2)));
        String figures =
            RunTargets.selector(new RunContext("ns", m.group(1), null, null, null), component);
        assertThat(m.group())
            .as(query.where())
            .isEqualTo(figures.substring(figures.indexOf("pod=~")));
      }
    }
    assertThat(selectors).as("the dashboard selects pods by name").isNotEmpty();
  }

  private static final Pattern POD_SELECTOR =
      Pattern.compile("pod=~\"(\\$run(?:_[ab])?)-([a-z]+)[^\"]*\"");
}
