package io.streamgauge.api.status;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/** The capacity found for one app CPU limit: the ceiling as an interval. */
@Getter
@Setter
public class CapacityLimitStatus {

  @JsonPropertyDescription("The app's CPU limit (each instance's).")
  private String cpuLimit;

  @JsonPropertyDescription(
      "How many instances the app ran as (spec.capacity.instances); absent: 1.")
  private Integer instances;

  @JsonPropertyDescription(
      "The highest rate that passed (the majority of its probes), records/s; absent when none"
          + " did.")
  private Double lastPassPerSecond;

  @JsonPropertyDescription(
      "The lowest rate that failed, records/s; absent when every probe passed (up to the maximum"
          + " rate).")
  private Double firstFailPerSecond;

  @JsonPropertyDescription(
      "Found, AtMaxRate, BelowLowestProbe, NotBetterThanSmaller, ProbeBudgetSpent or Stopped.")
  private CapacityOutcome outcome;

  @JsonPropertyDescription("The outcome in words, with the interval.")
  private String message;

  @JsonPropertyDescription("How many probes this limit took.")
  private Integer probes;

  @JsonPropertyDescription(
      "The share of its CPU limit the app used at the ceiling: the median of its average CPU"
          + " over the passing probes at lastPassPerSecond, divided by the limit. Below 0.9 the"
          + " limit is not what ran out first: the ceiling is something else's (on a shared"
          + " machine the cores the broker, the load generators and the other clients use), and"
          + " moves with it. Absent when no rate passed or its CPU was not measured.")
  private Double cpuLimitUsedAtCeiling;

  @JsonPropertyDescription(
      "Rates whose probes disagreed, e.g. \"700 records/s: 2 of 3 passed\": the band where the"
          + " verdict is noise rather than the app; and rates with inconclusive probes, e.g."
          + " \"800 records/s: 1 of 1 passed, 2 inconclusive\". Absent when every rate's probes"
          + " agreed and were conclusive.")
  private List<String> splitRates;
}
