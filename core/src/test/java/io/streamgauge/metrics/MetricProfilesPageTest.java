package io.streamgauge.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.testing.GeneratedPage;
import io.streamgauge.testing.JavadocTable;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The metric profiles page ({@code docs/reference/metric-profiles.md}): every figure with the
 * Javadoc beside it, and every built-in profile with the PromQL it reads each figure with, checked
 * for drift.
 */
class MetricProfilesPageTest {

  @Test
  void everyProfileIsOnThePageWithTheQueriesItRuns() {
    Map<String, String> figures =
        JavadocTable.of("core/src/main/java/io/streamgauge/metrics/Figure.java");
    assertThat(figures.keySet())
        .as("every figure documented, in order")
        .containsExactlyElementsOf(Arrays.stream(Figure.values()).map(Enum::name).toList());

    StringBuilder out =
        new StringBuilder(
            GeneratedPage.header(
                "Metric profiles",
                "`MetricProfiles` and `Figure` (`core/src/main/java/io/streamgauge/metrics/`)"));
    out.append(
        "A run's figures are PromQL queries over its measurement window. Which queries read the"
            + " app is its metric profile, `spec.app.metrics.profile` (default `"
            + AppProfileResolver.DEFAULT_PROFILE
            + "`); `spec.app.metrics.queries` replaces any of them. On Kubernetes the app's CPU,"
            + " memory and throttling come from `cadvisor` (the container, not the process);"
            + " the load generator and the latency consumer are read with `streamgauge`. Every"
            + " figure's query and value are in the result document, so a number can be traced"
            + " to what produced it ([Metrics collection](../concepts/metrics.md)).\n\n"
            + "Placeholders, filled per run: `$selector` (the component's pods: namespace, run"
            + " and component labels; locally its scrape job), `$container` (its container),"
            + " `$window` (the window, in milliseconds, so it ends exactly at the window's end),"
            + " `$start` and `$seconds` (the window's start as Unix seconds, its length in"
            + " seconds), `$resolution` (the query resolution), `$twoScrapes` and"
            + " `$twoCadvisorScrapes` (two scrape intervals: the shortest range a rate needs)."
            + " cAdvisor's counters are read as the slope between the window's first and last"
            + " samples, not with `rate()` ([why](../concepts/metrics.md)).\n\n");
    out.append("## Figures\n\n| Figure | Unit | What it is |\n|---|---|---|\n");
    for (Figure figure : Figure.values()) {
      out.append("| `")
          .append(figure.key())
          .append("` | ")
          .append(figure.unit())
          .append(" | ")
          .append(figures.get(figure.name()))
          .append(" |\n");
    }
    for (MetricProfile profile : MetricProfiles.BUILT_IN) {
      out.append("\n## ").append(profile.name()).append("\n\n");
      for (Figure figure : Figure.values()) {
        String query = profile.queries().get(figure);
        if (query != null) {
          out.append("- `").append(figure.key()).append("`: `").append(query).append("`\n");
        }
      }
      if (profile.gcBeansQuery() != null) {
        out.append("- the GC beans the JVM reports (which tell the collector): `")
            .append(profile.gcBeansQuery())
            .append("`\n");
      }
    }
    GeneratedPage.check("reference/metric-profiles.md", out.toString());
  }
}
