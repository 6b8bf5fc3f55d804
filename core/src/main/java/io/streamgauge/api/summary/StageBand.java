package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** The records whose end-to-end latency fell in one band, and what their time was spent on. */
@Getter
@Setter
public class StageBand {

  @JsonPropertyDescription(
      "The band's upper bound in ms (its lower is the previous band's); absent for the last band.")
  private Long upToMs;

  @JsonPropertyDescription("Records in the band.")
  private Long records;

  @JsonPropertyDescription("Mean publish delay of the band's records, in ms.")
  private Double publishDelayMeanMs;

  @JsonPropertyDescription("Mean time through the app of the band's records, in ms.")
  private Double throughAppMeanMs;

  @JsonPropertyDescription("Mean commit wait of the band's records, in ms.")
  private Double commitWaitMeanMs;
}
