package io.streamgauge.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.LatencyStages;
import io.streamgauge.api.summary.LatencySummary;
import io.streamgauge.api.summary.OutputTopicSummary;
import io.streamgauge.api.summary.StageBand;
import io.streamgauge.api.summary.StagePercentiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The latency consumer's {@code /results} document, read for the summary. Latency over several
 * output topics comes from their measurement histograms added together, so the percentiles are
 * exact over all of them — never an average of per-topic percentiles.
 */
public final class LatencyResults {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final JsonNode document;

  private LatencyResults(JsonNode document) {
    this.document = document;
  }

  /**
   * @throws IllegalArgumentException when {@code json} is not a latency consumer results document
   */
  public static LatencyResults parse(String json) {
    JsonNode document;
    try {
      document = JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalArgumentException("latency results are not JSON: " + e.getMessage(), e);
    }
    if (document == null || !document.path("topics").isObject()) {
      throw new IllegalArgumentException("latency results have no 'topics' object");
    }
    return new LatencyResults(document);
  }

  /** The document as the latency consumer wrote it. */
  public JsonNode document() {
    return document;
  }

  /** The measurement window's latency over every output topic, or null when nothing was timed. */
  public LatencySummary latency() {
    Histogram merged = merged();
    long negative = 0;
    for (JsonNode topic : document.path("topics")) {
      negative += topic.path("measurement").path("negative").asLong();
    }
    if (merged.getTotalCount() == 0 && negative == 0) {
      return null;
    }
    LatencySummary summary = new LatencySummary();
    summary.setSamples(merged.getTotalCount());
    summary.setNegativeSamples(negative);
    Tail tail = tail();
    summary.setComplete(tail.complete());
    if (!tail.complete()) {
      summary.setPartitionsBehind(tail.behind());
    }
    if (merged.getTotalCount() > 0) {
      summary.setP50Ms(ms(merged.getValueAtPercentile(50)));
      summary.setP90Ms(ms(merged.getValueAtPercentile(90)));
      summary.setP95Ms(ms(merged.getValueAtPercentile(95)));
      summary.setP99Ms(ms(merged.getValueAtPercentile(99)));
      summary.setP999Ms(ms(merged.getValueAtPercentile(99.9)));
      summary.setMaxMs(ms(merged.getMaxValue()));
      summary.setStages(stages(merged.getTotalCount()));
    }
    return summary;
  }

  /** The stages' names in the consumer's document, in the order they happen. */
  private static final List<String> STAGES = List.of("publishDelay", "throughApp", "commitWait");

  /**
   * The measurement window's stages over every output topic (histograms added, bands summed), or
   * null when the consumer did not keep them.
   *
   * @param timed records timed in the window, which the stages' coverage is a share of
   */
  LatencyStages stages(long timed) {
    long matched = 0;
    long withPublishDelay = 0;
    boolean kept = false;
    NavigableMap<Long, double[]> bands = new TreeMap<>();
    for (JsonNode topic : document.path("topics")) {
      JsonNode m = topic.path("stages").path("measurement");
      if (!m.isObject()) {
        continue;
      }
      kept = true;
      matched += m.path("matched").asLong();
      withPublishDelay += m.path("withPublishDelay").asLong();
      for (JsonNode band : m.path("bands")) {
        long upTo = band.path("upToMs").isNumber() ? band.path("upToMs").asLong() : Long.MAX_VALUE;
        double records = band.path("records").asDouble();
        double[] sum = bands.computeIfAbsent(upTo, k -> new double[1 + STAGES.size()]);
        sum[0] += records;
        for (int i = 0; i < STAGES.size(); i++) {
          sum[1 + i] += records * band.path(STAGES.get(i) + "MeanMs").asDouble();
        }
      }
    }
    if (!kept) {
      return null;
    }
    LatencyStages stages = new LatencyStages();
    stages.setRecords(matched);
    stages.setCoverage(timed > 0 ? Math.min(1.0, (double) matched / timed) : null);
    stages.setRecordByRecord(matched > 0 && withPublishDelay == matched);
    double[] sums = new double[STAGES.size()];
    bands.values().forEach(band -> Arrays.setAll(sums, i -> sums[i] + band[1 + i]));
    if (withPublishDelay > 0) {
      stages.setPublishDelay(stage("publishDelay", sums[0], withPublishDelay));
    }
    stages.setThroughApp(stage("throughApp", sums[1], matched));
    stages.setCommitWait(stage("commitWait", sums[2], matched));
    List<StageBand> out = new ArrayList<>();
    bands.forEach(
        (upTo, sum) -> {
          StageBand band = new StageBand();
          band.setUpToMs(upTo == Long.MAX_VALUE ? null : upTo);
          band.setRecords((long) sum[0]);
          band.setPublishDelayMeanMs(sum[1] / sum[0]);
          band.setThroughAppMeanMs(sum[2] / sum[0]);
          band.setCommitWaitMeanMs(sum[3] / sum[0]);
          out.add(band);
        });
    stages.setBands(out);
    return stages;
  }

  /**
   * A stage's percentiles from every topic's histogram of it, and its mean from the bands' sums
   * (exact, and counting what the histogram leaves out: negative times through the app from clock
   * rounding); null when nothing was measured.
   *
   * @param sumMs the stage's sum over the records measured, ms
   * @param records how many records {@code sumMs} is over
   */
  private StagePercentiles stage(String name, double sumMs, long records) {
    Histogram h = merged("/stages/measurement/" + name + "/histogram");
    if (h.getTotalCount() == 0) {
      return null;
    }
    StagePercentiles p = new StagePercentiles();
    p.setP50Ms(ms(h.getValueAtPercentile(50)));
    p.setP90Ms(ms(h.getValueAtPercentile(90)));
    p.setP99Ms(ms(h.getValueAtPercentile(99)));
    p.setMeanMs(records > 0 ? sumMs / records : null);
    return p;
  }

