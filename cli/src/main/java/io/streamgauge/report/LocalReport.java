package io.streamgauge.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.summary.CheckResult;
import io.streamgauge.results.RunChecks;
import java.util.List;

/**
 * A local run's {@code report.md}: what ran, the result table in the methodology's shape, the
 * figures that are missing and why, the phase timeline, and what makes a local run differ from a
 * cluster run.
 */
public final class LocalReport {

  private LocalReport() {}

  /** The result table and what is missing, for the terminal. */
  public static String terminal(LocalRunFacts facts, String name, BenchmarkRunStatus status) {
    StringBuilder text = new StringBuilder();
    text.append("\n")
        .append(name)
        .append(" — ")
        .append(status.getPhase())
        .append(facts.partial() ? " (partial: the measurement window did not end)" : "")
        .append("\n");
    text.append(ResultTable.text(ResultTable.rows(status.getSummary())));
    List<String> missing = status.getSummary() == null ? null : status.getSummary().getMissing();
    if (missing != null) {
      missing.forEach(m -> text.append("  missing ").append(m).append('\n'));
    }
    facts.appExitWarnings().forEach(w -> text.append("  warning: ").append(w).append('\n'));
    List<CheckResult> checks = status.getSummary() == null ? null : status.getSummary().getChecks();
    if (checks != null) {
      checks.stream()
          .filter(c -> Boolean.FALSE.equals(c.getPassed()))
          .forEach(
              c ->
                  text.append("  check failed: ")
                      .append(RunChecks.describeFailure(c))
                      .append('\n'));
    }
    return text.toString();
  }

  /**
   * The Markdown report.
   *
   * @param document the result document (for the figures per instance), or null
   */
  public static String markdown(
      LocalRunFacts facts,
      String name,
      BenchmarkRunSpec spec,
      BenchmarkRunStatus status,
      JsonNode document) {
    StringBuilder md = new StringBuilder();
    md.append("# ")
        .append(name)
        .append(" — ")
        .append(status.getPhase())
        .append(facts.partial() ? " (partial results)" : "")
        .append("\n\n");
    md.append("| | |\n|---|---|\n");
    ReportSections.row(md, "scenario", spec.getScenario().value());
    ReportSections.row(md, "processing guarantee", spec.getProcessingGuarantee().value());
    ReportSections.row(md, "runtime", spec.getApp().getRuntime() + ", " + facts.app());
    ReportSections.row(
        md, "load", ReportSections.load(spec.getLoad().getTopics(), facts.rateScale()));
    ReportSections.windows(md, spec, status);
    ReportSections.row(
        md,
        "kafka",
        spec.getKafka().getExternal() != null
            ? spec.getKafka().getExternal().getBootstrapServers() + " (existing cluster)"
            : "one local KRaft broker " + spec.getKafka().getProvision().getVersion());
    ReportSections.row(
        md,
        "started",
        ReportSections.millis(String.valueOf(facts.startedAt()))
            + ", ended "
            + ReportSections.millis(String.valueOf(facts.endedAt())));
    ReportSections.results(md, spec, status.getSummary());
    ReportSections.instances(md, document);
    ReportSections.faults(md, status.getSummary() == null ? null : status.getSummary().getFaults());
    LoadShapeSection.append(md, status.getSummary() == null ? null : status.getSummary().getLoad());
    ReportSections.checks(md, status.getSummary() == null ? null : status.getSummary().getChecks());
    ReportSections.timeline(md, status.getPhaseHistory());
    md.append("\n## Reading these numbers\n\n");
    md.append(
        "- Local mode: every process shares this machine's cores, and no CPU or memory limit is"
            + " enforced (the app's JVM is only sized as with its limits). Compare local runs with"
            + " local runs.\n");
    md.append("- Memory is the app process's resident set (RSS), not a container working set.\n");
    md.append("- Kafka is one broker (replication factor 1), not the spec's cluster.\n");
    if (spec.getScenario() == Scenario.STATE_RESTORATION) {
      md.append(
          "- Restoration volume: unless the spec sets a topic's `prepopulateRecords`, local mode"
              + " writes %s %% of the methodology's 155.8 M records.\n"
                  .formatted(facts.restorationShare() * 100));
    }
    if (facts.rateScale() != 1.0) {
      md.append("- Rates are the spec's × %s (`--rate-scale`).\n".formatted(facts.rateScale()));
    }
    facts
        .appExitWarnings()
        .forEach(
            w ->
                md.append("- **The app did not stop cleanly**: ")
                    .append(w)
                    .append(". The figures stand (the window had ended); its log says why.\n"));
    if (facts.partial()) {
      md.append(
          "- **Partial**: the run ended before its measurement window did; the figures cover only"
              + " the part that passed.\n");
    }
    md.append(
        "\nFiles: `result.json` (everything, with the latency histograms), `logs/` (one log per"
            + " process), `prometheus/` (configuration and data of the run's Prometheus).\n");
    return md.toString();
  }
}
