package io.streamgauge.capacity;

import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.CapacityStatus;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.series.PlannedRun;
import io.streamgauge.series.SeriesKind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A capacity search as a series: each probe is chosen by {@link CapacityPlan} from the probes
 * before it and judged against the SLO as it ends ({@link ProbeJudge}); a probe that fails as a run
 * before any probe passed stops the search, since the setup, not the rate, is what fails. Its
 * records are the probes of {@code status.capacity}.
 */
final class CapacitySeries implements SeriesKind {

  private final String runName;
  private final CapacityPlan plan;
  private final CapacityStatus status;
  private final double p99BoundMs;
  private CapacityPlan.NextProbe chosen;

  CapacitySeries(String runName, CapacityPlan plan, CapacityStatus status, double p99BoundMs) {
    this.runName = runName;
    this.plan = plan;
    this.status = status;
    this.p99BoundMs = p99BoundMs;
  }

  @Override
  public Optional<Running> running() {
    List<CapacityProbeStatus> probes = status.getProbes();
    if (probes.isEmpty() || last().getFinishedAt() != null) {
      return Optional.empty();
    }
    ChildRunStatus record = new ChildRunStatus();
    record.setName(last().getName());
    record.setPhase(last().getPhase());
    return Optional.of(new Running(last().getName(), describe(probes.size(), last()), record));
  }

  @Override
  public void observed(ChildRunStatus record) {
    last().setPhase(record.getPhase());
  }

  @Override
  public Optional<String> ended(ChildRunStatus record) {
    CapacityProbeStatus probe = last();
    ProbeJudge.judge(probe, record, p99BoundMs);
    if (probe.getPhase() == Phase.Failed
        && status.getProbes().stream().noneMatch(ProbeJudge::passed)) {
      return Optional.of(probe.getName() + " failed: " + String.join("; ", probe.getWhy()));
    }
    return Optional.empty();
  }

  /** An interrupted probe is kept as it ended, neither a pass nor a fail of its rate. */
  @Override
  public void interrupted(ChildRunStatus record) {
    ProbeJudge.interrupted(last(), record);
  }

  /** The next probe, from the probes so far; records each CPU limit's progress on the way. */
  @Override
  public Optional<PlannedRun> next() {
    CapacityPlan.Progress progress = plan.progress(status.getProbes());
    status.setLimits(progress.limits());
    chosen = progress.next().orElse(null);
    if (chosen == null) {
      return Optional.empty();
    }
    int index = status.getProbes().size() + 1;
    return Optional.of(
        new PlannedRun(
            index,
            CapacityPlan.probeName(runName, index),
            null,
            1,
            plan.probeSpec(chosen.size(), chosen.rate())));
  }

  @Override
  public void started(PlannedRun run, Instant now) {
    CapacityProbeStatus probe = ProbeJudge.planned(run.name(), chosen);
    probe.setStartedAt(now.toString());
    probe.setPhase(Phase.Pending);
    status.getProbes().add(probe);
  }

  @Override
  public String describe(PlannedRun run) {
    return describe(run.index(), ProbeJudge.planned(run.name(), chosen));
  }

  private CapacityProbeStatus last() {
    return status.getProbes().get(status.getProbes().size() - 1);
  }

  private static String describe(int index, CapacityProbeStatus probe) {
    return "probe "
        + index
        + ": "
        + probe.getName()
        + " ("
        + probe.getStep()
        + ", "
        + CapacityText.rate(probe.getRatePerSecond())
        + ", "
        + CapacityText.size(probe.getCpuLimit(), CapacityPlan.instancesOf(probe.getInstances()))
        + ")";
  }
}
