package io.streamgauge.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.testing.SharesTheMachine;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML reports in a real headless browser: a run's report draws its five charts, a comparison
 * its overlaid spectra, with no script error; each is one file that loads nothing from anywhere.
 * (The E2Es render the reports of real runs the same way.)
 */
@SharesTheMachine
class HtmlReportBrowserIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void aRunsReportDrawsItsFiveChartsFromItsResult() throws Exception {
    JsonNode result = result(40, 7);
    String html =
        HtmlReport.run(
            "wc <eos>",
            "# wc — Succeeded\n\n| a | b |\n|---|---:|\n| x | 1 |\n\n## Checks\n\n- all `passed`\n",
            result);
    Path file = dir.resolve("report.html");
    Files.writeString(file, html);

    assertThat(html)
        .contains("<title>wc &lt;eos&gt;</title>")
        .contains("<td class=\"right\">1</td>")
        .contains("<code>passed</code>")
        .doesNotContain("src=\"http")
        .doesNotContain("href=\"http")
        .doesNotContain("url(http");
    // A reader 14 hours ahead of UTC, where the points (from 2025-11-24T16:00:00Z) are on the 25th.
    HeadlessChromium.Rendered rendered =
        HeadlessChromium.render(file, dir, Map.of("TZ", "Pacific/Kiritimati"));
    rendered.assertDrew(5);
    assertThat(rendered.bodyData("time-labels"))
        .as("time axes in UTC, ISO style, as the windows are written")
        .contains("2025-11-24")
        .containsPattern("16:00:[0-5][0-9]")
        .doesNotContain("2025-11-25")
        .doesNotContainIgnoringCase("am")
        .doesNotContainIgnoringCase("pm")
        .doesNotContain("/");
    HeadlessChromium.screenshot(file, dir.resolve("report.png"), dir);
    assertThat(dir.resolve("report.png")).isNotEmptyFile();
  }

  /** A scale-out search's report draws its demand chart: the cores a rate needs, its probes. */
  @Test
  void aCapacitySearchsReportDrawsItsDemandChart() throws Exception {
    JsonNode capacity = DemandChartTest.scaleOutSearch();
    String html =
        HtmlReport.capacity(
            "Capacity: scale-out",
            "# Capacity: scale-out\n\n| Size | Ceiling |\n|---|---|\n| 1 | [32,000, 40,000] |\n"
                + "\n## Probes\n\n| # |\n|---|\n| 1 |\n",
            capacity);
    Path file = dir.resolve("capacity.html");
    Files.writeString(file, html);
    assertThat(html).contains("data-chart=\"demand\"").doesNotContain("src=\"http");
    HeadlessChromium.render(file, dir).assertDrew(1);
    HeadlessChromium.screenshot(file, dir.resolve("capacity.png"), dir);
    assertThat(dir.resolve("capacity.png")).isNotEmptyFile();
  }

  @Test
  void aComparisonOverlaysEveryRunsSpectrum() throws Exception {
    String html =
        HtmlReport.comparison(
            "b against a",
            "## Comparison\n\n| Metric | baseline | candidate |\n|---|---:|---:|\n| p99 | 1 | 2 |\n",
            Map.of("a", List.of(result(40, 1), result(42, 2))),
            Map.of("b", List.of(result(80, 3), result(85, 4))));
    Path file = dir.resolve("comparison.html");
    Files.writeString(file, html);

    HeadlessChromium.Rendered rendered = HeadlessChromium.render(file, dir);

    rendered.assertDrew(1);
    assertThat(html).contains("\"label\":\"a #1\"").contains("\"label\":\"b #2\"");
  }

  @Test
  void aRunWithoutDataSaysSoInsteadOfDrawing() throws Exception {
    ObjectNode empty = JSON.createObjectNode();
    empty.putObject("status");
    Path file = dir.resolve("empty.html");
    Files.writeString(file, HtmlReport.run("failed", "# failed — Failed\n", empty));

    HeadlessChromium.Rendered rendered = HeadlessChromium.render(file, dir);

    rendered.assertDrew(0);
    assertThat(rendered.dom()).contains("No latency was timed.").contains("No data over time");
  }

  /** A result document with a latency histogram around {@code medianMs} and a minute of series. */
  static JsonNode result(double medianMs, long seed) {
    Histogram histogram = new Histogram(3);
    Random random = new Random(seed);
    for (int i = 0; i < 20_000; i++) {
      histogram.recordValue((long) (medianMs * 1000 * Math.exp(random.nextGaussian() * 0.4)));
    }
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    String encoded = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    ObjectNode root = JSON.createObjectNode();
    root.putObject("metadata").put("name", "wc");
    root.putObject("run").put("mode", "local");
    ObjectNode spec = root.putObject("spec");
    spec.putObject("load")
        .putArray("topics")
        .addObject()
        .put("name", "input")
        .put("ratePerSecond", 750);
    spec.putObject("app")
        .putObject("resources")
        .putObject("limits")
        .put("cpu", "1")
        .put("memory", "1536Mi");
    long start = 1_764_000_000L;
    root.putObject("status")
        .put("warmupStartedAt", Instant.ofEpochSecond(start).toString())
        .put("measurementStartedAt", Instant.ofEpochSecond(start + 20).toString())
        .put("measurementEndedAt", Instant.ofEpochSecond(start + 60).toString());
    ObjectNode document = root.putObject("result");
    document
        .putObject("latency")
        .putObject("topics")
        .putObject("output")
        .putObject("measurement")
        .put("histogram", encoded);
    ArrayNode series = document.putObject("timeSeries").putArray("series");
    Map<String, Double> levels =
        Map.of(
            "producedPerSec",
            750.0,
            "consumedPerSec",
            748.0,
            "latencyP99Ms",
            medianMs * 2.5,
            "cpuCores",
            0.4,
            "memoryMiB",
            300.0,
            "heapMiB",
            80.0);
    levels.forEach(
        (name, level) -> {
          ArrayNode points = series.addObject().put("name", name).putArray("points");
          for (long t = start; t <= start + 60; t += 5) {
            points.addArray().add(t).add(level * (0.95 + 0.1 * random.nextDouble()));
          }
        });
    return root;
  }
}
