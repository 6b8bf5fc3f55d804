package io.streamgauge.scenario;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import java.time.Duration;

/**
 * How often the app under test commits: its {@code commit.interval.ms} setting, else Kafka Streams'
 * default for the guarantee (100 ms under exactly-once, 30 s under at-least-once). The lag sampler
 * reads the app's lag after each commit, and the lag-growth check needs a window of several.
 */
public final class AppCommitInterval {

  private AppCommitInterval() {}

  /** The commit interval {@code spec} gives its app. */
  public static Duration of(BenchmarkRunSpec spec) {
    String set =
        spec.getApp() == null || spec.getApp().getConfig() == null
            ? null
            : spec.getApp().getConfig().get("commit.interval.ms");
    if (set != null) {
      try {
        long millis = Long.parseLong(set.trim());
        if (millis > 0) {
          return Duration.ofMillis(millis);
        }
      } catch (NumberFormatException e) {
        // the app refuses it on start; until then the guarantee's default stands
      }
    }
    return Duration.ofMillis(
        spec.getProcessingGuarantee() == ProcessingGuarantee.EXACTLY_ONCE_V2 ? 100 : 30_000);
  }
}
