package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** What the load's shape (spec.load.shape) did, segment by segment of the measurement window. */
@Getter
@Setter
public class LoadShapeSummary {

  @JsonPropertyDescription("The shape in words, like 'a burst of 5× for 10s every 1m'.")
  private String shape;

  @JsonPropertyDescription("The window's segments in order (at most 60).")
  private List<LoadSegmentSummary> segments;

  @JsonPropertyDescription(
      "Bursts only: how many drained before the next burst or the window's end (drainSeconds set).")
  private Integer burstsDrained;

  @JsonPropertyDescription(
      "Bursts only: how many bursts the window holds with a base stretch after them (a burst the"
          + " window's end cuts is reported, its drain not judged).")
  private Integer bursts;

  @JsonPropertyDescription("Bursts only: the longest drainSeconds of the window's bursts.")
  private Double drainSecondsMax;
}
