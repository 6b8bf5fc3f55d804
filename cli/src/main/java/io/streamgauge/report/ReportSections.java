package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.api.summary.FaultSummary;
import io.streamgauge.api.summary.LatencySegment;
import io.streamgauge.api.summary.RunSummary;
import io.streamgauge.results.RunChecks;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.stream.Collectors;

/**
 * The parts of a {@code report.md} that a local run's report and a fetched cluster run's report
 * share: the result table with what is missing, the checks, the phase timeline, the load line.
 */
public final class ReportSections {

  private ReportSections() {}

  /**
   * The row of the windows: the catch-up, warmup and measurement (or the restoration's), and when
   * they ran.
   */
  public static void windows(StringBuilder md, BenchmarkRunSpec spec, BenchmarkRunStatus status) {
    String catchUp = spec.getSchedule().getCatchUp();
    row(
        md,
        "windows",
        (catchUp == null || restoration(spec)
                ? ""
                : "load from %s, catching up for at most %s, then "
                    .formatted(orDash(millis(status.getLoadStartedAt())), catchUp))
            + (restoration(spec)
                    ? "the restoration, at most %2$s (%3$s – %4$s)"
                    : "warmup %s, measurement %s (%s – %s)")
                .formatted(
                    spec.getSchedule().getWarmup(),
                    spec.getSchedule().getMeasurement(),
                    orDash(millis(status.getMeasurementStartedAt())),
                    orDash(millis(status.getMeasurementEndedAt()))));
  }

  /**
   * An instant as the status writes it (to the nanosecond), to the millisecond a reader needs:
   * {@code 2026-12-01T19:22:12.160Z}; null or not an instant as it is.
   */
  public static String millis(String instant) {
    if (instant == null) {
      return null;
    }
    try {
      return Instant.parse(instant).truncatedTo(ChronoUnit.MILLIS).toString();
    } catch (DateTimeParseException e) {
      return instant;
    }
  }

  /**
   * The results section: its heading (the window it covers), the result table in the methodology's
   * shape, then the missing figures with their reasons.
   */
  public static void results(StringBuilder md, BenchmarkRunSpec spec, RunSummary summary) {
    md.append(
        restoration(spec)
            ? "\n## Results over the restoration (app start to every store restored)\n\n"
            : "\n## Results over the measurement window\n\n");
    md.append(ResultTable.markdown(ResultTable.rows(summary)));
    List<String> missing = summary == null ? null : summary.getMissing();
    if (missing != null && !missing.isEmpty()) {
      md.append("\nMissing figures:\n\n");
      missing.forEach(m -> md.append("- ").append(m).append('\n'));
    }
  }

  /** The phase timeline: phase, when it was entered, its message. */
  public static void timeline(StringBuilder md, List<PhaseTransition> history) {
    md.append("\n## Timeline\n\n| phase | at | message |\n|---|---|---|\n");
    for (PhaseTransition t : history) {
      md.append("| ")
          .append(t.getPhase())
          .append(" | ")
          .append(millis(t.getStartedAt()))
          .append(" | ")
          .append(t.getMessage() == null ? "" : t.getMessage().replace("|", "\\|"))
          .append(" |\n");
    }
  }

  /**
   * The faults of spec.faults: per fault what it hit and when, how long the group took to
   * rebalance, the output and the latency to recover, the lag and the p99 before, during and after,
   * and the delivery verdict.
   */
  public static void faults(StringBuilder md, List<FaultSummary> faults) {
    if (faults == null || faults.isEmpty()) {
      return;
    }
    md.append("\n## Faults\n\n")
        .append(
            "Recovered: from one scrape on until the window's end, the output rate averaging"
                + " within 5 % of its pre-fault average (never below half of it) and the input lag"
                + " at most its pre-fault peak. Rebalanced: the app's group Stable again with every"
                + " instance and every input partition, after it was seen rebalancing. Latency back:"
                + " from then on no second's p99 above the worst second's before the fault. Latency"
                + " by the records' intended send time, to 2 significant digits.\n\n")
        .append(
            "| fault | injected | rebalanced after (s) | recovered after (s) | latency back after"
                + " (s) | input lag before / peak | p99 before / during / after (ms) | max during"
                + " (ms) | delivery |\n")
        .append("|---|---|---:|---:|---:|---|---|---:|---|\n");
    for (FaultSummary f : faults) {
      md.append("| ")
          .append(f.getType())
          .append(f.getInstance() == null ? "" : " (instance " + f.getInstance() + ")")
          .append(" | ")
          .append(f.getInjectedAt())
          .append(" | ")
          .append(f.getRebalanceSeconds() == null ? "–" : RunChecks.number(f.getRebalanceSeconds()))
          .append(" | ")
          .append(
              Boolean.TRUE.equals(f.getRecovered())
                  ? RunChecks.number(f.getRecoverySeconds())
                  : "**not recovered**")
          .append(" | ")
          .append(
              f.getLatencyRecoverySeconds() != null
                  ? RunChecks.number(f.getLatencyRecoverySeconds())
                  : f.getBefore() == null || f.getBefore().getSamples() == 0 ? "–" : "**not back**")
          .append(" | ")
          .append(RunChecks.number(f.getLagBefore()))
          .append(" / ")
          .append(RunChecks.number(f.getLagPeak()))
          .append(" | ")
          .append(p99(f.getBefore()))
          .append(" / ")
          .append(p99(f.getDuring()))
          .append(" / ")
          .append(p99(f.getAfter()))
          .append(" | ")
          .append(f.getDuring() == null ? "–" : RunChecks.number(f.getDuring().getMaxMs()))
          .append(" | ")
          .append(orDash(f.getDelivery()))
          .append(" |\n");
    }
  }

