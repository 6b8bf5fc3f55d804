package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.ArrayList;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * The repetitions of a run with spec.repetitions: each repetition as recorded, and the figures
 * summarised over the valid ones.
 */
@Getter
@Setter
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
}
