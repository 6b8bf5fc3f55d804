package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.results.LatencyResults;
import java.time.Instant;

/**
 * What the report's charts plot, read from result documents ({@code result.json}): each run's
 * latency percentile spectrum from its HdrHistograms, and the run over time (rates against the
 * target, latency p99, CPU and memory against the app's limits) with its warmup and measurement
 * windows.
 */
final class ChartData {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final double MIB = 1024.0 * 1024.0;

  private ChartData() {}

  /**
   * One spectrum: {@code {label, group, points: [[percentile, ms], …]}}, or null when the run timed
   * nothing.
   *
   * @param group which side it belongs to (run, baseline, candidate), for its color
   */
  static ObjectNode spectrum(String label, String group, JsonNode result) {
    JsonNode latency = result.path("result").path("latency");
    if (!latency.path("topics").isObject()) {
      return null;
    }
    ArrayNode points = JSON.arrayNode();
    for (double[] p : LatencyResults.parse(latency.toString()).percentileSpectrum()) {
      points.addArray().add(p[0]).add(p[1]);
    }
    if (points.isEmpty()) {
      return null;
    }
    ObjectNode spectrum = JSON.objectNode().put("label", label).put("group", group);
    spectrum.set("points", points);
    return spectrum;
  }

  /**
   * The run over time: {@code {windows: {warmupStart, measurementStart, measurementEnd}, series:
   * {name: [[epochSeconds, value], …]}, targetPerSec, cpuLimitCores, memoryLimitMiB,
   * limitsEnforced}}; times in epoch seconds.
   */
  static ObjectNode timeline(JsonNode result) {
    ObjectNode timeline = JSON.objectNode();
    JsonNode status = result.path("status");
    ObjectNode windows = timeline.putObject("windows");
    for (String[] w :
        new String[][] {
          {"warmupStart", "warmupStartedAt"},
          {"measurementStart", "measurementStartedAt"},
          {"measurementEnd", "measurementEndedAt"}
        }) {
      String instant = status.path(w[1]).asText("");
      if (!instant.isEmpty()) {
        windows.put(w[0], Instant.parse(instant).toEpochMilli() / 1000.0);
      }
    }
    ObjectNode series = timeline.putObject("series");
    for (JsonNode s : result.path("result").path("timeSeries").path("series")) {
      series.set(s.path("name").asText(), s.path("points"));
    }
    double target = 0;
    for (JsonNode topic : result.path("spec").path("load").path("topics")) {
      target += topic.path("ratePerSecond").asDouble(0);
    }
    if (target > 0) {
      timeline.put("targetPerSec", target);
    }
    JsonNode limits = result.path("spec").path("app").path("resources").path("limits");
    putQuantity(timeline, "cpuLimitCores", limits.path("cpu"), 1);
    putQuantity(timeline, "memoryLimitMiB", limits.path("memory"), MIB);
    timeline.put("limitsEnforced", "kubernetes".equals(result.path("run").path("mode").asText("")));
    return timeline;
  }

  private static void putQuantity(ObjectNode into, String name, JsonNode quantity, double unit) {
    if (quantity.isTextual() || quantity.isNumber()) {
      try {
        into.put(
            name, Quantity.getAmountInBytes(new Quantity(quantity.asText())).doubleValue() / unit);
      } catch (IllegalArgumentException | ArithmeticException e) {
        // an unreadable limit is left off the chart
      }
    }
  }
}
