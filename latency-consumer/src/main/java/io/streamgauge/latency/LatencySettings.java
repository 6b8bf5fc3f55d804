package io.streamgauge.latency;

import java.util.List;
import java.util.Map;

/**
 * The latency consumer's configuration document (YAML or JSON).
 *
 * @param bootstrapServers Kafka to read from
 * @param topics output topics to time
 * @param isolationLevel read_committed (default) or read_uncommitted
 * @param groupId consumer group; default a fresh {@code streamgauge-latency-<random>}
 * @param startFrom latest (default: only records written after start) or earliest
 * @param windows the windows, if known at start (else set them with POST /windows)
 * @param httpPort port of /results, /windows, /metrics, /health; 0 any, -1 off (default 9401)
 * @param resultsFile where the final results go on exit, besides stdout
 * @param integrity track sequence numbers for loss and duplicates (default true); off for
 *     topologies that do not keep records one to one, where it means nothing and costs CPU
 * @param integrityGraceMs how long after a window's end gaps may still be filled (default 5000)
 * @param consumerConfig extra Kafka consumer properties
 * @param producers how many load generators report what they sent inside the window ({@code POST
 *     /sent}); with integrity, the window's tail waits for them (absent: none awaited)
 * @param appGroup the app's consumer group (Kafka Streams: its application.id); with {@code
 *     appInputTopics}, its lag is sampled every second ({@code sg_latency_app_input_lag})
 * @param appInputTopics the app's input topics
 * @param appCommitIntervalMs how often the app commits (default 30000, Kafka Streams' at-least-once
 *     default): the lag is taken just after each commit
 * @param perSecond keep the measurement window's latencies per second too (default false): for runs
 *     with faults, whose segments are known only afterwards
 * @param integritySources per output topic, the input topics whose records it holds one to one
 *     (stateful-joins: enriched-orders holds one per order); a topic not listed is checked against
 *     everything the generators sent
 * @param stages split each record's latency into publish delay, time through the app and commit
 *     wait (default true); at read_committed this reads the output topics a second time, at
 *     read_uncommitted
 */
public record LatencySettings(
    String bootstrapServers,
    List<String> topics,
    String isolationLevel,
    String groupId,
    String startFrom,
    WindowTimes windows,
    Integer httpPort,
    String resultsFile,
    Boolean integrity,
    Long integrityGraceMs,
    Map<String, String> consumerConfig,
    Integer producers,
    String appGroup,
    List<String> appInputTopics,
    Long appCommitIntervalMs,
    Boolean perSecond,
    Map<String, List<String>> integritySources,
    Boolean stages) {

  /**
   * Window instants as ISO-8601 text, e.g. {@code 2026-11-22T10:00:00Z}.
   *
   * @param warmupStart start of the warmup window
   * @param measurementStart end of warmup, start of measurement
   * @param measurementEnd end of measurement
   */
  public record WindowTimes(String warmupStart, String measurementStart, String measurementEnd) {}
}
