package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.CapacityStatus;
import org.junit.jupiter.api.Test;

class CapacityReportTest {

  private static CapacityProbeStatus probe(double rate, Double machineSpeed) {
    CapacityProbeStatus probe = new CapacityProbeStatus();
    probe.setName("probes/01-cpu1-" + (int) rate);
    probe.setCpuLimit("1");
    probe.setRatePerSecond(rate);
    probe.setStep("start");
    probe.setPassed(true);
    probe.setP99Ms(40.0);
    probe.setCpuCores(0.25);
    probe.setMachineSpeed(machineSpeed);
    return probe;
  }

  @Test
  void aCalibratedSearchShowsTheMachineSpeedOfEveryProbeAndHowFarItMoved() {
    CapacityStatus status = new CapacityStatus();
    status.getProbes().add(probe(12_800, 20.0));
    status.getProbes().add(probe(25_600, 25.0));
    status.getProbes().add(probe(51_200, 22.0));

    String markdown = CapacityReport.markdown("simple", status, 1000);

    assertThat(markdown)
        .contains(
            "median 22.00, from 20.00 to 25.00 over 3 probes — the fastest 25 % above the"
                + " slowest")
        .contains("| CPU (cores) | Machine speed | Verdict |")
        .contains("| 0.25 | 25.00 | pass |");
  }

  @Test
  void withoutCalibrationsTheReportHasNoMachineSpeed() {
    CapacityStatus status = new CapacityStatus();
    status.getProbes().add(probe(12_800, null));

    String markdown = CapacityReport.markdown("simple", status, 1000);

    assertThat(markdown).doesNotContain("Machine speed").contains("| 0.25 | pass |");
  }
}
