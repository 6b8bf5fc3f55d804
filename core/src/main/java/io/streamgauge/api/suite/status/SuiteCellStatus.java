package io.streamgauge.api.suite.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.FigureSpread;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * One cell of a suite (a variant × scenario × guarantee × rate scale) and its figures over its
 * valid runs.
 */
@Getter
@Setter
public class SuiteCellStatus {

  @JsonPropertyDescription(
      "variant/scenario/guarantee/x<rate scale>, e.g."
          + " kafka-streams/wordcount/exactly_once_v2/x1.")
  private String name;

  @JsonPropertyDescription("The variant.")
  private String variant;

  @JsonPropertyDescription("The scenario.")
  private Scenario scenario;

  @JsonPropertyDescription("The processing guarantee.")
  private ProcessingGuarantee processingGuarantee;

  @JsonPropertyDescription("The rate level.")
  private Double rateScale;

  @JsonPropertyDescription("Runs of the cell that ended.")
  private Integer runs;

  @JsonPropertyDescription("Of those, the valid ones (the figures' observations).")
  private Integer validRuns;

  @JsonPropertyDescription(
      "Per figure, median, min, max and coefficient of variation over the valid runs.")
  private List<FigureSpread> figures;
}
