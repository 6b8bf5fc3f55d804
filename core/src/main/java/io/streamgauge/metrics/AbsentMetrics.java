package io.streamgauge.metrics;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Why a figure's query found nothing when Prometheus holds no series of a metric the query reads:
 * none of the component's while it has other components' (a label or scrape problem), or none at
 * all — on a cluster most often a scrape's relabeling that drops the metric. For the metrics that
 * widely used setups drop by default, the reason names the setting that drops it and what brings it
 * back, so the reader need not guess why a figure is missing.
 */
final class AbsentMetrics {

  /** Metrics figures read that common scrape setups drop by default, and what brings each back. */
  private static final Map<String, String> DROPPED_BY_DEFAULT =
      Map.of(
          "container_cpu_cfs_throttled_seconds_total",
          "kube-prometheus-stack's default kubelet relabelings drop it"
              + " (kubelet.serviceMonitor.cAdvisorMetricRelabelings); install the Streamgauge chart"
              + " with cadvisor.serviceMonitor.enabled=true to scrape it back");

  private final PrometheusClient prometheus;

  AbsentMetrics(PrometheusClient prometheus) {
    this.prometheus = prometheus;
  }

  /**
   * What Prometheus holds of each of {@code metrics} (the query's metrics the component has no
   * series of) at {@code at}; empty when there is nothing to say.
   *
   * @throws PrometheusException only when Prometheus cannot be reached
   */
  Optional<String> reason(Component component, Set<String> metrics, Instant at)
      throws PrometheusException {
    List<String> reasons = new ArrayList<>();
    for (String metric : metrics) {
      List<Sample> anywhere;
      try {
        anywhere = prometheus.instant("count({__name__=\"" + metric + "\"})", at);
      } catch (PrometheusException e) {
        if (e.kind() == PrometheusException.Kind.UNREACHABLE) {
          throw e;
        }
        continue;
      }
      if (anywhere.isEmpty()) {
        String dropped = DROPPED_BY_DEFAULT.get(metric);
        reasons.add(
            "Prometheus holds no series named "
                + metric
                + " at all: nothing scrapes it, or a relabeling drops it"
                + (dropped == null ? "" : " (" + dropped + ")"));
      } else {
        reasons.add(
            "Prometheus holds "
                + metric
                + " series, but none of "
                + component
                + "'s (is it scraped, with these labels?)");
      }
    }
    return reasons.isEmpty()
        ? Optional.empty()
        : Optional.of("no data: " + String.join("; ", reasons));
  }
}
