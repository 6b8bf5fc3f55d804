package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * One figure over the valid runs of a series: median, min, max and coefficient of variation, each
 * run's figure one observation (samples are never pooled across runs).
 */
@Getter
@Setter
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
}
