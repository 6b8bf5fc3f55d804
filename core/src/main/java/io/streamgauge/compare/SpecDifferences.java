package io.streamgauge.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The leaves in which two runs' setups ({@link ComparedRun#setup()}) differ, as {@code path: a → b}
 * lines, e.g. {@code spec.app.image: ks:4.1.1 → sf:0.6}: what a comparison actually varied.
 */
public final class SpecDifferences {

  /** Spec sections that must be equal for a like-for-like comparison. */
  private static final List<String> WORKLOAD =
      List.of("scenario", "processingGuarantee", "load", "schedule", "records");

  /**
   * How a run is repeated and judged, not what it measures: never a difference between two runs'
   * setups (a gated candidate is compared with a baseline that has no gate).
   */
  private static final Set<String> NOT_SETUP = Set.of("spec.repetitions", "spec.gate");

  private SpecDifferences() {}

  /** Every leaf that differs, in path order; empty when the specs are equal. */
  public static List<String> between(JsonNode a, JsonNode b) {
    List<String> lines = new ArrayList<>();
    walk("", a, b, lines);
    return lines;
  }

  /**
   * The spec's workload sections ({@code scenario}, {@code load}, {@code schedule}, …) that differ.
   */
  public static List<String> workloadSections(JsonNode a, JsonNode b) {
    List<String> differing = new ArrayList<>();
    for (String section : WORKLOAD) {
      if (!a.path("spec").path(section).equals(b.path("spec").path(section))) {
        differing.add(section);
      }
    }
    return differing;
  }

  private static void walk(String path, JsonNode a, JsonNode b, List<String> lines) {
    if (a.equals(b) || NOT_SETUP.contains(path)) {
      return;
    }
    if (a.isObject() && b.isObject()) {
      TreeSet<String> names = new TreeSet<>();
      a.fieldNames().forEachRemaining(names::add);
      b.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        walk(join(path, name), a.path(name), b.path(name), lines);
      }
    } else if (a.isArray() && b.isArray() && a.size() == b.size()) {
      Iterator<JsonNode> ia = a.elements();
      Iterator<JsonNode> ib = b.elements();
      for (int i = 0; ia.hasNext(); i++) {
        walk(path + "[" + i + "]", ia.next(), ib.next(), lines);
      }
    } else {
      lines.add(path + ": " + text(a) + " → " + text(b));
    }
  }

  private static String join(String path, String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private static String text(JsonNode node) {
    if (node instanceof MissingNode || node.isNull()) {
      return "(unset)";
    }
    return node.isValueNode() ? node.asText() : node.toString();
  }
}
