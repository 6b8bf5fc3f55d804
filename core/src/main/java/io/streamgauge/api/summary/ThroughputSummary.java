package io.streamgauge.api.summary;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.Map;
import lombok.Getter;
import lombok.Setter;

/** Record rates over the measurement window. */
@Getter
@Setter
public class ThroughputSummary {

  @JsonPropertyDescription("Records per second the load generators produced.")
  private Double producedPerSec;

  @JsonPropertyDescription(
      "Records per second the load generators produced into each input topic (producedRate is"
          + " judged per topic: the sum can hide one topic falling behind).")
  private Map<String, Double> producedPerSecByTopic;

  @JsonPropertyDescription("Records per second the latency consumer read from the output topics.")
  private Double consumedPerSec;

  @JsonPropertyDescription(
      "The load generators' publish delay at p99 (actual minus intended send time), in ms, from"
          + " their Prometheus histogram: how far behind its schedule the open-loop load ran.")
  private Double publishDelayP99Ms;

  @JsonPropertyDescription(
      "The publish delay the load generators' JVMs and machines alone imposed at p99, in ms: how"
          + " late a thread in each generator that only sleeps 1 ms at a time woke (GC, CPU"
          + " contention, a paused VM), once per millisecond a pause covered. Over the"
          + " publishDelayP99 bound, the machine held the load back, not the generators' capacity.")
  private Double generatorStallP99Ms;

  @JsonPropertyDescription(
      "How fast the app's input lag (records of its input topics its consumer group has not"
          + " committed) grew over the window, in records/s: the least-squares slope. Near 0 when"
          + " the app keeps up; a steady rise means it cannot sustain the rate.")
  private Double inputLagGrowthPerSec;

  @JsonPropertyDescription(
      "The app's input lag when the window started, in records: its last committed lag in the two"
          + " scrape intervals before. The backlogAtStart check compares it with"
          + " checks.maxBacklogAtStartSeconds of the target rate.")
  private Double inputLagAtStart;

  @JsonPropertyDescription(
      "Bytes per second into the app: the serialized keys and values the load generators had"
          + " acknowledged (record headers and Kafka's protocol overhead not counted).")
  private Double bytesInPerSec;

  @JsonPropertyDescription(
      "Bytes per second out of the app: the serialized keys and values the latency consumer read"
          + " from the output topics (headers and protocol overhead not counted).")
  private Double bytesOutPerSec;

  @JsonPropertyDescription(
      "How many samples Prometheus holds of the latency consumer in the window (one per scrape):"
          + " the window's length divided by them is the interval Prometheus actually scraped at,"
          + " which the scrapeInterval check compares with spec.prometheus.scrapeInterval.")
  private Long latencyConsumerScrapes;
}
