package io.streamgauge.platform.kubernetes;

import java.time.Duration;
import java.util.Map;

/**
 * The operator's settings for what it creates and watches for every run.
 *
 * @param images the load generator's and the latency consumer's images
 * @param podMonitorLabels labels put on the runs' PodMonitors (for a Prometheus {@code
 *     podMonitorSelector})
 * @param schedulingGrace how long a run's pod may stay unschedulable before the run fails with the
 *     scheduler's message
 * @param latencyApiPolicy who may reach the runs' latency consumers (a NetworkPolicy per run), or
 *     null for no policy
 * @param firstScrapeWait how long after a run's load started its windows may wait for Prometheus'
 *     first scrape of every component before the run fails; zero: they do not wait
 * @param prometheusEndpoints the Prometheus endpoints runs may name for the operator to query
 */
public record PlatformSettings(
    ClientImages images,
    Map<String, String> podMonitorLabels,
    Duration schedulingGrace,
    LatencyApiPolicy latencyApiPolicy,
    Duration firstScrapeWait,
    PrometheusEndpoints prometheusEndpoints) {

  /** Default of {@link #schedulingGrace}. */
  public static final Duration DEFAULT_SCHEDULING_GRACE = Duration.ofMinutes(1);

  /**
   * Default of {@link #firstScrapeWait}: prometheus-operator's config reloader re-reads a changed
   * configuration every 3 minutes, after the kubelet's update of the mounted Secret.
   */
  public static final Duration DEFAULT_FIRST_SCRAPE_WAIT = Duration.ofMinutes(5);

  /**
   * Settings without a latency API policy whose windows do not wait for a first scrape, querying
   * the cluster's Prometheus Services only.
   */
  public PlatformSettings(
      ClientImages images, Map<String, String> podMonitorLabels, Duration schedulingGrace) {
    this(images, podMonitorLabels, schedulingGrace, null);
  }

  /**
   * Settings whose windows do not wait for a first scrape, querying the cluster's Prometheus
   * Services only.
   */
  public PlatformSettings(
      ClientImages images,
      Map<String, String> podMonitorLabels,
      Duration schedulingGrace,
      LatencyApiPolicy latencyApiPolicy) {
    this(
        images,
        podMonitorLabels,
        schedulingGrace,
        latencyApiPolicy,
        Duration.ZERO,
        PrometheusEndpoints.SERVICES);
  }

  /** Copies the labels. */
  public PlatformSettings {
    podMonitorLabels = Map.copyOf(podMonitorLabels);
  }
}
