package io.streamgauge.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.series.RecordedRuns;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A probe's verdict from its run's document, as the search records it. */
class ProbeJudgeTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double SLO_MS = 1000;

  /**
   * A succeeded probe run with p99 {@code p99Ms}: producedRate held, each {@code failed} check
   * failed.
   */
  private static CapacityProbeStatus judged(double p99Ms, String... failed) {
    ObjectNode document = JSON.createObjectNode();
    ObjectNode status = document.putObject("status");
    status.put("phase", "Succeeded");
    ObjectNode summary = status.putObject("summary");
    summary.putObject("latency").put("p99Ms", p99Ms);
    ArrayNode checks = summary.putArray("checks");
    checks.addObject().put("name", "producedRate").put("passed", true);
    for (String name : failed) {
      checks
          .addObject()
          .put("name", name)
          .put("passed", false)
          .put("value", 4.7)
          .put("threshold", 2)
          .put("comparison", "<=");
    }
    ChildRunStatus run = new ChildRunStatus();
    run.setName("p1");
    RecordedRuns.observe(run, document, Instant.parse("2026-11-26T03:00:00Z"));
    CapacityProbeStatus probe = new CapacityProbeStatus();
    probe.setRatePerSecond(7600.0);
    ProbeJudge.judge(probe, run, SLO_MS);
    return probe;
  }

  @Test
  void aWindowThatBeganBehindIsInconclusiveWhateverItsP99() {
    CapacityProbeStatus probe = judged(48_700, "backlogAtStart");

    assertThat(probe.getPassed()).isFalse();
    assertThat(probe.getInconclusive()).isTrue();
    assertThat(ProbeVerdict.of(probe).outcome()).isEqualTo(ProbeVerdict.Outcome.INCONCLUSIVE);
    assertThat(ProbeJudge.verdict(probe))
        .startsWith("inconclusive: its window began behind, with the app still absorbing its start")
        .contains("failed backlogAtStart 4.700 not <= 2", "p99 48700.0 ms > 1000.0 ms");
  }

  /**
   * With its load ramped up and its warmup held for the catch-up, an app whose lag still grows
   * through a window begun behind consumes less than the input (38,400 records/s here: 9.3 s
   * behind, growing 470 records/s while its catch-up's last trend read "falling"): the probe fails.
   */
  @Test
  void aWindowThatBeganBehindAndFellFurtherBehindFails() {
    CapacityProbeStatus probe = judged(17_564, "backlogAtStart", "lagGrowth");

    assertThat(probe.getInconclusive()).isNull();
    assertThat(ProbeVerdict.of(probe).outcome()).isEqualTo(ProbeVerdict.Outcome.FAILED);
    assertThat(ProbeJudge.verdict(probe))
        .startsWith("fail: ")
        .contains("failed backlogAtStart 4.700 not <= 2, lagGrowth 4.700 not <= 2");
  }

  /**
   * An app whose lag still grew when its catch-up ran out (25,600 records/s here: it consumed
   * 18,309-21,700 while behind) consumes less than the input past its start: the probe fails.
   */
  @Test
  void aWindowBegunBehindByAnAppStillFallingBehindAfterItsCatchUpFails() {
    CapacityProbeStatus probe = judged(26_853, "lagGrowth", "backlogAtStart", "catchUp");

    assertThat(probe.getInconclusive()).isNull();
    assertThat(ProbeVerdict.of(probe).outcome()).isEqualTo(ProbeVerdict.Outcome.FAILED);
    assertThat(ProbeJudge.verdict(probe))
        .startsWith("fail: ")
        .contains(
            "lagGrowth 4.700 not <= 2, backlogAtStart 4.700 not <= 2, catchUp 4.700 not <= 2");
  }

  /**
   * The catch-up's trend is two readings 10 s apart: at 32,000 records/s apps read "growing 1,933
   * and 4,056 records/s" as it ran out, then drained at 38,335 and 33,264 records/s through their
   * window. A window whose lag did not grow is no evidence against the rate: inconclusive.
   */
  @Test
  void aGrowingTrendAtTheCatchUpsEndBeliedByAWindowThatDrainedIsInconclusive() {
    CapacityProbeStatus probe = judged(11_575, "backlogAtStart", "catchUp");

    assertThat(probe.getInconclusive()).isTrue();
    assertThat(ProbeVerdict.of(probe).outcome()).isEqualTo(ProbeVerdict.Outcome.INCONCLUSIVE);
  }

  @Test
  void aWindowBegunLevelIsJudgedByItsChecksAndTheSlo() {
    assertThat(ProbeJudge.verdict(judged(383))).isEqualTo("pass");
    CapacityProbeStatus slow = judged(1383);
    assertThat(slow.getInconclusive()).isNull();
    assertThat(ProbeJudge.verdict(slow)).isEqualTo("fail: p99 1383.0 ms > 1000.0 ms (the SLO)");
    assertThat(ProbeVerdict.of(judged(300, "lagGrowth")).outcome())
        .isEqualTo(ProbeVerdict.Outcome.FAILED);
  }

  @Test
  void aProbeThatFailedAsARunIsAFail() {
    ObjectNode document = JSON.createObjectNode();
    document.putObject("status").put("phase", "Failed");
    ChildRunStatus run = new ChildRunStatus();
    RecordedRuns.observe(run, document, Instant.parse("2026-11-26T03:00:00Z"));
    CapacityProbeStatus probe = new CapacityProbeStatus();
    probe.setRatePerSecond(7600.0);
    ProbeJudge.judge(probe, run, SLO_MS);

    assertThat(ProbeVerdict.of(probe).outcome()).isEqualTo(ProbeVerdict.Outcome.FAILED);
    assertThat(ProbeJudge.verdict(probe)).startsWith("fail: failed: ");
  }
}
