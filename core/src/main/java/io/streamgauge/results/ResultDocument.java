package io.streamgauge.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.metrics.InstanceFigures;
import io.streamgauge.metrics.MeasurementWindow;
import io.streamgauge.metrics.PlotSeries;
import io.streamgauge.metrics.RangeSeries;
import java.time.Instant;
import java.util.List;

/**
 * The full result of a run, for the results ConfigMap or {@code result.json}: the resolved spec
 * (every default applied, as the run ran), the window, every figure with its query, value and unit
 * (or why it is missing), the summary, and the latency consumer's own document with its encoded
 * histograms, so the run can be re-analysed later; which Streamgauge made it ({@code producer}),
 * what it ran on ({@code environment}) and the run over time for plots ({@code timeSeries}).
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
    root.set("producer", BuildInfo.current().json());
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
      if (f.coverage() != null) {
        node.put("coverage", f.coverage());
      }
      if (!f.byTopic().isEmpty()) {
        node.set("byTopic", JSON.valueToTree(f.byTopic()));
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

  /** Adds what the run ran on ({@code environment}), as its platform describes it. */
  public static void addEnvironment(ObjectNode document, ObjectNode environment) {
    document.set("environment", environment);
  }

  /**
   * Adds the app's figures per instance ({@code instances}): each pod's measured figures by their
   * field names, and what could not be read under {@code missing}.
   */
  public static void addInstances(ObjectNode document, List<InstanceFigures> instances) {
    ArrayNode out = document.putArray("instances");
    for (InstanceFigures instance : instances) {
      ObjectNode node = out.addObject().put("pod", instance.pod());
      ObjectNode missing = null;
      for (FigureResult figure : instance.figures()) {
        if (figure.isMeasured()) {
          node.put(figure.figure().key(), figure.value());
        } else {
          missing = missing == null ? JSON.createObjectNode() : missing;
          missing.put(figure.figure().key(), figure.missingReason());
        }
      }
      if (missing != null) {
        node.set("missing", missing);
      }
    }
  }

  /** Says why the figures per instance could not be read ({@code instancesMissing}). */
  public static void addInstancesMissing(ObjectNode document, String why) {
    document.put("instancesMissing", why);
  }

  /**
   * Adds the run over time ({@code timeSeries}): from when, the step, and each quantity's points as
   * {@code [epochSeconds, value]}; or why there are none.
   *
   * @param series the quantities, or null when they could not be read
   * @param missing why they could not be read, or null
   */
  public static void addTimeSeries(
      ObjectNode document,
      Instant from,
      MeasurementWindow window,
      List<PlotSeries> series,
      String missing) {
    ObjectNode node = document.putObject("timeSeries");
    node.put("from", from.toString())
        .put("to", window.end().toString())
        .put("stepSeconds", window.scrapeInterval().toMillis() / 1000.0)
        .put(
            "note",
            "for plots: a point per scrape; every figure of the summary comes from its own window"
                + " query, and latency from the latency consumer's histograms");
    if (missing != null) {
      node.put("missing", missing);
    }
    ArrayNode list = node.putArray("series");
    for (PlotSeries s : series == null ? List.<PlotSeries>of() : series) {
      ObjectNode one =
          list.addObject()
              .put("name", s.name())
              .put("component", s.component().label())
              .put("unit", s.unit())
              .put("query", s.query());
      ArrayNode points = one.putArray("points");
      for (RangeSeries.Point p : s.points()) {
        points.addArray().add(p.epochSeconds()).add(p.value());
      }
    }
  }
}
