package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * One figure over the valid runs of a series: median, min, max and coefficient of variation, each
 * run's figure one observation (samples are never pooled across runs).
 */
public class FigureSpread {

  @JsonPropertyDescription(
      "The figure, as in gate rules and comparison.json: latency.p99, cpu, heap, …")
  private String figure;

  @JsonPropertyDescription("Median over the runs.")
  private Double median;

  @JsonPropertyDescription("Smallest value.")
  private Double min;

  @JsonPropertyDescription("Largest value.")
  private Double max;

  @JsonPropertyDescription(
      "Coefficient of variation (sample standard deviation over mean); absent with one run.")
  private Double cv;

  @JsonPropertyDescription("How many runs measured the figure.")
  private Integer runs;

  public String getFigure() {
    return figure;
  }

  public void setFigure(String figure) {
    this.figure = figure;
  }

  public Double getMedian() {
    return median;
  }

  public void setMedian(Double median) {
    this.median = median;
  }

  public Double getMin() {
    return min;
  }

  public void setMin(Double min) {
    this.min = min;
  }

  public Double getMax() {
    return max;
  }

  public void setMax(Double max) {
    this.max = max;
  }

  public Double getCv() {
    return cv;
  }

  public void setCv(Double cv) {
    this.cv = cv;
  }

  public Integer getRuns() {
    return runs;
  }

  public void setRuns(Integer runs) {
    this.runs = runs;
  }
}
