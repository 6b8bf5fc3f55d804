package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.streamgauge.api.spec.FaultType;
import lombok.Getter;
import lombok.Setter;

/**
 * What one fault did: when it hit, how long the app took to recover, the latency before, during and
 * after it, and what it did to the records.
 */
@Getter
@Setter
public class FaultSummary {

  @JsonPropertyDescription("The fault's type.")
  private FaultType type;

  @JsonPropertyDescription(
      "KillApp and PauseApp on an app of several instances: the index of the one it hit.")
  private Integer instance;

  @JsonPropertyDescription("When it was injected.")
  private String injectedAt;

  @JsonPropertyDescription(
      "Whether the app recovered before the window's end: from some scrape on, until the end, its"
          + " output rate averaged within 5 % of its average before the fault (the input rate, for"
          + " a topology that keeps records one to one) and never fell below half of it, and its"
          + " input lag stayed back at every scrape: at most the highest seen before the fault or"
          + " checks.maxBacklogAtStartSeconds of the target rate (caught up, as the window's start"
          + " counts it), whichever is more. Absent when it cannot be judged: no output rate before"
          + " the fault (Prometheus scraped less often than spec.prometheus.scrapeInterval says:"
          + " see the scrapeInterval check).")
  private Boolean recovered;

  @JsonPropertyDescription(
      "Seconds from the injection to the first scrape of that recovered stretch; exact to the"
          + " scrape interval (rates are over two scrapes). Absent when it did not recover.")
  private Double recoverySeconds;

  @JsonPropertyDescription(
      "Seconds from the injection until the latency was back at its level before the fault: the"
          + " start of the first second of record timestamps from which every second's p99, up to"
          + " the window's end (or the next fault), is at most the highest per-second p99 before"
          + " the fault. 0 when no second after it went above; absent when the latency never got"
          + " back, or there was no latency before the fault to compare with.")
  private Double latencyRecoverySeconds;

  @JsonPropertyDescription(
      "Seconds from the injection until the app's consumer group was settled again — Stable, every"
          + " instance a member, every input partition held — after it was seen rebalancing (the"
          + " latency consumer describes the group every 250 ms). Absent when no rebalance was"
          + " seen (none happened, or it was shorter than a sample), or the group never settled"
          + " again before the window's end.")
  private Double rebalanceSeconds;

  @JsonPropertyDescription("The highest input lag of the app before the fault, in records.")
  private Double lagBefore;

  @JsonPropertyDescription("The highest input lag of the app after the fault, in records.")
  private Double lagPeak;

  @JsonPropertyDescription(
      "Latency of records stamped from the window's start (or the previous fault) to the"
          + " injection.")
  private LatencySegment before;

  @JsonPropertyDescription(
      "Latency of records stamped from the injection to the recovery (to the window's end when it"
          + " did not recover).")
  private LatencySegment during;

  @JsonPropertyDescription(
      "Latency of records stamped from the recovery to the window's end (or the next fault).")
  private LatencySegment after;

  @JsonPropertyDescription(
      "Kafka's broker-bounce verdict over the window, where integrity is tracked: 'all delivered',"
          + " 'more than generated (N duplicated)' or 'fewer than generated (N lost)'.")
  private String delivery;
}
