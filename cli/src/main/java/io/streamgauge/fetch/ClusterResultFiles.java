package io.streamgauge.fetch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.BenchmarkRun;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.BenchmarkRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.api.status.PhaseTransition;
import io.streamgauge.report.HtmlReport;
import io.streamgauge.report.ResultDocuments;
import io.streamgauge.scenario.SpecDefaulter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a cluster run's {@code result.json} in the document a local run writes ({@code
 * BenchmarkResult}, {@code run.mode: kubernetes}, valid against the same schema), and its {@code
 * report.md}, so both modes end in the same files and {@code streamgauge compare} reads either.
 */
public final class ClusterResultFiles {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
  private static final ObjectMapper JSON = new ObjectMapper();

  private ClusterResultFiles() {}

  /** The content of {@code result.json} for a fetched run. */
  public static ObjectNode resultJson(ClusterResult fetched) {
    BenchmarkRun run = fetched.run();
    BenchmarkRunStatus status = run.getStatus();
    ObjectNode root = JSON.createObjectNode();
    root.put("apiVersion", ResultDocuments.API_VERSION);
    root.put("kind", ResultDocuments.KIND);
    root.putObject("metadata")
        .put("name", run.getMetadata().getName())
        .put("namespace", run.getMetadata().getNamespace())
        .put("uid", run.getMetadata().getUid());
    ObjectNode info = root.putObject("run");
    info.put("mode", "kubernetes");
    info.put("startedAt", run.getMetadata().getCreationTimestamp());
    List<PhaseTransition> history = status.getPhaseHistory();
    info.put(
        "endedAt",
        history.isEmpty()
            ? run.getMetadata().getCreationTimestamp()
            : history.get(history.size() - 1).getStartedAt());
    info.put("outcome", outcome(status));
    info.put("partial", status.getPhase() != Phase.Succeeded && fetched.document() != null);
    root.set("spec", resolvedSpec(fetched));
    ObjectNode statusTree = (ObjectNode) tree(status);
    statusTree.remove("resolvedSpec"); // it is the spec above
    root.set("status", statusTree);
    root.set("result", fetched.document());
    return root;
  }

  /** Writes {@code result.json}, {@code report.md} and {@code report.html} into {@code dir}. */
  public static void write(Path dir, ClusterResult fetched) throws IOException {
    Files.createDirectories(dir);
    ObjectNode result = resultJson(fetched);
    Files.writeString(
        dir.resolve("result.json"),
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result));
    String markdown =
        ClusterReport.markdown(
            fetched.run(),
            SERIALIZATION.convertValue(resolvedSpec(fetched), BenchmarkRunSpec.class));
    Files.writeString(dir.resolve("report.md"), markdown);
    Files.writeString(
        dir.resolve("report.html"),
        HtmlReport.run(fetched.run().getMetadata().getName(), markdown, result));
  }

  /** {@code succeeded}, {@code invalid} (succeeded, a check failed) or {@code failed}. */
  static String outcome(BenchmarkRunStatus status) {
    if (status.getPhase() != Phase.Succeeded) {
      return "failed";
    }
    boolean invalid =
        status.getConditions().stream()
            .filter(c -> "Valid".equals(c.getType()))
            .map(Condition::getStatus)
            .anyMatch("False"::equals);
    return invalid ? "invalid" : "succeeded";
  }

  /**
   * The spec as the run ran: the one the operator took in and kept in {@code status.resolvedSpec};
   * for a run from before the operator kept it, the result document's; else the cluster's spec with
   * this version's defaults applied.
   */
  static JsonNode resolvedSpec(ClusterResult fetched) {
    JsonNode kept =
        fetched.run().getStatus() == null ? null : fetched.run().getStatus().getResolvedSpec();
    if (kept != null && kept.isObject()) {
      // Through the model: the API server keeps 7500.0 as 7500, a local result.json writes 7500.0.
      return tree(SERIALIZATION.convertValue(kept, BenchmarkRunSpec.class));
    }
    JsonNode stored = fetched.document() == null ? null : fetched.document().get("spec");
    return stored != null && stored.isObject()
        ? stored
        : tree(new SpecDefaulter().apply(fetched.run().getSpec()));
  }

  private static JsonNode tree(Object value) {
    return SERIALIZATION.convertValue(value, JsonNode.class);
  }
}
