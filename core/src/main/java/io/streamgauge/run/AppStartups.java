package io.streamgauge.run;

import io.streamgauge.api.summary.StartupSummary;
import io.streamgauge.platform.Platform;
import io.streamgauge.platform.RunContext;

/**
 * Records the app's time to ready in {@code status.appStartup} once: when the app first turns
 * ready, or, if the platform could not tell then (a pod cache a moment behind), at collection.
 */
final class AppStartups {

  private AppStartups() {}

  /**
   * The recorded startup, asking the platform when none is recorded yet.
   *
   * @return it, or null when the platform cannot tell
   */
  static StartupSummary record(Platform platform, RunContext run) {
    if (run.status().getAppStartup() == null) {
      platform.observer().appStartup(run).ifPresent(up -> run.status().setAppStartup(up.summary()));
    }
    return run.status().getAppStartup();
  }
}