  /**
   * The app's instances (an app of several): each one's CPU, memory, heap and GC pause over the
   * window, from the result document's {@code instances}, and how their cores were chosen.
   *
   * @param document the result document, or null
   */
  public static void instances(StringBuilder md, JsonNode document) {
    if (document == null || !document.has("instances") && !document.has("instancesMissing")) {
      return;
    }
    md.append("\n## Instances\n\n");
    JsonNode environment = document.path("environment").path("app");
    md.append(
        "The app ran as %d instances in one consumer group; each one's figures come from its own"
                .formatted(environment.path("instances").asInt(document.path("instances").size()))
            + " series over the window, and the app's above are their sum.");
    if (environment.hasNonNull("cores")) {
      md.append(" Cores: ").append(environment.path("cores").asText()).append('.');
    }
    md.append("\n\n");
    if (document.has("instancesMissing")) {
      md.append("Not read: ").append(document.path("instancesMissing").asText()).append("\n");
      return;
    }
    md.append(
            "| instance (pod) | CPU (cores) | RSS avg / peak (MiB) | heap avg (MiB) | GC pause avg"
                + " (ms) |\n")
        .append("|---|---:|---:|---:|---:|\n");
    for (JsonNode instance : document.path("instances")) {
      md.append("| ")
          .append(instance.path("pod").asText())
          .append(" | ")
          .append(figure(instance, "cpuCores", 1))
          .append(" | ")
          .append(figure(instance, "memoryBytes", MIB))
          .append(" / ")
          .append(figure(instance, "memoryPeakBytes", MIB))
          .append(" | ")
          .append(figure(instance, "heapBytes", MIB))
          .append(" | ")
          .append(figure(instance, "gcPauseSeconds", 0.001))
          .append(" |\n");
    }
  }

  private static final double MIB = 1024.0 * 1024.0;

  /** An instance's figure {@code key} divided by {@code unit}, or – when it was not read. */
  private static String figure(JsonNode instance, String key, double unit) {
    JsonNode value = instance.get(key);
    return value == null || !value.isNumber() ? "–" : RunChecks.number(value.asDouble() / unit);
  }

  private static String p99(LatencySegment segment) {
    return segment == null ? "–" : RunChecks.number(segment.getP99Ms());
  }

  /**
   * The validity checks: a table of every check, and a verdict line above it (a run that failed a
   * check is not a valid measurement, exit code 5).
   */
  public static void checks(StringBuilder md, List<CheckResult> checks) {
    if (checks == null || checks.isEmpty()) {
      return;
    }
    long failed = checks.stream().filter(c -> Boolean.FALSE.equals(c.getPassed())).count();
    md.append("\n## Checks\n\n")
        .append(
            failed == 0
                ? "Every evaluated check passed: a valid measurement.\n\n"
                : "**Not a valid measurement**: %d check(s) failed.\n\n".formatted(failed))
        .append("| check | value | threshold | verdict | |\n|---|---|---|---|---|\n");
    for (CheckResult c : checks) {
      md.append("| ")
          .append(c.getName())
          .append(" | ")
          .append(RunChecks.number(c.getValue()))
          .append(" | ")
          .append(c.getComparison())
          .append(' ')
          .append(RunChecks.number(c.getThreshold()))
          .append(" | ")
          .append(c.getPassed() == null ? "not evaluated" : c.getPassed() ? "pass" : "**FAIL**")
          .append(" | ")
          .append(c.getDetail().replace("|", "\\|"))
          .append(" |\n");
    }
  }

  public static String load(List<LoadTopicSpec> topics, double scale) {
    String rates =
        topics.stream()
            .filter(t -> t.getRatePerSecond() != null)
            .map(t -> "%,.0f msg/s into %s".formatted(t.getRatePerSecond(), t.getName()))
            .collect(Collectors.joining(", "));
    LongSummaryStatistics prepopulated =
        topics.stream()
            .map(LoadTopicSpec::getPrepopulateRecords)
            .filter(n -> n != null)
            .mapToLong(Long::longValue)
            .summaryStatistics();
    if (prepopulated.getCount() > 0) {
      rates +=
          "%,d records written into %d topics before the app starts (%s each)"
              .formatted(
                  prepopulated.getSum(),
                  prepopulated.getCount(),
                  prepopulated.getMin() == prepopulated.getMax()
                      ? "%,d".formatted(prepopulated.getMin())
                      : "%,d–%,d".formatted(prepopulated.getMin(), prepopulated.getMax()));
    }
    return rates + (scale != 1.0 ? " (rate scale " + scale + ")" : "");
  }

  public static String orDash(String value) {
    return value == null ? "–" : value;
  }

  public static void row(StringBuilder md, String key, String value) {
    md.append("| ").append(key).append(" | ").append(value).append(" |\n");
  }

  private static boolean restoration(BenchmarkRunSpec spec) {
    return spec.getScenario() == Scenario.STATE_RESTORATION;
  }
}
