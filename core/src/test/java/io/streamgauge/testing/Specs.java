package io.streamgauge.testing;

import io.streamgauge.api.spec.AppSpec;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.BurstShape;
import io.streamgauge.api.spec.CapacitySpec;
import io.streamgauge.api.spec.LoadShapeSpec;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.spec.ScheduleSpec;

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

  /**
   * A stateless-simple capacity search with an SLO of {@code p99MaxMs} and the given windows (no
   * timeout, no catch-up: the defaulter's to fill).
   */
  public static BenchmarkRunSpec capacitySearch(
      double p99MaxMs, String warmup, String measurement) {
    BenchmarkRunSpec spec = minimal(Scenario.STATELESS_SIMPLE);
    CapacitySpec capacity = new CapacitySpec();
    capacity.setLatencyP99MaxMs(p99MaxMs);
    spec.setCapacity(capacity);
    ScheduleSpec schedule = new ScheduleSpec();
    schedule.setWarmup(warmup);
    schedule.setMeasurement(measurement);
    spec.setSchedule(schedule);
    return spec;
  }

  /**
   * {@code spec.load.shape} of a burst: {@code factor} × the rates for {@code length} every {@code
   * period}.
   */
  public static LoadShapeSpec burst(double factor, String length, String period) {
    BurstShape burst = new BurstShape();
    burst.setFactor(factor);
    burst.setLength(length);
    burst.setPeriod(period);
    LoadShapeSpec shape = new LoadShapeSpec();
    shape.setBurst(burst);
    return shape;
  }
}
