package io.streamgauge.api.suite.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.api.spec.ProcessingGuarantee;
import io.streamgauge.api.spec.Scenario;
import io.streamgauge.api.status.FigureSpread;
import java.util.List;

/**
 * One cell of a suite (a variant × scenario × guarantee × rate scale) and its figures over its
 * valid runs.
 */
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

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getVariant() {
    return variant;
  }

  public void setVariant(String variant) {
    this.variant = variant;
  }

  public Scenario getScenario() {
    return scenario;
  }

  public void setScenario(Scenario scenario) {
    this.scenario = scenario;
  }

  public ProcessingGuarantee getProcessingGuarantee() {
    return processingGuarantee;
  }

  public void setProcessingGuarantee(ProcessingGuarantee processingGuarantee) {
    this.processingGuarantee = processingGuarantee;
  }

  public Double getRateScale() {
    return rateScale;
  }

  public void setRateScale(Double rateScale) {
    this.rateScale = rateScale;
  }

  public Integer getRuns() {
    return runs;
  }

  public void setRuns(Integer runs) {
    this.runs = runs;
  }

  public Integer getValidRuns() {
    return validRuns;
  }

  public void setValidRuns(Integer validRuns) {
    this.validRuns = validRuns;
  }

  public List<FigureSpread> getFigures() {
    return figures;
  }

  public void setFigures(List<FigureSpread> figures) {
    this.figures = figures;
  }
}
