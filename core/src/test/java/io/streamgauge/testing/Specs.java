package io.streamgauge.testing;

import io.streamgauge.api.AppSpec;
import io.streamgauge.api.BenchmarkRunSpec;
import io.streamgauge.api.ProcessingGuarantee;
import io.streamgauge.api.Scenario;

/** Specs for tests. */
public final class Specs {

  private Specs() {}

  /** The smallest valid spec: a scenario, exactly-once and an app image. */
  public static BenchmarkRunSpec minimal(Scenario scenario) {
    BenchmarkRunSpec spec = new BenchmarkRunSpec();
    spec.setScenario(scenario);
    spec.setProcessingGuarantee(ProcessingGuarantee.EXACTLY_ONCE_V2);
    AppSpec app = new AppSpec();
    app.setImage("example.invalid/app:1");
    spec.setApp(app);
    return spec;
  }
}
