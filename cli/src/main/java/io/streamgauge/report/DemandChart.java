package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Quantity;

/**
 * What a capacity search's demand chart plots, from its status ({@code capacity.json}): the cores
 * (instances × CPU limit) each input rate needs — a rate needs the smallest size whose ceiling
 * reaches it — as a step line, and every probe at its rate and size, passed or failed, behind it.
 */
final class DemandChart {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private DemandChart() {}

  /**
   * {@code {needs: [[rate, cores], …], passed: [[rate, cores], …], failed: [[rate, cores], …]}}.
   */
  static ObjectNode of(JsonNode capacity) {
    ObjectNode demand = JSON.objectNode();
    ArrayNode needs = demand.putArray("needs");
    double covered = 0;
    for (JsonNode limit : capacity.path("limits")) {
      JsonNode ceiling = limit.path("lastPassPerSecond");
      double cores = cores(limit);
      if (!ceiling.isNumber() || ceiling.asDouble() <= covered || Double.isNaN(cores)) {
        continue;
      }
      needs.addArray().add(covered).add(cores);
      needs.addArray().add(ceiling.asDouble()).add(cores);
      covered = ceiling.asDouble();
    }
    ArrayNode passed = demand.putArray("passed");
    ArrayNode failed = demand.putArray("failed");
    for (JsonNode probe : capacity.path("probes")) {
      double cores = cores(probe);
      if (!probe.path("passed").isBoolean() || Double.isNaN(cores)) {
        continue;
      }
      (probe.path("passed").asBoolean() ? passed : failed)
          .addArray()
          .add(probe.path("ratePerSecond").asDouble())
          .add(cores);
    }
    return demand;
  }

  /** A size's cores: its CPU limit times its instances; NaN when its limit does not read. */
  private static double cores(JsonNode size) {
    int instances = size.path("instances").asInt(1);
    try {
      return new Quantity(size.path("cpuLimit").asText()).getNumericalAmount().doubleValue()
          * instances;
    } catch (IllegalArgumentException | ArithmeticException e) {
      return Double.NaN;
    }
  }
}
