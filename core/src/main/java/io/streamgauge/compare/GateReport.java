package io.streamgauge.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A gate's outcome as a markdown section (one line per rule) and as JSON. */
public final class GateReport {

  private static final ObjectMapper JSON = new ObjectMapper();

  private GateReport() {}

  /** The gate as a markdown section. */
  public static String markdown(GateVerdict gate) {
    return "\n## Gate: " + (gate.passed() ? "passed" : "FAILED") + "\n" + markdownRules(gate);
  }

  /** The gate's rules as a markdown list after a blank line, one line per rule. */
  public static String markdownRules(GateVerdict gate) {
    StringBuilder out = new StringBuilder("\n");
    for (GateVerdict.RuleResult r : gate.results()) {
      out.append("- ")
          .append(r.passed() ? "pass" : "FAIL")
          .append(" `")
          .append(r.rule())
          .append("`: ")
          .append(r.detail())
          .append('\n');
    }
    return out.toString();
  }

  /** The gate as JSON: {@code passed}, and per rule its text, outcome, worsening and detail. */
  public static ObjectNode json(GateVerdict gate) {
    ObjectNode root = JSON.createObjectNode();
    root.put("passed", gate.passed());
    var rules = root.putArray("rules");
    for (GateVerdict.RuleResult r : gate.results()) {
      ObjectNode node =
          rules
              .addObject()
              .put("rule", r.rule().toString())
              .put("figure", r.rule().figure().key())
              .put("maxWorsening", r.rule().maxWorsening())
              .put("passed", r.passed());
      if (r.worsening() == null) {
        node.putNull("worsening");
      } else {
        node.put("worsening", r.worsening());
      }
      node.put("detail", r.detail());
    }
    return root;
  }
}
