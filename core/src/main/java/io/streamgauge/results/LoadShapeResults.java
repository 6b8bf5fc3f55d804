package io.streamgauge.results;

import io.streamgauge.api.spec.LoadSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.summary.LoadSegmentSummary;
import io.streamgauge.api.summary.LoadShapeSummary;
import io.streamgauge.common.LoadShape;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.metrics.RangeSeries;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.OptionalDouble;
import org.HdrHistogram.Histogram;

/**
 * What a shaped load did, segment by segment of the window: the records the shape put there, the
 * latency of the records stamped there, the app's highest input lag, and for each burst how long
 * the app took to drain it, by its lag and by its latency.
 */
public final class LoadShapeResults {

  private LoadShapeResults() {}

  /**
   * @param load the run's load (its topics' rates, its producers, its shape)
   * @param shape the shape over the window
   * @param measurementStart the window's start, on a whole second
   * @param seconds the run's latency per second of record timestamps
   * @param inputLag the app's input lag a point per scrape, warmup included, or empty
   * @param caughtUpLag the input lag, in records, within which the app counts as caught up
   */
  public static LoadShapeSummary summarize(
      LoadSpec load,
      LoadShape shape,
      Instant measurementStart,
      NavigableMap<Long, Histogram> seconds,
      List<RangeSeries.Point> inputLag,
      double caughtUpLag) {
    long start = measurementStart.getEpochSecond();
    List<LoadShape.Segment> segments = shape.segments();
    List<LoadSegmentSummary> rows = new ArrayList<>();
    int bursts = 0;
    int drained = 0;
    Double drainMax = null;
    double baseRate = load.totalRatePerSecond();
    OptionalDouble firstLevel = OptionalDouble.empty();
    for (int i = 0; i < segments.size(); i++) {
      LoadShape.Segment s = segments.get(i);
      long from = start + Math.round(s.start());
      long to = start + Math.round(s.end());
      LoadSegmentSummary row = new LoadSegmentSummary();
      row.setLabel(s.label());
      row.setFromRatePerSec(baseRate * s.from());
      row.setToRatePerSec(baseRate * s.to());
      row.setRecords(records(load, shape, s));
      row.setLatency(FaultResults.segment(seconds, from, to));
      max(inputLag, from, to).ifPresent(row::setLagMax);
      // A burst the window's end cuts has no base stretch to drain in: reported, not judged.
      if (s.label().equals(LoadShapes.BURST) && i + 1 < segments.size()) {
        bursts++;
        long next =
            nextBurst(segments, i)
                .map(b -> start + Math.round(b.start()))
                .orElse(start + Math.round(shape.seconds()));
        long baseBefore = Math.round(segments.get(i + 1).seconds());
        if (bursts == 1) {
          firstLevel = max(inputLag, from - baseBefore, from);
        }
        drain(row, from, to, next, from - baseBefore, firstLevel, seconds, inputLag, caughtUpLag);
        if (row.getDrainSeconds() != null) {
          drained++;
          drainMax =
              drainMax == null ? row.getDrainSeconds() : Math.max(drainMax, row.getDrainSeconds());
        }
      }
      rows.add(row);
    }
    LoadShapeSummary summary = new LoadShapeSummary();
    summary.setShape(LoadShapes.describe(load.getShape()));
    summary.setSegments(rows);
    if (bursts > 0) {
      summary.setBursts(bursts);
      summary.setBurstsDrained(drained);
      summary.setDrainSecondsMax(drainMax);
    }
    return summary;
  }

  /**
   * The records every generator's schedule puts in {@code segment}, summed: each of the producers
   * sends its share of each topic's rate under the same shape.
   */
  static long records(LoadSpec load, LoadShape shape, LoadShape.Segment segment) {
    int producers = load.getProducers() == null ? 1 : load.getProducers();
    long records = 0;
    for (LoadTopicSpec topic : load.getTopics()) {
      if (topic.getRatePerSecond() != null) {
        records += producers * shape.records(segment, topic.getRatePerSecond() / producers);
      }
    }
    return records;
  }

  /**
   * Sets the burst's drain times: by its lag (0 when no sample of the burst was past the level,
   * else the first sample after {@code end} back at it, an upper bound at the scrape's resolution:
   * the level of [{@code before}, {@code start}), or the first burst's, whichever is lower: a burst
   * begun while the last was still draining is back only where the app was before any burst) and by
   * its latency, both before {@code next}.
   */
  private static void drain(
      LoadSegmentSummary row,
      long start,
      long end,
      long next,
      long before,
      OptionalDouble firstLevel,
      NavigableMap<Long, Histogram> seconds,
      List<RangeSeries.Point> inputLag,
      double caughtUpLag) {
    OptionalDouble levelBefore = max(inputLag, before, start);
    if (levelBefore.isPresent()) {
      double level =
          Math.min(levelBefore.getAsDouble(), firstLevel.orElse(levelBefore.getAsDouble()));
      double back = Math.max(level, caughtUpLag);
      OptionalDouble peak = max(inputLag, start, end);
      if (peak.isPresent() && peak.getAsDouble() <= back) {
        // The burst never took the lag past its level: nothing to drain, not a scrape's wait.
        row.setDrainSeconds(0.0);
      } else {
        inputLag.stream()
            .filter(p -> p.epochSeconds() >= end && p.epochSeconds() < next)
            .filter(p -> p.value() <= back)
            .findFirst()
            .ifPresent(p -> row.setDrainSeconds(round(p.epochSeconds() - end)));
      }
    }
    FaultResults.latencyBackFrom(seconds, before, start, next)
        .ifPresent(back -> row.setLatencyBackSeconds((double) Math.max(0, back - end)));
  }

  private static java.util.Optional<LoadShape.Segment> nextBurst(
      List<LoadShape.Segment> segments, int i) {
    return segments.subList(i + 1, segments.size()).stream()
        .filter(s -> s.label().equals(LoadShapes.BURST))
        .findFirst();
  }

  /** The highest value sampled in [from, to) seconds. */
  private static OptionalDouble max(List<RangeSeries.Point> points, long from, long to) {
    return points.stream()
        .filter(p -> p.epochSeconds() >= from && p.epochSeconds() < to)
        .mapToDouble(RangeSeries.Point::value)
        .max();
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }
}
