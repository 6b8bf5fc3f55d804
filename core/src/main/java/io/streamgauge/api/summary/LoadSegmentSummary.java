package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import lombok.Getter;
import lombok.Setter;

/**
 * One segment of a shaped load: what it asked for, what it held, the latency of its records and the
 * app's lag over it, and for a burst how long the app took to drain it.
 */
@Getter
@Setter
public class LoadSegmentSummary {

  @JsonPropertyDescription("What the segment is: burst, base, step 1..n or ramp 1..n.")
  private String label;

  @JsonPropertyDescription(
      "The target rate over all topics at the segment's start, records/s (its factor times the"
          + " topics' rates).")
  private Double fromRatePerSec;

  @JsonPropertyDescription("The target rate over all topics at the segment's end, records/s.")
  private Double toRatePerSec;

  @JsonPropertyDescription(
      "The records the shape puts in the segment over all topics: rate × ∫factor, exactly when"
          + " whole per load generator.")
  private Long records;

  @JsonPropertyDescription(
      "End-to-end latency of the records stamped in the segment (from, to, samples: the records"
          + " timed; p50, p99, max).")
  private LatencySegment latency;

  @JsonPropertyDescription(
      "The highest input lag of the app sampled in the segment, in records (committed offsets,"
          + " a sample per scrape).")
  private Double lagMax;

  @JsonPropertyDescription(
      "Bursts: seconds from the burst's end until the app's input lag was back at its level before"
          + " the burst (the highest sampled over the base stretch before it, or caught up as the"
          + " run's start counts it, whichever is more); 0 when no sample of the burst was past that"
          + " level; absent when it was not back before the next burst or the window's end. An"
          + " upper bound at the scrape interval's resolution, and the app's commit interval's (the"
          + " lag is its committed offsets).")
  private Double drainSeconds;

  @JsonPropertyDescription(
      "Bursts: seconds from the burst's end to the first second of records stamped after it from"
          + " which every second's p99 up to the next burst is at most the highest per-second p99"
          + " before the burst; absent when it never was. Resolution: one second.")
  private Double latencyBackSeconds;
}
