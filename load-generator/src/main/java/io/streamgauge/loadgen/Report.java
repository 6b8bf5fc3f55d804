package io.streamgauge.loadgen;

import java.util.Map;

/**
 * What a finished run did; printed as one JSON line on stdout.
 *
 * @param producerId the instance
 * @param mode run or prepopulate
 * @param sent records acknowledged by Kafka
 * @param failed records that failed
 * @param unsent records due within the duration but never sent because the run fell behind
 * @param elapsedSeconds from the start until every sent record was acknowledged or failed
 * @param targetRate configured records per second of this instance (all topics; 0 in prepopulate)
 * @param achievedRate acknowledged records per second
 * @param publishDelayP50Ms median of actual minus intended send time
 * @param publishDelayP99Ms 99th percentile of it
 * @param publishDelayMaxMs largest
 * @param topics the same counts per topic
 * @param lastError the last send error, if any
 */
public record Report(
    String producerId,
    String mode,
    long sent,
    long failed,
    long unsent,
    double elapsedSeconds,
    double targetRate,
    double achievedRate,
    double publishDelayP50Ms,
    double publishDelayP99Ms,
    double publishDelayMaxMs,
    Map<String, TopicReport> topics,
    String lastError) {

  /**
   * Counts of one topic.
   *
   * @param sent acknowledged
   * @param failed failed
   * @param unsent due but never sent
   * @param achievedRate acknowledged per second
   */
  public record TopicReport(long sent, long failed, long unsent, double achievedRate) {}
}
