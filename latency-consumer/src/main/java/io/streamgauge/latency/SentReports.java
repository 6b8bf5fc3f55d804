package io.streamgauge.latency;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What each load generator reports it sent inside the measurement window ({@code POST /sent}): per
 * stream the first and last sequence numbers, the in-window sends that failed, and whether the
 * window became known to it late (then its streams do not cover the window). Loss is counted
 * against these where they exist; a producer without one falls back to gaps between the numbers
 * received. Used under the {@link LatencyRecorder}'s lock.
 */
final class SentReports {

  /** One generator's report. */
  record Report(
      boolean learnedLate, long failedInWindow, long failedUntimed, Map<String, long[]> streams) {

    /** Records sent inside the window: every number from first to last of each stream. */
    long sent() {
      return streams.values().stream().mapToLong(r -> r[1] - r[0] + 1).sum();
    }
  }

  private final Map<String, Report> reports = new TreeMap<>();

  /**
   * Takes a report (a generator reporting again replaces its earlier one).
   *
   * @throws IllegalArgumentException naming what is missing or malformed
   */
  void add(JsonNode body) {
    String producerId = body.path("producerId").asText("");
    if (producerId.isEmpty()) {
      throw new IllegalArgumentException("producerId: required");
    }
    JsonNode streams = body.path("streams");
    if (!streams.isObject()) {
      throw new IllegalArgumentException("streams: required, an object of stream id to range");
    }
    Map<String, long[]> ranges = new LinkedHashMap<>();
    for (var e : (Iterable<Map.Entry<String, JsonNode>>) streams::fields) {
      JsonNode first = e.getValue().path("first");
      JsonNode last = e.getValue().path("last");
      if (!first.canConvertToLong()
          || !last.canConvertToLong()
          || first.asLong() < 0
          || last.asLong() < first.asLong()) {
        throw new IllegalArgumentException(
            "streams." + e.getKey() + ": needs whole numbers 0 <= first <= last");
      }
      ranges.put(e.getKey(), new long[] {first.asLong(), last.asLong()});
    }
    reports.put(
        producerId,
        new Report(
            body.path("learnedLate").asBoolean(false),
            body.path("failedInWindow").asLong(0),
            body.path("failedUntimed").asLong(0),
            ranges));
  }

  /** The report of {@code producerId}, or null. */
  Report of(String producerId) {
    return reports.get(producerId);
  }

  /** Every report, by producer id. */
  Map<String, Report> all() {
    return reports;
  }

  int size() {
    return reports.size();
  }
}
