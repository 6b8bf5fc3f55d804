package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/** Record counts that show loss and duplication, from per-producer sequence headers. */
@Getter
@Setter
public class IntegritySummary {

  @JsonPropertyDescription(
      "Records produced inside the window: sent and acknowledged when lossBasis is sent, else"
          + " received plus lost.")
  private Long produced;

  @JsonPropertyDescription("Records consumed inside the window.")
  private Long consumed;

  @JsonPropertyDescription(
      "Records sent inside the window that never arrived (after a grace period); failed sends"
          + " are not counted, they are failedSends.")
  private Long lost;

  @JsonPropertyDescription("Sequence numbers received more than once.")
  private Long duplicated;

  @JsonPropertyDescription(
      "sent: loss counted against what every load generator reports it sent inside the window"
          + " (loss at the window's edges and whole partitions included); gaps: some generator did"
          + " not report (it learned the window late, or could not reach the latency consumer),"
          + " so its loss is the gaps between the numbers received, blind to both.")
  private String lossBasis;

  @JsonPropertyDescription("In-window records whose send failed at the load generators.")
  private Long failedSends;
}
