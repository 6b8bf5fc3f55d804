package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;

/**
 * The repetitions of a run with spec.repetitions: each repetition as recorded, and the figures
 * summarised over the valid ones.
 */
public class RepetitionsStatus {

  @JsonPropertyDescription("Repetitions ended of those planned, e.g. 2/3.")
  private String completed;

  @JsonPropertyDescription("Every repetition in order: <run>-1 … <run>-N.")
  private List<ChildRunStatus> runs = new ArrayList<>();

  @JsonPropertyDescription(
      "Per figure, median, min, max and coefficient of variation over the valid repetitions"
          + " (over all when none is valid).")
  private List<FigureSpread> figures;

  @JsonPropertyDescription("The invalid repetitions left out of the figures, each with why.")
  private List<String> leftOut;

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

  public List<FigureSpread> getFigures() {
    return figures;
  }

  public void setFigures(List<FigureSpread> figures) {
    this.figures = figures;
  }

  public List<String> getLeftOut() {
    return leftOut;
  }

  public void setLeftOut(List<String> leftOut) {
    this.leftOut = leftOut;
  }
}
