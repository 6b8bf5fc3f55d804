package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The HTML reports, each one self-contained file — the uPlot charting library (MIT, from its WebJar
 * on the class path) and the data inlined, nothing fetched when it is opened: {@code report.html}
 * of a run (its Markdown report, the latency percentile spectrum, rates against the target with the
 * windows shaded, latency p99, CPU and memory against the limits), {@code comparison.html} (the
 * comparison, every run's spectrum overlaid by side), {@code suite.html} (the suite, every run's
 * spectrum, a color per cell) and {@code capacity.html} (a capacity search's demand chart).
 */
public final class HtmlReport {

  private static final String UPLOT = "/META-INF/resources/webjars/uplot/1.6.30/dist/";
  private static final String OWN = "/io/streamgauge/report/";
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private HtmlReport() {}

  /**
   * A run's report: its Markdown report, the charts of its {@code result.json} after the report's
   * heading and first table.
   */
  public static String run(String title, String markdown, JsonNode result) {
    ObjectNode data = JSON.objectNode();
    ArrayNode spectra = data.putArray("spectra");
    ObjectNode spectrum = ChartData.spectrum(title, "run", result);
    if (spectrum != null) {
      spectra.add(spectrum);
    }
    data.set("timeline", ChartData.timeline(result));
    return page(
        title,
        chartsAfterHead(
            markdown,
            chart("spectrum", "Latency by percentile over the measurement window")
                + StageChart.html(result)
                + chart("throughput", "Produced and consumed records/s against the target")
                + chart("latency", "Latency p99 over time (Prometheus histogram buckets)")
                + chart("cpu", "App CPU (cores) against its limit")
                + chart("memory", "App memory and heap (MiB) against its limit")),
        data);
  }

  /**
   * A comparison's report: the comparison's Markdown and every run's spectrum, baseline and
   * candidate in their own colors.
   *
   * @param runs each side's runs: label → result documents ({@code result.json}); a run without its
   *     histograms is left out of the chart
   */
  public static String comparison(
      String title,
      String markdown,
      Map<String, List<JsonNode>> baseline,
      Map<String, List<JsonNode>> candidate) {
    ObjectNode data = JSON.objectNode();
    ArrayNode spectra = data.putArray("spectra");
    addSpectra(spectra, "baseline", baseline);
    addSpectra(spectra, "candidate", candidate);
    return page(
        title,
        "<section class=\"charts\">"
            + chart("spectrum", "Latency by percentile: every run, baseline and candidate")
            + "</section>\n"
            + MarkdownHtml.render(markdown),
        data);
  }

  /**
   * A suite's report: its Markdown and every run's spectrum, each cell in its own color.
   *
   * @param cells each cell's runs: cell name → result documents
   */
  public static String suite(String title, String markdown, Map<String, List<JsonNode>> cells) {
    ObjectNode data = JSON.objectNode();
    ArrayNode spectra = data.putArray("spectra");
    cells.forEach((cell, results) -> addSpectra(spectra, cell, Map.of(cell, results)));
    return page(
        title,
        "<section class=\"charts\">"
            + chart("spectrum", "Latency by percentile: every run, a color per cell")
            + "</section>\n"
            + MarkdownHtml.render(markdown),
        data);
  }

  /**
   * A capacity search's report: the demand chart (the cores each input rate needs, every probe
   * behind it) after the heading and the ceilings, then the rest of its Markdown.
   *
   * @param capacity the search's status ({@code capacity.json})
   */
  public static String capacity(String title, String markdown, JsonNode capacity) {
    ObjectNode data = JSON.objectNode();
    data.set("demand", DemandChart.of(capacity));
    return page(
        title,
        chartsAfterHead(
            markdown,
            chart(
                "demand",
                "Cores (instances × CPU limit) an input rate needs, and every probe behind it")),
        data);
  }

  /** {@code markdown} as HTML with {@code charts} after its head (the text before its first ##). */
  private static String chartsAfterHead(String markdown, String charts) {
    int rest = markdown.indexOf("\n## ");
    String head = rest < 0 ? markdown : markdown.substring(0, rest);
    String tail = rest < 0 ? "" : markdown.substring(rest);
    return MarkdownHtml.render(head)
        + "<section class=\"charts\">"
        + charts
        + "</section>\n"
        + MarkdownHtml.render(tail);
  }

  private static void addSpectra(
      ArrayNode spectra, String group, Map<String, List<JsonNode>> runs) {
    runs.forEach(
        (label, results) -> {
          for (int i = 0; i < results.size(); i++) {
            ObjectNode s =
                ChartData.spectrum(
                    results.size() == 1 ? label : label + " #" + (i + 1), group, results.get(i));
            if (s != null) {
              spectra.add(s);
            }
          }
        });
  }

  private static String chart(String kind, String title) {
    return "<figure class=\"chart\" data-chart=\""
        + kind
        + "\"><figcaption>"
        + MarkdownHtml.escape(title)
        + "</figcaption></figure>\n";
  }

  private static String page(String title, String body, ObjectNode data) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        + MarkdownHtml.escape(title)
        + "</title>\n<!-- uPlot 1.6.30, MIT License, Copyright (c) 2022 Leon Sorokin:"
        + " https://github.com/leeoniya/uPlot -->\n<style>\n"
        + resource(UPLOT + "uPlot.min.css")
        + "\n"
        + resource(OWN + "report.css")
        + "\n</style>\n</head>\n<body>\n"
        + body
        + "<footer>Made by Streamgauge; charts by uPlot. Every figure in the tables comes from the"
        + " run's own window queries and histograms; the charts over time are for reading only."
        + "</footer>\n<script type=\"application/json\" id=\"report-data\">"
        + data.toString().replace("</", "<\\/")
        + "</script>\n<script>\n"
        + resource(UPLOT + "uPlot.iife.min.js")
        + "\n</script>\n<script>\n"
        + resource(OWN + "report.js")
        + "\n</script>\n</body>\n</html>\n";
  }

  private static String resource(String path) {
    try (InputStream in = HtmlReport.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path, e);
    }
  }
}
