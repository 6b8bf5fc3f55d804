package io.streamgauge.scenario;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.LoadTopicSpec;

/**
 * A rate level applied to a resolved spec: every topic's rate, and a state restoration's
 * prepopulated records, multiplied by one factor (at least one record stays).
 */
public final class RateScaling {

  private RateScaling() {}

  /**
   * Multiplies the rates and prepopulated records of {@code resolved} (defaults applied) by {@code
   * factor}.
   */
  public static void scale(BenchmarkRunSpec resolved, double factor) {
    if (factor == 1.0) {
      return;
    }
    for (LoadTopicSpec topic : resolved.getLoad().getTopics()) {
      if (topic.getRatePerSecond() != null) {
        topic.setRatePerSecond(topic.getRatePerSecond() * factor);
      }
      if (topic.getPrepopulateRecords() != null) {
        topic.setPrepopulateRecords(
            Math.max(1, Math.round(topic.getPrepopulateRecords() * factor)));
      }
    }
  }
}
