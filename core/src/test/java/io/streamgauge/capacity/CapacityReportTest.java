package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.status.CapacityLimitStatus;
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

  /**
   * The demand table's cores are the instances times their CPU limit, as the limit says them: half
   * a core each is 0.5 for one instance and 1 for two, not rounded to whole cores.
   */
  @Test
  void theDemandTableGivesTheCoresOfSubCoreLimits() {
    CapacityStatus status = new CapacityStatus();
    status.getLimits().add(limit(null, 1_600));
    status.getLimits().add(limit(2, 3_000));

    String markdown = CapacityReport.markdown("scale-out", status, 1000);

    assertThat(markdown)
        .contains("| up to 1,600 | 1 | 0.5 |")
        .contains("| above 1,600, up to 3,000 | 2 | 1 |");
  }

  private static CapacityLimitStatus limit(Integer instances, double lastPass) {
    CapacityLimitStatus limit = new CapacityLimitStatus();
    limit.setCpuLimit("500m");
    limit.setInstances(instances);
    limit.setLastPassPerSecond(lastPass);
    return limit;
  }
}
