package io.streamgauge.api.suite.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.GateStatus;
import io.streamgauge.api.status.ResultRef;
import io.streamgauge.common.StatusText;
import java.util.ArrayList;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * What the operator observed of a suite: its runs as they ended, each cell's figures, the
 * comparisons with the baseline and the gate. Written only by the operator.
 */
@Getter
@Setter
public class BenchmarkSuiteStatus {

  @JsonPropertyDescription(
      "Pending, Running, Succeeded (every run ended) or Failed (the suite cannot run; the"
          + " Ready condition says why).")
  private SuitePhase phase;

  @JsonPropertyDescription("The metadata.generation this status describes.")
  private Long observedGeneration;

  @JsonPropertyDescription(
      "The install of the operator that drives it (its namespace): the first to reconcile it"
          + " records itself here, and any other install watching the namespace leaves it alone.")
  private String operator;

  @JsonPropertyDescription(
      "Ready (True once every run ended), and Gate when spec.gate is set (True when every"
          + " rule passed on every comparison).")
  private List<Condition> conditions = new ArrayList<>();

  @JsonPropertyDescription(
      "What runs now, e.g. 'run 3 of 8: s-3 (b/wordcount/exactly_once_v2/x1, repetition 2):"
          + " Measuring'.")
  private String progress;

  /** Sets the progress line, cut to {@link StatusText#MAX} characters (it may quote a server). */
  public void setProgress(String progress) {
    this.progress = StatusText.bounded(progress);
  }

  @JsonPropertyDescription("Runs ended of those planned, e.g. 3/8.")
  private String completed;

  @JsonPropertyDescription(
      "Every planned run in the order they run (interleaved: A B B A …), as recorded when"
          + " each ended (at most 999; each run's own status holds its every detail).")
  private List<ChildRunStatus> runs = new ArrayList<>();

  /**
   * The most cells, comparisons and gate rules the status holds: a suite may have 768 cells, and
   * every one is in suite.json (resultRef); the status stays far within what the API server stores.
   */
  public static final int MAX_TABLE_ENTRIES = 32;

  @JsonPropertyDescription(
      "Each cell's figures over its valid runs, once every run ended: the first 32 cells"
          + " (cellCount says how many there are; suite.json in resultRef holds every one).")
  private List<SuiteCellStatus> cells;

  @JsonPropertyDescription("How many cells the suite has (status.cells holds the first 32).")
  private Integer cellCount;

  @JsonPropertyDescription(
      "Each candidate cell compared with the baseline variant's cell of the same scenario,"
          + " guarantee and rate, once every run ended (spec.baseline): the first 32"
          + " (comparisonCount says how many there are; suite.json in resultRef holds every"
          + " one).")
  private List<ComparisonStatus> comparisons;

  @JsonPropertyDescription(
      "How many comparisons the suite has (status.comparisons holds the first 32).")
  private Integer comparisonCount;

  @JsonPropertyDescription("The gate's outcome (spec.gate).")
  private GateStatus gate;

  @JsonPropertyDescription("The ConfigMap holding suite.md and suite.json (the full tables).")
  private ResultRef resultRef;
}
