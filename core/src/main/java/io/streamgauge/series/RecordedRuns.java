package io.streamgauge.series;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.Phase;
import io.streamgauge.compare.ComparedFigure;
import io.streamgauge.compare.ComparedRun;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The records a series keeps of its runs ({@link ChildRunStatus}): created from the plan, marked
 * started, and filled in from the run's own document (a BenchmarkRun, or a local {@code
 * result.json}) when it ends — its validity, its problems and its figures as {@code streamgauge
 * compare} reads them — so the series can be summarised and compared from its own status alone.
 */
public final class RecordedRuns {

  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private RecordedRuns() {}

  /** One empty record per planned run, in order. */
  public static List<ChildRunStatus> planned(List<PlannedRun> plan) {
    List<ChildRunStatus> records = new ArrayList<>();
    for (PlannedRun run : plan) {
      ChildRunStatus record = new ChildRunStatus();
      record.setName(run.name());
      record.setCell(run.cellName());
      record.setRepetition(run.repetition());
      records.add(record);
    }
    return records;
  }

  /**
   * How the runs ended, counting them as {@code noun}: {@code 12 runs: 11 valid, 1 invalid, 0
   * failed}.
   */
  public static String tally(List<ChildRunStatus> runs, String noun) {
    long valid = runs.stream().filter(r -> Boolean.TRUE.equals(r.getValid())).count();
    long failed = runs.stream().filter(r -> r.getPhase() == Phase.Failed).count();
    return runs.size()
        + " "
        + noun
        + ": "
        + valid
        + " valid, "
        + (runs.size() - valid - failed)
        + " invalid, "
        + failed
        + " failed";
  }

  /** A copy of {@code record}, to fill without changing it. */
  public static ChildRunStatus copy(ChildRunStatus record) {
    ChildRunStatus copy = new ChildRunStatus();
    copy.setName(record.getName());
    copy.setCell(record.getCell());
    copy.setRepetition(record.getRepetition());
    copy.setPhase(record.getPhase());
    copy.setValid(record.getValid());
    copy.setProblems(record.getProblems());
    copy.setFailedChecks(record.getFailedChecks());
    copy.setFigures(record.getFigures());
    copy.setGcCollectors(record.getGcCollectors());
    copy.setStartedAt(record.getStartedAt());
    copy.setFinishedAt(record.getFinishedAt());
    return copy;
  }

  /** The series created the run at {@code now}. */
  public static void started(ChildRunStatus record, Instant now) {
    record.setStartedAt(now.toString());
    record.setPhase(Phase.Pending);
  }

  /**
   * The run as it is now, from its document (a BenchmarkRun as JSON, or a local {@code
   * result.json}): its phase, and once it succeeded or failed everything the series keeps of it.
   */
  public static void observe(ChildRunStatus record, JsonNode document, Instant now) {
    String phase = document.path("status").path("phase").asText("");
    if (phase.isEmpty()) {
      return;
    }
    record.setPhase(Phase.valueOf(phase));
    if (record.getPhase() == Phase.Succeeded) {
      succeeded(record, document);
      record.setFinishedAt(now.toString());
    } else if (record.getPhase() == Phase.Failed) {
      record.setValid(false);
      record.setProblems(List.of("failed: " + failureReason(document)));
      record.setFinishedAt(now.toString());
    }
  }

  /** The run is gone before it ended (deleted by someone): it counts as failed. */
  public static void lost(ChildRunStatus record, Instant now) {
    record.setValid(false);
    record.setProblems(
        List.of("failed: deleted before it ended (last seen " + record.getPhase() + ")"));
    record.setPhase(Phase.Failed);
    record.setFinishedAt(now.toString());
  }

  /** How many of the records ended, of how many: {@code 3/8}. */
  public static String completed(List<ChildRunStatus> records) {
    long ended = records.stream().filter(r -> r.getFinishedAt() != null).count();
    return ended + "/" + records.size();
  }

  private static void succeeded(ChildRunStatus record, JsonNode document) {
    ComparedRun run;
    try {
      run = ComparedRun.of(record.getName(), document);
    } catch (ComparedRun.NotAResultException e) {
      record.setValid(false);
      record.setProblems(List.of(e.getMessage()));
      return;
    }
    record.setValid(run.valid());
    record.setProblems(run.problems().isEmpty() ? null : run.problems());
    record.setFailedChecks(run.failedChecks().isEmpty() ? null : run.failedChecks());
    Map<String, Double> figures = new LinkedHashMap<>();
    for (ComparedFigure figure : ComparedFigure.values()) {
      OptionalDouble value = figure.in(run.summary());
      if (value.isPresent()) {
        figures.put(figure.key(), value.getAsDouble());
      }
    }
    record.setFigures(figures);
    List<String> collectors = new ArrayList<>();
    run.summary().path("gcCollectors").forEach(c -> collectors.add(c.asText()));
    record.setGcCollectors(collectors.isEmpty() ? null : collectors);
  }

  private static String failureReason(JsonNode document) {
    for (JsonNode condition : document.path("status").path("conditions")) {
      if ("Ready".equals(condition.path("type").asText())) {
        return condition.path("reason").asText("?") + ": " + condition.path("message").asText("");
      }
    }
    return "no reason given";
  }
}
