package io.streamgauge.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.RunSummary;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.MeasurementWindow;
import java.util.List;

/**
 * The full result of a run, for the results ConfigMap or {@code result.json}: the resolved spec
 * (every default applied, as the run ran), the window, every figure with its query, value and unit
 * (or why it is missing), the summary, and the latency consumer's own document with its encoded
 * histograms, so the run can be re-analysed later.
 */
public final class ResultDocument {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private ResultDocument() {}

  /**
   * @param spec the resolved spec the run ran
   * @param latency the latency consumer's results, or null when they could not be read
   */
  public static ObjectNode build(
      BenchmarkRunSpec spec,
      MeasurementWindow window,
      List<FigureResult> figures,
      RunSummary summary,
      LatencyResults latency) {
    ObjectNode root = JSON.createObjectNode();
    root.set("spec", SERIALIZATION.convertValue(spec, JsonNode.class));
    root.putObject("window")
        .put("measurementStart", window.start().toString())
        .put("measurementEnd", window.end().toString())
        .put("resolutionSeconds", window.resolution().toMillis() / 1000.0)
        .put("scrapeIntervalSeconds", window.scrapeInterval().toMillis() / 1000.0);
    ArrayNode list = root.putArray("figures");
    for (FigureResult f : figures) {
      ObjectNode node =
          list.addObject()
              .put("component", f.component().label())
              .put("figure", f.figure().key())
              .put("unit", f.unit())
              .put("profile", f.profile())
              .put("query", f.query());
      if (f.isMeasured()) {
        node.put("value", f.value());
      } else {
        node.putNull("value");
        node.put("missing", f.missingReason());
      }
      if (f.note() != null) {
        node.put("note", f.note());
      }
    }
    root.set("summary", JSON.valueToTree(summary));
    if (latency == null) {
      root.putNull("latency");
    } else {
      root.set("latency", latency.document());
    }
    return root;
  }
}
