package io.streamgauge.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.api.spec.LoadShapeSpec;
import io.streamgauge.common.LoadShape;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.results.LatencyResults;
import java.time.Duration;
import java.time.Instant;

/**
 * What the report's charts plot, read from result documents ({@code result.json}): each run's
 * latency percentile spectrum from its HdrHistograms, and the run over time (rates against the
 * target, latency p99, CPU and memory against the app's limits: an app of several instances against
 * the sum of theirs) with its warmup and measurement windows; under a load shape the target moves
 * with it.
 */
final class ChartData {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final double MIB = 1024.0 * 1024.0;
  private static final ObjectMapper MAPPER = new ObjectMapper();

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
   * {name: [[epochSeconds, value], …]}, targetPerSec, targetSeries (under a load shape), instances,
   * cpuLimitCores, memoryLimitMiB (summed over the instances), limitsEnforced}}; times in epoch
   * seconds.
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
      ArrayNode shaped =
          shapedTarget(result.path("spec").path("load").path("shape"), windows, target);
      if (shaped != null) {
        timeline.set("targetSeries", shaped);
      }
    }
    // Each instance has the spec's limits: the app's figures are their sum, so is the line.
    int instances = result.path("spec").path("app").path("replicas").asInt(1);
    timeline.put("instances", instances);
    JsonNode limits = result.path("spec").path("app").path("resources").path("limits");
    putQuantity(timeline, "cpuLimitCores", limits.path("cpu"), 1.0 / instances);
    putQuantity(timeline, "memoryLimitMiB", limits.path("memory"), MIB / instances);
    timeline.put("limitsEnforced", "kubernetes".equals(result.path("run").path("mode").asText("")));
    return timeline;
  }

  /**
   * The target rate over time under {@code spec.load.shape}: the rates themselves up to the window,
   * each segment's from its start to its end, the rates again after the window; null without a
   * shape or its window.
   */
  private static ArrayNode shapedTarget(JsonNode shapeSpec, JsonNode windows, double rate) {
    if (!shapeSpec.isObject()
        || !windows.has("measurementStart")
        || !windows.has("measurementEnd")) {
      return null;
    }
    LoadShape shape;
    double start = windows.path("measurementStart").asDouble();
    try {
      LoadShapeSpec spec = MAPPER.treeToValue(shapeSpec, LoadShapeSpec.class);
      double seconds = windows.path("measurementEnd").asDouble() - start;
      shape = LoadShapes.of(spec, Duration.ofMillis(Math.round(seconds * 1000)));
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return null; // a shape this version cannot read is left off the chart
    }
    ArrayNode points = JSON.arrayNode();
    points.addArray().add(windows.path("warmupStart").asDouble(start)).add(rate);
    points.addArray().add(start - 0.001).add(rate);
    for (LoadShape.Segment segment : shape.segments()) {
      points.addArray().add(start + segment.start()).add(rate * segment.from());
      points.addArray().add(start + segment.end() - 0.001).add(rate * segment.to());
    }
    points.addArray().add(start + shape.seconds()).add(rate);
    return points;
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
