package io.streamgauge.capacity;

import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.compare.ComparedFigure;
import io.streamgauge.results.CheckName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A probe's verdict against the SLO: it passes when its run succeeded, is valid (every validity
 * check held) and its true end-to-end p99 is at most the bound; otherwise it says every reason. A
 * probe whose window began behind ({@code backlogAtStart} failed) is inconclusive: it measured a
 * fresh app still absorbing its own start (its p99 is the backlog's age), not the rate, and is
 * probed again. A window begun behind whose lag still grew through it ({@code lagGrowth} failed) is
 * not inconclusive but failed: past its ramp, its catch-up and its warmup the app consumed less
 * than the input. The catch-up's trend decides nothing here: it is two readings 10 s apart while
 * the app may still be compiling. Why:
 * docs/guides/capacity.md#a-window-begun-behind-is-inconclusive.
 */
public final class ProbeJudge {

  private ProbeJudge() {}

  /**
   * Fills {@code probe} from its run as recorded once it ended ({@code run}: its phase, validity,
   * problems and figures).
   *
   * @param p99BoundMs the SLO's p99 bound, ms
   */
  public static void judge(CapacityProbeStatus probe, ChildRunStatus run, double p99BoundMs) {
    probe.setPhase(run.getPhase());
    probe.setFinishedAt(run.getFinishedAt());
    Double p99 = figure(run, ComparedFigure.LATENCY_P99);
    probe.setP99Ms(p99);
    probe.setCpuCores(figure(run, ComparedFigure.CPU));
    List<String> why = new ArrayList<>();
    if (!Boolean.TRUE.equals(run.getValid())) {
      why.addAll(run.getProblems() == null ? List.of("not valid") : run.getProblems());
    }
    if (p99 == null) {
      if (why.isEmpty()) {
        why.add("no p99 measured");
      }
    } else if (p99 > p99BoundMs) {
      why.add(String.format(Locale.ROOT, "p99 %.1f ms > %.1f ms (the SLO)", p99, p99BoundMs));
    }
    boolean inconclusive = beganBehind(run);
    probe.setPassed(why.isEmpty());
    probe.setInconclusive(inconclusive ? true : null);
    if (inconclusive) {
      why.add(
          0,
          "inconclusive: its window began behind, with the app still absorbing its start; probed again");
    }
    probe.setWhy(why.isEmpty() ? null : why);
  }

  /**
   * Fills {@code probe} from its run, which was interrupted before it ended: its phase and end are
   * kept, and it is inconclusive — its rate neither passed nor failed, so no ceiling moves on it.
   */
  public static void interrupted(CapacityProbeStatus probe, ChildRunStatus run) {
    probe.setPhase(run.getPhase());
    probe.setFinishedAt(run.getFinishedAt());
    probe.setPassed(null);
    probe.setInconclusive(true);
    probe.setWhy(List.of("inconclusive: interrupted before its window ended; not judged"));
  }

  /**
   * Whether the run's window began behind while its app drained (or held) the backlog: its p99 is
   * the backlog's age. An app whose lag grew through the window ({@code lagGrowth} failed) did not
   * sustain the rate, and its probe fails.
   */
  private static boolean beganBehind(ChildRunStatus run) {
    List<String> failed = run.getFailedChecks();
    return failed != null
        && failed.contains(CheckName.BACKLOG_AT_START.id())
        && !failed.contains(CheckName.LAG_GROWTH.id());
  }

  /** A probe planned as {@code next}, called {@code name}, not yet created. */
  public static CapacityProbeStatus planned(String name, CapacityPlan.NextProbe next) {
    CapacityProbeStatus probe = new CapacityProbeStatus();
    probe.setName(name);
    probe.setCpuLimit(next.size().cpuLimit());
    probe.setInstances(next.size().instances() == 1 ? null : next.size().instances());
    probe.setRatePerSecond(next.rate());
    probe.setStep(next.step());
    return probe;
  }

  /**
   * An ended probe's verdict in words: {@code pass}, {@code fail: <why>}, or {@code inconclusive:
   * <why>}.
   */
  public static String verdict(CapacityProbeStatus probe) {
    if (passed(probe)) {
      return "pass";
    }
    String why = probe.getWhy() == null ? "" : String.join("; ", probe.getWhy());
    return Boolean.TRUE.equals(probe.getInconclusive()) ? why : "fail: " + why;
  }

  /** Whether {@code probe} ended and passed. */
  public static boolean passed(CapacityProbeStatus probe) {
    return Boolean.TRUE.equals(probe.getPassed());
  }

  private static Double figure(ChildRunStatus run, ComparedFigure figure) {
    return run.getFigures() == null ? null : run.getFigures().get(figure.key());
  }
}
