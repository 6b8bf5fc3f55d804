package io.streamgauge.localrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.platform.RunContext;
import io.streamgauge.platform.local.LocalPlatform;
import io.streamgauge.platform.local.Machine;
import io.streamgauge.report.HtmlReport;
import io.streamgauge.report.LocalReport;
import io.streamgauge.report.ResultDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a local run's {@code result.json} (valid against {@code result.schema.json}, next to this
 * class, which a cluster run's fetched document also meets): what ran (the adapted spec, the
 * options, the machine), how it went (the status with its phase history and summary) and the full
 * result document with the latency histograms, or null when nothing was measured.
 */
public final class ResultFiles {

  /** The schema of {@code result.json}, on the class path. */
  public static final String SCHEMA = "/io/streamgauge/localrun/result.schema.json";

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultFiles() {}

  /** The content of {@code result.json}. */
  public static ObjectNode resultJson(RunRecord record, RunContext run, ObjectNode document) {
    ObjectNode root = JSON.createObjectNode();
    root.put("apiVersion", ResultDocuments.API_VERSION);
    root.put("kind", ResultDocuments.KIND);
    root.putObject("metadata").put("name", run.name()).put("namespace", run.namespace());
    ObjectNode info = root.putObject("run");
    info.put("mode", "local");
    info.put("startedAt", record.startedAt().toString());
    info.put("endedAt", record.endedAt().toString());
    info.put("outcome", record.outcome().word());
    info.put("exitCode", record.outcome().exitCode());
    info.put("partial", record.partial());
    info.put("app", record.app());
    var exits = info.putArray("appExits");
    record
        .appExits()
        .forEach(
            e ->
                exits
                    .addObject()
                    .put("instance", e.instance())
                    .put("exitCode", e.code())
                    .put("clean", e.clean())
                    .put("detail", e.detail()));
    LocalOptions options = record.options();
    ObjectNode opts = info.putObject("options");
    opts.put("rateScale", options.rateScale());
    opts.put("scrapeInterval", run.spec().getPrometheus().getScrapeInterval());
    if (options.bootstrapServers() == null) {
      opts.putNull("bootstrapServers");
    } else {
      opts.put("bootstrapServers", options.bootstrapServers());
    }
    info.set("machine", Machine.describe());
    root.set("spec", tree(run.spec()));
    root.set("status", tree(run.status()));
    root.set("result", document);
    return root;
  }

  /** Writes {@code result.json}, {@code report.md} and {@code report.html} into {@code dir}. */
  public static void write(Path dir, RunRecord record, RunContext run, ObjectNode document)
      throws IOException {
    Files.createDirectories(dir);
    ObjectNode result = resultJson(record, run, document);
    Files.writeString(
        dir.resolve(LocalPlatform.RESULT_FILE),
        JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result));
    String markdown =
        LocalReport.markdown(record.reportFacts(), run.name(), run.spec(), run.status(), document);
    Files.writeString(dir.resolve("report.md"), markdown);
    Files.writeString(dir.resolve("report.html"), HtmlReport.run(run.name(), markdown, result));
  }

  private static JsonNode tree(Object value) {
    return SERIALIZATION.convertValue(value, JsonNode.class);
  }
}
