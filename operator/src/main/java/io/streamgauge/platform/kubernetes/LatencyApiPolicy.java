package io.streamgauge.platform.kubernetes;

import java.util.List;

/**
 * Who may reach a run's latency consumer ({@code /windows}, {@code /results}, {@code /metrics})
 * when the operator guards it with a NetworkPolicy: the run's own load generators, the operator's
 * namespace and the namespaces Prometheus runs in. Nothing else in the cluster can set a run's
 * windows or read its results.
 *
 * @param operatorNamespace the namespace the operator runs in
 * @param prometheusNamespaces namespaces whose pods may scrape the latency consumer's metrics
 */
public record LatencyApiPolicy(String operatorNamespace, List<String> prometheusNamespaces) {

  /** Copies the list. */
  public LatencyApiPolicy {
    prometheusNamespaces = List.copyOf(prometheusNamespaces);
  }
}
