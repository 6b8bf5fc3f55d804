package io.streamgauge.loadgen;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What one generator sent inside the measurement window, for the latency consumer ({@code POST
 * /sent}) to count loss against: per stream the first and last sequence numbers (every number
 * between was sent), the in-window records whose send failed (lost by the generator, not the app),
 * and whether the window became known only after some of its records went out (then the streams do
 * not cover it and the consumer falls back to gaps).
 */
final class WindowReport {

  private static final ObjectMapper JSON = new ObjectMapper();

  private WindowReport() {}

  static ObjectNode of(String producerId, SendWindow window, List<TopicLoad> loads) {
    ObjectNode report = JSON.createObjectNode();
    report.put("producerId", producerId);
    report.put("learnedLate", window.learnedLate());
    report.put("failedInWindow", loads.stream().mapToLong(t -> t.stats.failedInWindow()).sum());
    report.put("failedUntimed", loads.stream().mapToLong(t -> t.stats.failedUntimed()).sum());
    ObjectNode streams = report.putObject("streams");
    for (TopicLoad load : loads) {
      load.windowSequences()
          .forEach(
              (stream, range) ->
                  streams.putObject(stream).put("first", range[0]).put("last", range[1]));
    }
    return report;
  }
}
