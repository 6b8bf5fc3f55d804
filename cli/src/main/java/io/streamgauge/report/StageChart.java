package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * Where a run's latency went, as stacked bars: one bar per band of end-to-end latency ({@code
 * status.summary.latency.stages.bands}), split into the band's mean publish delay, time through the
 * app and commit wait, which add up to the band's mean latency. Drawn in HTML and CSS (no script),
 * bars to one scale, so the tail's bars show what the slow records spent their time on.
 */
final class StageChart {

  /** The stages as the bands name them, their legend and their CSS class. */
  private static final String[][] STAGES = {
    {"publishDelayMeanMs", "publish delay", "stage-publish"},
    {"throughAppMeanMs", "through the app", "stage-app"},
    {"commitWaitMeanMs", "commit wait", "stage-commit"}
  };

  private StageChart() {}

  /** The chart's figure, or an empty string when the run kept no stages. */
  static String html(JsonNode result) {
    JsonNode stages = result.path("status").path("summary").path("latency").path("stages");
    JsonNode bands = stages.path("bands");
    if (!bands.isArray() || bands.isEmpty()) {
      return "";
    }
    double longest = 0;
    long records = 0;
    for (JsonNode band : bands) {
      longest = Math.max(longest, total(band));
      records += band.path("records").asLong();
    }
    StringBuilder html = new StringBuilder();
    html.append("<figure class=\"chart stages\"><figcaption>")
        .append("Where the latency went: the records by how late they arrived, each band's mean")
        .append(" split into its stages</figcaption>\n<div class=\"stage-legend\">");
    for (String[] stage : STAGES) {
      html.append("<span class=\"")
          .append(stage[2])
          .append("\"></span>")
          .append(stage[1])
          .append(" ");
    }
    html.append("</div>\n<table class=\"stage-bars\">\n");
    long below = 0;
    for (JsonNode band : bands) {
      long n = band.path("records").asLong();
      html.append("<tr><th>")
          .append(label(band, below))
          .append("</th><td class=\"right\">")
          .append(String.format(Locale.ROOT, "%.1f %%", 100.0 * n / Math.max(1, records)))
          .append("</td><td class=\"bar\">");
      for (String[] stage : STAGES) {
        double ms = Math.max(0, band.path(stage[0]).asDouble());
        html.append("<span class=\"")
            .append(stage[2])
            .append("\" style=\"width:")
            .append(String.format(Locale.ROOT, "%.2f", longest > 0 ? 100 * ms / longest : 0))
            .append("%\" title=\"")
            .append(stage[1])
            .append(String.format(Locale.ROOT, " %.1f ms", ms))
            .append("\"></span>");
      }
      html.append("</td><td class=\"right\">")
          .append(String.format(Locale.ROOT, "%.1f ms", total(band)))
          .append("</td></tr>\n");
      below = band.path("upToMs").asLong(below);
    }
    html.append("</table>\n<div class=\"legend-note\">")
        .append(recordByRecord(stages))
        .append("</div></figure>\n");
    return html.toString();
  }

  private static String label(JsonNode band, long below) {
    JsonNode upTo = band.path("upToMs");
    return upTo.isNumber() ? below + "–" + upTo.asLong() + " ms" : "over " + below + " ms";
  }

  private static double total(JsonNode band) {
    double total = 0;
    for (String[] stage : STAGES) {
      total += band.path(stage[0]).asDouble();
    }
    return total;
  }

  private static String recordByRecord(JsonNode stages) {
    return stages.path("recordByRecord").asBoolean()
        ? "Measured record by record: each bar's stages add up to its band's mean latency."
        : "Some records carried no publish delay (no trace header): theirs is counted in the"
            + " time through the app.";
  }
}
