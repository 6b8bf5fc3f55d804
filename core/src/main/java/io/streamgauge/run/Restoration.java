package io.streamgauge.run;

import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.Phase;
import io.streamgauge.platform.RunContext;

/** Where a state-restoration run's path differs from a live-load run's. */
public final class Restoration {

  private Restoration() {}

  /** True for a state-restoration run: prepopulated changelogs, no live load. */
  public static boolean is(RunContext run) {
    return run.spec().getScenario() == Scenario.STATE_RESTORATION;
  }

  /** The phase after ProvisioningKafka. */
  static Phase nextAfterKafka(RunContext run) {
    return is(run) ? Phase.Prepopulating : Phase.DeployingApp;
  }

  /** The records the load generators write before the app starts. */
  static long prepopulatedRecords(RunContext run) {
    return run.spec().getLoad().getTopics().stream()
        .map(LoadTopicSpec::getPrepopulateRecords)
        .filter(n -> n != null)
        .mapToLong(Long::longValue)
        .sum();
  }
}
