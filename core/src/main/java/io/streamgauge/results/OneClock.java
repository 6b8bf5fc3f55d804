package io.streamgauge.results;

import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.metrics.Component;
import java.util.List;
import java.util.Map;

/**
 * Whether a run's latencies come from one clock. Latency is the latency consumer's receive time
 * minus the load generator's send time: true only when both read the same clock, i.e. run on one
 * node. Records seen before they were sent (negative latency) can only come from two clocks that
 * disagree; more than {@link #NEGATIVE_TOLERANCE} of them mark the latency result as skewed.
 */
final class OneClock {

  /** Negative latencies tolerated before the result is called skewed. */
  static final long NEGATIVE_TOLERANCE = 10;

  private OneClock() {}

  /**
   * Sets {@code sharedClock} (when the nodes are known) and {@code clockSkewed} on {@code latency}.
   *
   * @param nodes the nodes by component label ({@code status.nodes}), or null when unknown
   */
  static void judge(LatencySummary latency, Map<String, List<String>> nodes) {
    List<String> generators =
        nodes == null ? List.of() : nodes.get(Component.LOAD_GENERATOR.label());
    List<String> consumer =
        nodes == null ? List.of() : nodes.get(Component.LATENCY_CONSUMER.label());
    if (generators != null && consumer != null && !generators.isEmpty() && consumer.size() == 1) {
      latency.setSharedClock(consumer.containsAll(generators));
    }
    long negative = latency.getNegativeSamples() == null ? 0 : latency.getNegativeSamples();
    latency.setClockSkewed(negative > NEGATIVE_TOLERANCE);
  }
}
