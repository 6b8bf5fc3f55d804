package io.streamgauge.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.LoadShapeSpec;
import io.streamgauge.api.spec.RampShape;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.WindowTimes;
import io.streamgauge.scenario.SpecDefaulter;
import io.streamgauge.testing.Specs;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WindowsTest {

  private static final Instant NOW = Instant.parse("2026-12-06T20:00:00.123456Z");

  @Test
  void theWindowsStartNowAndAreReadBackFromStatusEverAfter() {
    RunContext run = run(spec(false));
    WindowTimes windows = Windows.fix(run, NOW);
    assertThat(windows.warmupStart()).isEqualTo(NOW);
    assertThat(windows.measurementStart()).isEqualTo(NOW.plusSeconds(30));
    assertThat(windows.measurementEnd()).isEqualTo(NOW.plusSeconds(90));
    assertThat(Windows.fix(run, NOW.plusSeconds(5))).isEqualTo(windows);
  }

  /** Under a shape the window starts on a whole second: its segments are whole seconds too. */
  @Test
  void underALoadShapeTheMeasurementStartsOnAWholeSecond() {
    WindowTimes windows = Windows.fix(run(spec(true)), NOW);
    assertThat(windows.warmupStart()).isEqualTo(NOW);
    assertThat(windows.measurementStart()).isEqualTo(Instant.parse("2026-12-06T20:00:31Z"));
    assertThat(windows.measurementEnd()).isEqualTo(Instant.parse("2026-12-06T20:01:31Z"));
  }

  private static BenchmarkRunSpec spec(boolean shaped) {
    BenchmarkRunSpec spec = new SpecDefaulter().apply(Specs.minimal(Scenario.STATELESS_SIMPLE));
    spec.getSchedule().setWarmup("30s");
    spec.getSchedule().setMeasurement("1m");
    if (shaped) {
      RampShape ramp = new RampShape();
      ramp.setFromFactor(1.0);
      ramp.setToFactor(2.0);
      LoadShapeSpec shape = new LoadShapeSpec();
      shape.setRamp(ramp);
      spec.getLoad().setShape(shape);
    }
    return spec;
  }

  private static RunContext run(BenchmarkRunSpec spec) {
    return new RunContext("bench", "w", "uid-1", spec, new BenchmarkRunStatus());
  }
}
