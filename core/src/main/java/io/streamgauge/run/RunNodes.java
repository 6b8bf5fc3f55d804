package io.streamgauge.run;

import io.streamgauge.metrics.Component;
import io.streamgauge.platform.ComponentInstance;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The nodes each component runs on when the warmup starts, kept in {@code status.nodes}: whether
 * the load generators and the latency consumer shared a node decides whether the latencies come
 * from one clock ({@code summary.latency.sharedClock}).
 */
final class RunNodes {

  private RunNodes() {}

  /** Records the nodes, once: a later call keeps the first record. */
  static void record(Platform platform, RunContext run) {
    if (run.status().getNodes() != null) {
      return;
    }
    Map<String, List<String>> nodes = new LinkedHashMap<>();
    for (Component component : Component.values()) {
      nodes.put(
          component.label(),
          platform.observer().instances(run, component).stream()
              .map(ComponentInstance::node)
              .filter(Objects::nonNull)
              .distinct()
              .sorted()
              .toList());
    }
    run.status().setNodes(nodes);
  }
}
