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
 */
public record PlatformSettings(
    ClientImages images, Map<String, String> podMonitorLabels, Duration schedulingGrace) {

  /** Default of {@link #schedulingGrace}. */
  public static final Duration DEFAULT_SCHEDULING_GRACE = Duration.ofMinutes(1);

  /** Copies the labels. */
  public PlatformSettings {
    podMonitorLabels = Map.copyOf(podMonitorLabels);
  }
}
