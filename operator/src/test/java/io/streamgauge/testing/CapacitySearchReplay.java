package io.streamgauge.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.CapacityStatus;
import io.streamgauge.capacity.CapacitySearch;
import io.streamgauge.capacity.ProbeJudge;
import io.streamgauge.capacity.ProbeVerdict;
import io.streamgauge.capacity.SearchSettings;
import io.streamgauge.capacity.SearchStep;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays a capacity search from the probes its run recorded: where the verdicts depend on the
 * machine, a test can still check that every probe is the one {@link CapacitySearch} chooses from
 * the verdicts before it, and that the run reports the interval they give.
 */
public final class CapacitySearchReplay {

  private CapacitySearchReplay() {}

  /**
   * Asserts that the probes of {@code capacity} (one CPU limit) are named {@code <run>-p<n>}, each
   * at the rate and step the search chooses from the verdicts before it, ended (passed or said
   * why), one at a time; and that its limit reports the search's end, which it returns.
   */
  public static SearchStep.Done assertFollowsTheSearch(
      String run, SearchSettings settings, CapacityStatus capacity) {
    List<CapacityProbeStatus> probes = capacity.getProbes();
    String seen = probes.stream().map(CapacitySearchReplay::describe).toList().toString();
    List<ProbeVerdict> verdicts = new ArrayList<>();
    for (int i = 0; i < probes.size(); i++) {
      CapacityProbeStatus probe = probes.get(i);
      assertThat(probe.getName()).as(seen).isEqualTo(run + "-p" + (i + 1));
      SearchStep step = CapacitySearch.next(settings, verdicts);
      assertThat(step).as(seen).isInstanceOf(SearchStep.Probe.class);
      assertThat(((SearchStep.Probe) step).rate()).as(seen).isEqualTo(probe.getRatePerSecond());
      assertThat(((SearchStep.Probe) step).step()).as(seen).isEqualTo(probe.getStep());
      assertThat(probe.getPassed() || !probe.getWhy().isEmpty()).as(seen).isTrue();
      if (i > 0) {
        assertThat(Instant.parse(probe.getStartedAt()))
            .as("one probe at a time: %s", seen)
            .isAfterOrEqualTo(Instant.parse(probes.get(i - 1).getFinishedAt()));
      }
      verdicts.add(ProbeVerdict.of(probe));
    }
    SearchStep.Done done = (SearchStep.Done) CapacitySearch.next(settings, verdicts);
    CapacityLimitStatus limit = capacity.getLimits().get(0);
    assertThat(limit.getOutcome()).as(seen).isEqualTo(done.outcome());
    assertThat(limit.getLastPassPerSecond()).as(seen).isEqualTo(done.lastPass());
    assertThat(limit.getFirstFailPerSecond()).as(seen).isEqualTo(done.firstFail());
    return done;
  }

  /** A probe in a line: name, rate, step and verdict. */
  public static String describe(CapacityProbeStatus probe) {
    return probe.getName()
        + " "
        + probe.getRatePerSecond()
        + " "
        + probe.getStep()
        + " "
        + ProbeJudge.verdict(probe);
  }
}
