package io.streamgauge.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.spec.BenchmarkRunSpec;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.compare.ComparedFigure;
import io.streamgauge.compare.ComparedRun;
import io.streamgauge.series.PlannedRun;
import java.util.ArrayList;
import java.util.List;

/**
 * A series' recorded runs as a comparison reads them: each record with its planned spec, and a run
 * document's repetitions, so repetitions, suites and gates compare from status alone.
 */
public final class ComparedRecords {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private ComparedRecords() {}

  /**
   * The run as a comparison reads it: its spec, a summary holding the recorded figures and
   * collectors, and its problems.
   */
  public static ComparedRun asCompared(ChildRunStatus record, PlannedRun planned) {
    ObjectNode setup = JsonNodeFactory.instance.objectNode();
    setup.set("spec", SERIALIZATION.convertValue(planned.spec(), JsonNode.class));
    return asCompared(record, setup);
  }

  /**
   * The run as a summary of runs reads it, without its spec: its name, recorded figures and
   * problems.
   */
  public static ComparedRun asRecorded(ChildRunStatus record) {
    return asCompared(record, JsonNodeFactory.instance.objectNode());
  }

  private static ComparedRun asCompared(ChildRunStatus record, ObjectNode setup) {
    ObjectNode summary = JsonNodeFactory.instance.objectNode();
    if (record.getFigures() != null) {
      record
          .getFigures()
          .forEach((key, value) -> ComparedFigure.byKey(key).writeTo(summary, value));
    }
    if (record.getGcCollectors() != null) {
      record.getGcCollectors().forEach(summary.putArray("gcCollectors")::add);
    }
    List<String> problems =
        Boolean.TRUE.equals(record.getValid())
            ? List.of()
            : record.getProblems() == null ? List.of("did not end") : record.getProblems();
    return new ComparedRun(record.getName(), setup, summary, problems);
  }

  /**
   * The runs a BenchmarkRun document stands for, as a comparison reads them: its repetitions (from
   * {@code status.repetitions}) when it has them, else itself. A run without a summary (failed, or
   * not ended) is one run that is not valid, saying why. The spec is compared resolved, as every
   * run of a series records it.
   */
  public static List<ComparedRun> runsOf(String name, JsonNode document) {
    JsonNode repetitions = document.path("status").path("repetitions").path("runs");
    BenchmarkRunSpec spec =
        SERIALIZATION.convertValue(document.path("spec"), BenchmarkRunSpec.class);
    if (repetitions.isArray() && !repetitions.isEmpty()) {
      SuitePlan plan = SuitePlan.repetitionsOf(name, spec);
      List<ComparedRun> runs = new ArrayList<>();
      for (int i = 0; i < repetitions.size() && i < plan.runs().size(); i++) {
        runs.add(
            asCompared(
                SERIALIZATION.convertValue(repetitions.get(i), ChildRunStatus.class),
                plan.runs().get(i)));
      }
      return runs;
    }
    spec.setRepetitions(null);
    spec.setGate(null);
    ObjectNode setup = JsonNodeFactory.instance.objectNode();
    setup.set("spec", SERIALIZATION.convertValue(spec, JsonNode.class));
    try {
      ComparedRun run = ComparedRun.of(name, document);
      return List.of(new ComparedRun(name, setup, run.summary(), run.problems()));
    } catch (ComparedRun.NotAResultException e) {
      return List.of(
          new ComparedRun(
              name, setup, JsonNodeFactory.instance.objectNode(), List.of(e.getMessage())));
    }
  }
}
