package io.streamgauge.fetch;

import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.report.LoadShapeSection;
import io.streamgauge.report.ReportSections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A fetched cluster run's {@code report.md}: what ran (image, limits, nodes, Kafka), the result
 * table, missing figures, checks and timeline, as a local run's report has them.
 */
final class ClusterReport {

  private ClusterReport() {}

  /**
   * @param spec the resolved spec the run ran
   */
  static String markdown(BenchmarkRun run, BenchmarkRunSpec spec) {
    BenchmarkRunStatus status = run.getStatus();
    StringBuilder md = new StringBuilder();
    md.append("# ")
        .append(run.getMetadata().getNamespace())
        .append('/')
        .append(run.getMetadata().getName())
        .append(" — ")
        .append(status.getPhase())
        .append(" (")
        .append(ClusterResultFiles.outcome(status))
        .append(")\n\n| | |\n|---|---|\n");
    ReportSections.row(md, "scenario", spec.getScenario().value());
    ReportSections.row(md, "processing guarantee", spec.getProcessingGuarantee().value());
    ReportSections.row(
        md,
        "app",
        spec.getApp().getRuntime()
            + ", "
            + spec.getApp().getImage()
            + (spec.getApp().getResources() == null
                ? ""
                : ", limits " + spec.getApp().getResources().getLimits()));
    ReportSections.row(md, "load", ReportSections.load(spec.getLoad().getTopics(), 1.0));
    ReportSections.windows(md, spec, status);
    ReportSections.row(
        md,
        "kafka",
        spec.getKafka().getExternal() != null
            ? spec.getKafka().getExternal().getBootstrapServers() + " (existing cluster)"
            : "Strimzi, Kafka "
                + spec.getKafka().getProvision().getVersion()
                + ", "
                + spec.getKafka().getProvision().getReplicas()
                + " brokers");
    ReportSections.row(md, "nodes", nodes(status.getNodes()));
    ReportSections.row(md, "created", run.getMetadata().getCreationTimestamp());
    ReportSections.results(md, spec, status.getSummary());
    ReportSections.faults(md, status.getSummary() == null ? null : status.getSummary().getFaults());
    LoadShapeSection.append(md, status.getSummary() == null ? null : status.getSummary().getLoad());
    ReportSections.checks(md, status.getSummary() == null ? null : status.getSummary().getChecks());
    ReportSections.timeline(md, status.getPhaseHistory());
    md.append(
        "\nFetched with `streamgauge results fetch`; `result.json` holds everything, with the"
            + " latency histograms.\n");
    return md.toString();
  }

  private static String nodes(Map<String, List<String>> nodes) {
    if (nodes == null || nodes.isEmpty()) {
      return "–";
    }
    return nodes.entrySet().stream()
        .map(e -> e.getKey() + ": " + String.join(", ", e.getValue()))
        .collect(Collectors.joining("; "));
  }
}
