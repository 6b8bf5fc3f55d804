package io.streamgauge.latency;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * The results JSON: per topic and window the count, percentiles, mean, negatives, consumed rate and
 * the compressed HdrHistogram (base64), and per window the integrity per producer; and the window's
 * tail: whether every output partition has passed the measurement's end (else which have not) and
 * every load generator has reported what it sent. Built from a consistent snapshot of the recorder.
 */
final class ResultsDocument {

  static final ObjectMapper JSON = new ObjectMapper();

  private ResultsDocument() {}

  static ObjectNode build(
      LatencyRecorder recorder, String isolationLevel, long integrityGraceMs, long nowMs) {
    return build(recorder, isolationLevel, integrityGraceMs, nowMs, Map.of());
  }

  /**
   * @param integritySources per output topic, the input topics its records stand for one to one; a
   *     topic not listed is checked against every stream the generators sent
   */
  static ObjectNode build(
      LatencyRecorder recorder,
      String isolationLevel,
      long integrityGraceMs,
      long nowMs,
      Map<String, List<String>> integritySources) {
    Windows w = recorder.windows();
    ObjectNode root = JSON.createObjectNode();
    root.put("isolationLevel", isolationLevel);
    root.put("stagesFrom", recorder.stages().key);
    if (w.isSet()) {
      LatencySettings.WindowTimes times = w.toTimes();
      root.putObject("windows")
          .put("warmupStart", times.warmupStart())
          .put("measurementStart", times.measurementStart())
          .put("measurementEnd", times.measurementEnd());
    } else {
      root.putNull("windows");
    }
    LatencyRecorder.Tail tail = recorder.tail();
    ObjectNode tailNode =
        root.putObject("tail")
            .put("complete", tail.complete())
            .put("partitions", tail.partitions())
            .put("reportsMissing", tail.reportsMissing());
    tail.behind().forEach(tailNode.putArray("behind")::add);
    ObjectNode topics = root.putObject("topics");
    recorder.read(
        all -> {
          boolean integrity = recorder.tracksIntegrity();
          all.values()
              .forEach(
                  t ->
                      topic(
                          topics.putObject(t.topic),
                          t,
                          w,
                          integrity,
                          integrityGraceMs,
                          nowMs,
                          recorder.sentReports(),
                          integritySources.get(t.topic)));
          return null;
        });
    return root;
  }

  private static void topic(
      ObjectNode out,
      TopicRecorder t,
      Windows w,
      boolean recorderTracksIntegrity,
      long integrityGraceMs,
      long nowMs,
      SentReports reports,
      List<String> sources) {
    out.put("consumed", t.consumed);
    out.put("beforeWindows", t.beforeWindows);
    out.put("afterWindows", t.afterWindows);
    long warmupMs = w.isSet() ? w.measurementStartMs() - w.warmupStartMs() : 0;
    long measurementMs = w.isSet() ? w.measurementEndMs() - w.measurementStartMs() : 0;
    window(out.putObject("warmup"), t.warmup, warmupMs);
    window(out.putObject("measurement"), t.measurement, measurementMs);
    if (t.stages != null) {
      stages(out.putObject("stages"), t.stages);
    }
    if (t.measurementSeconds != null) {
      ObjectNode seconds = out.putObject("measurementSeconds");
      t.measurementSeconds
          .bySecond()
          .forEach((second, h) -> seconds.put(Long.toString(second), encode(h)));
    }
    if (!recorderTracksIntegrity) {
      out.putNull("integrity");
      return;
    }
    ObjectNode integrity = out.putObject("integrity");
    boolean warmupFinal = w.isSet() && nowMs > w.measurementStartMs() + integrityGraceMs;
    boolean measurementFinal = w.isSet() && nowMs > w.measurementEndMs() + integrityGraceMs;
    integrity(integrity.putObject("warmup"), t.warmupIntegrity, warmupFinal, null, sources);
    integrity(
        integrity.putObject("measurement"),
        t.measurementIntegrity,
        measurementFinal,
        reports,
        sources);
  }

  private static void window(ObjectNode out, WindowStats stats, long windowMs) {
    long count = stats.histogram.getTotalCount();
    out.put("count", count);
    out.put("negative", stats.negative);
    out.put("overRange", stats.overRange);
    out.put("consumedPerSec", windowMs > 0 ? (count + stats.negative) * 1000.0 / windowMs : 0.0);
    distribution(out, stats);
  }

