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
 */
public record PlatformSettings(
    ClientImages images,
    Map<String, String> podMonitorLabels,
    Duration schedulingGrace,
    LatencyApiPolicy latencyApiPolicy) {

  /** Default of {@link #schedulingGrace}. */
  public static final Duration DEFAULT_SCHEDULING_GRACE = Duration.ofMinutes(1);

  /** Settings without a latency API policy. */
  public PlatformSettings(
      ClientImages images, Map<String, String> podMonitorLabels, Duration schedulingGrace) {
    this(images, podMonitorLabels, schedulingGrace, null);
  }

  /** Copies the labels. */
  public PlatformSettings {
    podMonitorLabels = Map.copyOf(podMonitorLabels);
  }
}
