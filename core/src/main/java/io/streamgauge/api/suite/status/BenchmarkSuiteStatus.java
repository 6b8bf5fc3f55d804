package io.streamgauge.api.suite.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Condition;
import io.streamgauge.api.status.ChildRunStatus;
import io.streamgauge.api.status.GateStatus;
import io.streamgauge.api.status.ResultRef;
import java.util.ArrayList;
import java.util.List;

/**
 * What the operator observed of a suite: its runs as they ended, each cell's figures, the
 * comparisons with the baseline and the gate. Written only by the operator.
 */
public class BenchmarkSuiteStatus {

  @JsonPropertyDescription(
      "Pending, Running, Succeeded (every run ended) or Failed (the suite cannot run; the"
          + " Ready condition says why).")
  private SuitePhase phase;

  @JsonPropertyDescription("The metadata.generation this status describes.")
  private Long observedGeneration;

  @JsonPropertyDescription(
      "Ready (True once every run ended), and Gate when spec.gate is set (True when every"
          + " rule passed on every comparison).")
  private List<Condition> conditions = new ArrayList<>();

  @JsonPropertyDescription(
      "What runs now, e.g. 'run 3 of 8: s-3 (b/wordcount/exactly_once_v2/x1, repetition 2):"
          + " Measuring'.")
  private String progress;

  @JsonPropertyDescription("Runs ended of those planned, e.g. 3/8.")
  private String completed;

  @JsonPropertyDescription(
      "Every planned run in the order they run (interleaved: A B B A …), as recorded when"
          + " each ended.")
  private List<ChildRunStatus> runs = new ArrayList<>();

  @JsonPropertyDescription("Each cell's figures over its valid runs, once every run ended.")
  private List<SuiteCellStatus> cells;

  @JsonPropertyDescription(
      "Each candidate cell compared with the baseline variant's cell of the same scenario,"
          + " guarantee and rate, once every run ended (spec.baseline).")
  private List<ComparisonStatus> comparisons;

  @JsonPropertyDescription("The gate's outcome (spec.gate).")
  private GateStatus gate;

  @JsonPropertyDescription("The ConfigMap holding suite.md and suite.json (the full tables).")
  private ResultRef resultRef;

  public SuitePhase getPhase() {
    return phase;
  }

  public void setPhase(SuitePhase phase) {
    this.phase = phase;
  }

  public Long getObservedGeneration() {
    return observedGeneration;
  }

  public void setObservedGeneration(Long observedGeneration) {
    this.observedGeneration = observedGeneration;
  }

  public List<Condition> getConditions() {
    return conditions;
  }

  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions;
  }

  public String getProgress() {
    return progress;
  }

  public void setProgress(String progress) {
    this.progress = progress;
  }

  public String getCompleted() {
    return completed;
  }

  public void setCompleted(String completed) {
    this.completed = completed;
  }

  public List<ChildRunStatus> getRuns() {
    return runs;
  }

  public void setRuns(List<ChildRunStatus> runs) {
    this.runs = runs;
  }

  public List<SuiteCellStatus> getCells() {
    return cells;
  }

  public void setCells(List<SuiteCellStatus> cells) {
    this.cells = cells;
  }

  public List<ComparisonStatus> getComparisons() {
    return comparisons;
  }

  public void setComparisons(List<ComparisonStatus> comparisons) {
    this.comparisons = comparisons;
  }

  public GateStatus getGate() {
    return gate;
  }

  public void setGate(GateStatus gate) {
    this.gate = gate;
  }

  public ResultRef getResultRef() {
    return resultRef;
  }

  public void setResultRef(ResultRef resultRef) {
    this.resultRef = resultRef;
  }
}