  /**
   * The measurement window's stages: how many records were matched with their written time (and how
   * many never will be), each stage's distribution, and per band of end-to-end latency the stages'
   * means, which add up to the band's mean latency.
   */
  private static void stages(ObjectNode out, StageStats stats) {
    ObjectNode m = out.putObject("measurement");
    m.put("matched", stats.matched);
    m.put("unmatched", stats.unmatched());
    m.put("withPublishDelay", stats.withPublishDelay);
    for (StageStats.Stage stage : StageStats.Stage.values()) {
      ObjectNode s = m.putObject(stage.key);
      WindowStats w = stats.measurement[stage.ordinal()];
      s.put("count", w.histogram.getTotalCount());
      s.put("negative", w.negative);
      s.put("overRange", w.overRange);
      distribution(s, w);
    }
    var bands = m.putArray("bands");
    for (int i = 0; i < stats.bands.length; i++) {
      long[] band = stats.bands[i];
      if (band[0] == 0) {
        continue;
      }
      ObjectNode b = bands.addObject();
      if (i < StageStats.BAND_UPPER_MS.length) {
        b.put("upToMs", StageStats.BAND_UPPER_MS[i]);
      } else {
        b.putNull("upToMs");
      }
      b.put("records", band[0]);
      for (StageStats.Stage stage : StageStats.Stage.values()) {
        b.put(stage.key + "MeanMs", band[1 + stage.ordinal()] / 1000.0 / band[0]);
      }
    }
  }

  /** Percentiles, mean and the encoded histogram of {@code stats}. */
  private static void distribution(ObjectNode out, WindowStats stats) {
    Histogram h = stats.histogram;
    long count = h.getTotalCount();
    if (count > 0) {
      out.put("p50Ms", ms(h.getValueAtPercentile(50)));
      out.put("p90Ms", ms(h.getValueAtPercentile(90)));
      out.put("p95Ms", ms(h.getValueAtPercentile(95)));
      out.put("p99Ms", ms(h.getValueAtPercentile(99)));
      out.put("p999Ms", ms(h.getValueAtPercentile(99.9)));
      out.put("maxMs", ms(h.getMaxValue()));
      out.put("meanMs", h.getMean() / 1000.0);
    }
    out.put("histogram", encode(h));
  }

  /** A histogram compressed and in base64, as HdrHistogram's tools read it. */
  private static String encode(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * A window's integrity per producer: received and duplicated, and lost — against what the
   * producer reports it sent inside the window where it did ({@code lossBasis: sent}, {@code
   * expected}, failed sends not counted as lost), else the gaps between the numbers received
   * ({@code lossBasis: gaps}, blind to loss at the window's edges and to streams never seen).
   *
   * @param reports what the generators sent, or null for a window they do not report
   * @param sources the input topics this output stands for, or null for every one
   */
  private static void integrity(
      ObjectNode out,
      IntegrityTracker tracker,
      boolean fin,
      SentReports reports,
      List<String> sources) {
    out.put("final", fin);
    out.put("unattributed", tracker.unattributed());
    ObjectNode producers = out.putObject("producers");
    Map<String, long[]> perProducer = tracker.perProducer();
    Map<String, long[]> perStream = tracker.perStream();
    Set<String> ids = new TreeSet<>(perProducer.keySet());
    if (reports != null) {
      ids.addAll(reports.all().keySet());
    }
    for (String id : ids) {
      long[] counts = perProducer.getOrDefault(id, new long[3]);
      ObjectNode producer =
          producers.putObject(id).put("received", counts[0]).put("duplicated", counts[2]);
      SentReports.Report report = reports == null ? null : reports.of(id);
      if (report == null || report.learnedLate()) {
        producer.put("lost", counts[1]).put("lossBasis", "gaps");
        continue;
      }
      long missing = 0;
      long expected = 0;
      for (var stream : report.streams().entrySet()) {
        if (sources != null && !sources.contains(topicOf(stream.getKey()))) {
          continue;
        }
        long[] range = stream.getValue();
        expected += range[1] - range[0] + 1;
        long distinct = perStream.getOrDefault(stream.getKey(), new long[3])[0];
        missing += Math.max(0, (range[1] - range[0] + 1) - distinct);
      }
      producer
          .put("expected", expected)
          .put("failedSends", report.failedInWindow())
          .put("lost", Math.max(0, missing - report.failedInWindow()))
          .put("lossBasis", "sent");
    }
  }

  /** The topic of a stream id {@code producerId/topic/partition}. */
  private static String topicOf(String streamId) {
    return streamId.substring(streamId.indexOf('/') + 1, streamId.lastIndexOf('/'));
  }

  private static double ms(long micros) {
    return micros / 1000.0;
  }
}
