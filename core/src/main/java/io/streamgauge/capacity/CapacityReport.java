package io.streamgauge.capacity;

import io.fabric8.kubernetes.api.model.Quantity;
import io.streamgauge.api.status.CapacityLimitStatus;
import io.streamgauge.api.status.CapacityProbeStatus;
import io.streamgauge.api.status.CapacityStatus;
import io.streamgauge.compare.Spread;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A capacity search as Markdown: the ceiling per size of the app (CPU limit, instance count), for a
 * search over instance counts the instances each rate needs, then every probe with its verdict.
 */
public final class CapacityReport {

  private CapacityReport() {}

  /**
   * The search's tables.
   *
   * @param title what was searched, e.g. the run's name, scenario and guarantee
   * @param p99BoundMs the SLO's p99 bound
   */
  public static String markdown(String title, CapacityStatus status, double p99BoundMs) {
    StringBuilder md = new StringBuilder();
    md.append("# Capacity: ").append(title).append("\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "A rate passes when its probe run is valid (every validity check holds) and its true"
                + " end-to-end p99 is at most %.1f ms; where a rate was probed more than once,"
                + " the majority of its probes decides.%n%n",
            p99BoundMs));
    md.append("| Size | Ceiling (records/s) | Outcome | Probes | Rates whose probes disagreed |\n");
    md.append("|---|---|---|---|---|\n");
    for (CapacityLimitStatus limit : status.getLimits()) {
      md.append("| ")
          .append(CapacityText.size(limit))
          .append(" | ")
          .append(
              CapacityText.interval(limit.getLastPassPerSecond(), limit.getFirstFailPerSecond())
                  .replace(" records/s", ""))
          .append(" | ")
          .append(limit.getMessage())
          .append(" | ")
          .append(limit.getProbes())
          .append(" | ")
          .append(limit.getSplitRates() == null ? "none" : String.join("; ", limit.getSplitRates()))
          .append(" |\n");
    }
    demand(md, status.getLimits());
    double[] speeds =
        status.getProbes().stream()
            .map(CapacityProbeStatus::getMachineSpeed)
            .filter(Objects::nonNull)
            .mapToDouble(Double::doubleValue)
            .toArray();
    boolean calibrated = speeds.length > 0;
    if (calibrated) {
      md.append("\n").append(machineSpeed(Spread.of(speeds))).append("\n");
    }
    md.append("\n## Probes\n\n");
    md.append("| # | Run | Size | Rate (records/s) | Step | p99 (ms) | CPU (cores) |");
    md.append(calibrated ? " Machine speed |" : "").append(" Verdict |\n");
    md.append("|---|---|---|---|---|---|---|").append(calibrated ? "---|" : "").append("---|\n");
    int index = 1;
    for (CapacityProbeStatus probe : status.getProbes()) {
      md.append("| ")
          .append(index++)
          .append(" | ")
          .append(probe.getName())
          .append(" | ")
          .append(
              CapacityText.size(
                  probe.getCpuLimit(), CapacityPlan.instancesOf(probe.getInstances())))
          .append(" | ")
          .append(CapacityText.number(probe.getRatePerSecond()))
          .append(" | ")
          .append(probe.getStep())
          .append(" | ")
          .append(decimal(probe.getP99Ms(), "%.1f"))
          .append(" | ")
          .append(decimal(probe.getCpuCores(), "%.2f"))
          .append(" | ")
          .append(calibrated ? decimal(probe.getMachineSpeed(), "%.2f") + " | " : "")
          .append(verdict(probe))
          .append(" |\n");
    }
    return md.toString();
  }

  /**
   * For a search over instance counts: the instances (and cores) each band of rates needs — a rate
   * needs the fewest instances whose ceiling reaches it. A count whose ceiling is no higher than a
   * smaller one's adds no band (more instances did not help there).
   */
  static void demand(StringBuilder md, List<CapacityLimitStatus> limits) {
    if (limits.stream().allMatch(l -> CapacityPlan.instancesOf(l.getInstances()) == 1)) {
      return;
    }
    md.append("\n## Instances a rate needs\n\n")
        .append(
            "A rate needs the fewest instances whose ceiling (its last passing rate) reaches it.\n\n")
        .append("| Input rate (records/s) | Instances | Cores (limits) |\n|---|---|---|\n");
    double covered = 0;
    for (CapacityLimitStatus limit : limits) {
      Double ceiling = limit.getLastPassPerSecond();
      if (ceiling == null || ceiling <= covered) {
        continue;
      }
      int instances = CapacityPlan.instancesOf(limit.getInstances());
      double cores =
          new Quantity(limit.getCpuLimit()).getNumericalAmount().doubleValue() * instances;
      md.append("| ")
          .append(covered == 0 ? "up to " : "above " + CapacityText.number(covered) + ", up to ")
          .append(CapacityText.number(ceiling))
          .append(" | ")
          .append(instances)
          .append(" | ")
          .append(CapacityText.cores(cores))
          .append(" |\n");
      covered = ceiling;
    }
    md.append(
        covered == 0
            ? "| any | none held the SLO | |\n"
            : "| above " + CapacityText.number(covered) + " | more than searched | |\n");
  }

  /** The machine's speed over the search's probes, in words. */
  static String machineSpeed(Spread speeds) {
    return String.format(
        Locale.ROOT,
        "Machine speed before each probe (a fixed calibration on the app's cores, millions of"
            + " words counted per second): median %.2f, from %.2f to %.2f over %d probes — the"
            + " fastest %.0f %% above the slowest. A ceiling the machine bounds moves with it:"
            + " compare ceilings of different searches at a like speed.",
        speeds.median(),
        speeds.min(),
        speeds.max(),
        speeds.count(),
        (speeds.max() / speeds.min() - 1) * 100);
  }

  private static String verdict(CapacityProbeStatus probe) {
    if (probe.getPassed() == null) {
      return probe.getPhase() == null ? "not run" : "running (" + probe.getPhase() + ")";
    }
    return ProbeJudge.verdict(probe).replace("|", "\\|");
  }

  private static String decimal(Double value, String format) {
    return value == null ? "–" : String.format(Locale.ROOT, format, value);
  }
}