  /**
   * The measurement window's percentile spectrum over every output topic, as HdrHistogram plots it:
   * points {@code [percentile, ms]} at five ticks per halving of the distance to 100 %, ending at
   * the maximum. Empty when nothing was timed.
   */
  public List<double[]> percentileSpectrum() {
    Histogram merged = merged();
    List<double[]> points = new ArrayList<>();
    if (merged.getTotalCount() == 0) {
      return points;
    }
    for (HistogramIterationValue v : merged.percentiles(5)) {
      points.add(
          new double[] {
            v.getPercentileLevelIteratedTo(),
            ms(merged.highestEquivalentValue(v.getValueIteratedTo()))
          });
    }
    return points;
  }

  /** Every output topic's measurement histogram added together. */
  private Histogram merged() {
    return merged("/measurement/histogram");
  }

  /** Every output topic's histogram at {@code pointer} (in the topic) added together. */
  private Histogram merged(String pointer) {
    Histogram merged = new Histogram(3);
    for (JsonNode topic : document.path("topics")) {
      String encoded = topic.at(pointer).asText("");
      if (!encoded.isEmpty()) {
        merged.add(decode(encoded));
      }
    }
    return merged;
  }

  /**
   * Each output topic's latency and rate over the measurement window, by topic name (sorted); empty
   * when there is only one topic, whose figures are the summary's own.
   */
  public Map<String, OutputTopicSummary> byTopic() {
    Map<String, OutputTopicSummary> topics = new TreeMap<>();
    if (document.path("topics").size() < 2) {
      return topics;
    }
    document
        .path("topics")
        .fields()
        .forEachRemaining(
            t -> {
              JsonNode window = t.getValue().path("measurement");
              OutputTopicSummary topic = new OutputTopicSummary();
              String encoded = window.path("histogram").asText("");
              Histogram histogram = encoded.isEmpty() ? new Histogram(3) : decode(encoded);
              topic.setSamples(histogram.getTotalCount());
              if (histogram.getTotalCount() > 0) {
                topic.setP50Ms(ms(histogram.getValueAtPercentile(50)));
                topic.setP99Ms(ms(histogram.getValueAtPercentile(99)));
                topic.setMaxMs(ms(histogram.getMaxValue()));
              }
              if (window.has("consumedPerSec")) {
                topic.setConsumedPerSec(window.path("consumedPerSec").asDouble());
              }
              topics.put(t.getKey(), topic);
            });
    return topics;
  }

  /**
   * Whether the window's last records can have arrived: every output partition carrying records
   * delivered one stamped at or after the window's end.
   *
   * @param complete true when so, or when the consumer does not report it
   * @param behind the partitions that had not
   * @param reportsMissing load generators that had not reported what they sent (integrity only)
   */
  public record Tail(boolean complete, List<String> behind, int reportsMissing) {}

  /** The window's tail as the consumer saw it when the document was read. */
  public Tail tail() {
    JsonNode tail = document.path("tail");
    if (!tail.isObject()) {
      return new Tail(true, List.of(), 0);
    }
    List<String> behind = new ArrayList<>();
    tail.path("behind").forEach(p -> behind.add(p.asText()));
    return new Tail(
        tail.path("complete").asBoolean(),
        List.copyOf(behind),
        tail.path("reportsMissing").asInt(0));
  }

  /**
   * The measurement window's integrity summed over topics and producers, or null when the consumer
   * did not track integrity. {@code produced} counts the distinct sequence numbers that should have
   * arrived (received once, plus lost).
   */
  public IntegritySummary integrity() {
    long received = 0;
    long lost = 0;
    long duplicated = 0;
    long failedSends = 0;
    boolean allSent = true;
    boolean tracked = false;
    for (JsonNode topic : document.path("topics")) {
      JsonNode window = topic.path("integrity").path("measurement");
      if (window.isMissingNode() || window.isNull()) {
        continue;
      }
      tracked = true;
      for (JsonNode producer : window.path("producers")) {
        received += producer.path("received").asLong();
        lost += producer.path("lost").asLong();
        duplicated += producer.path("duplicated").asLong();
        failedSends += producer.path("failedSends").asLong();
        allSent &= "sent".equals(producer.path("lossBasis").asText());
      }
    }
    if (!tracked) {
      return null;
    }
    IntegritySummary summary = new IntegritySummary();
    summary.setConsumed(received);
    summary.setLost(lost);
    summary.setDuplicated(duplicated);
    summary.setProduced(received - duplicated + lost);
    summary.setLossBasis(allSent ? "sent" : "gaps");
    summary.setFailedSends(failedSends);
    return summary;
  }

  /**
   * The measurement window's latencies per second of the records' timestamps, every output topic's
   * added together, by epoch second; empty when the latency consumer did not keep them (a run
   * without faults).
   */
  public NavigableMap<Long, Histogram> secondHistograms() {
    NavigableMap<Long, Histogram> seconds = new TreeMap<>();
    for (JsonNode topic : document.path("topics")) {
      topic
          .path("measurementSeconds")
          .fields()
          .forEachRemaining(
              e -> {
                Histogram h = decode(e.getValue().asText());
                seconds.merge(
                    Long.parseLong(e.getKey()),
                    h,
                    (a, b) -> {
                      a.add(b);
                      return a;
                    });
              });
    }
    return seconds;
  }

  private static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("latency results hold a malformed histogram", e);
    }
  }

  private static double ms(long micros) {
    return micros / 1000.0;
  }
}
