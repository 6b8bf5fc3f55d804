package io.streamgauge.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The comparison as JSON ({@code comparison.json}): the sides with their runs, a row per figure
 * with both spreads, Δ, the interval, the noise floor and the verdict, the notes and the spec
 * differences. Fractions stay fractions (0.05 = 5 %).
 */
public final class ComparisonJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ComparisonJson() {}

  /** The comparison as a JSON object. */
  public static ObjectNode render(Comparison comparison) {
    ObjectNode root = JSON.createObjectNode();
    root.put("kind", "Comparison");
    root.put("indicative", comparison.indicative());
    side(root.putObject("baseline"), comparison.baselineLabel(), comparison.baseline());
    side(root.putObject("candidate"), comparison.candidateLabel(), comparison.candidate());
    ArrayNode rows = root.putArray("rows");
    for (ComparisonRow row : comparison.rows()) {
      ObjectNode node = rows.addObject();
      node.put("figure", row.figure().key());
      node.put("label", row.figure().label());
      node.put("better", row.figure().better().name().toLowerCase());
      spread(node, "baseline", row.baseline());
      spread(node, "candidate", row.candidate());
      putNullable(node, "delta", row.delta());
      if (row.interval() == null) {
        node.putNull("interval");
      } else {
        node.putObject("interval")
            .put("level", BootstrapInterval.LEVEL)
            .put("low", row.interval().low())
            .put("high", row.interval().high());
      }
      node.put("noiseFloor", row.noiseFloor());
      node.put("verdict", row.verdict().text());
      node.put("reason", row.reason());
    }
    comparison.notes().forEach(root.putArray("notes")::add);
    comparison.specDifferences().forEach(root.putArray("specDifferences")::add);
    return root;
  }

  private static void side(ObjectNode node, String label, List<ComparedRun> runs) {
    node.put("label", label);
    ArrayNode sources = node.putArray("runs");
    runs.forEach(r -> sources.add(r.source()));
  }

  private static void spread(ObjectNode row, String name, Spread spread) {
    if (spread == null) {
      row.putNull(name);
      return;
    }
    ObjectNode node =
        row.putObject(name)
            .put("runs", spread.count())
            .put("median", spread.median())
            .put("min", spread.min())
            .put("max", spread.max());
    putNullable(node, "cv", Double.isFinite(spread.cv()) ? spread.cv() : null);
  }

  private static void putNullable(ObjectNode node, String name, Double value) {
    if (value == null) {
      node.putNull(name);
    } else {
      node.put(name, value);
    }
  }
}
