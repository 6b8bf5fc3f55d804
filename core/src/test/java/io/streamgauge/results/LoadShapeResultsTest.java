package io.streamgauge.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.api.spec.LoadSpec;
import io.streamgauge.api.spec.LoadTopicSpec;
import io.streamgauge.api.summary.LoadSegmentSummary;
import io.streamgauge.api.summary.LoadShapeSummary;
import io.streamgauge.common.LoadShape;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.metrics.RangeSeries;
import io.streamgauge.testing.Specs;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoadShapeResultsTest {

  private static final long START = 1_000;

  /**
   * Two bursts of 5× for 10 s every 30 s at 100 records/s over 3 producers: the first one's lag
   * drains 6 s after its end and its latency is back 4 s after it; the second leaves no trace.
   */
  @Test
  void eachSegmentHasItsRecordsLatencyAndLagAndEachBurstItsDrain() {
    LoadSpec load = load(100, 3);
    LoadShape shape = LoadShapes.of(load.getShape(), Duration.ofSeconds(60));
    NavigableMap<Long, Histogram> seconds = new TreeMap<>();
    for (long s = START - 30; s < START + 60; s++) {
      long relative = s - START;
      boolean burst = relative >= 0 && relative < 10 || relative >= 30 && relative < 40;
      long latencyMs =
          relative >= 0 && relative < 10 ? 400 : relative >= 10 && relative < 14 ? 300 : 50;
      seconds.put(s, histogram(burst ? 500 : 100, latencyMs));
    }
    List<RangeSeries.Point> lag = new ArrayList<>();
    for (long s = START - 30; s < START + 60; s += 2) {
      long relative = s - START;
      double value = relative >= 0 && relative < 16 ? 3_000 : relative < 0 ? 20 : 40;
      lag.add(new RangeSeries.Point(s, value));
    }

    LoadShapeSummary summary =
        LoadShapeResults.summarize(load, shape, Instant.ofEpochSecond(START), seconds, lag, 100);

    assertThat(summary.getShape()).isEqualTo("a burst of 5× for 10s every 30s");
    List<LoadSegmentSummary> rows = summary.getSegments();
    assertThat(rows)
        .extracting(LoadSegmentSummary::getLabel)
        .containsExactly("burst", "base", "burst", "base");
    assertThat(rows)
        .extracting(LoadSegmentSummary::getRecords)
        .as(
            "each producer's schedule at 33.3 records/s: ⌈rate·F(end)⌉ − ⌈rate·F(start)⌉ of"
                + " 1,666.7, 2,333.3, 4,000 and 4,666.7 records by 10, 30, 40 and 60 s, times 3")
        .containsExactly(5_001L, 2_001L, 4_998L, 2_001L);
    assertThat(rows.get(0).getFromRatePerSec()).isEqualTo(500.0);
    assertThat(rows.get(1).getToRatePerSec()).isEqualTo(100.0);
    assertThat(rows)
        .extracting(r -> r.getLatency().getSamples())
        .containsExactly(5_000L, 2_000L, 5_000L, 2_000L);
    assertThat(rows.get(0).getLatency().getP99Ms())
        .as("400 ms to two significant digits")
        .isBetween(400.0, 404.0);
    assertThat(rows.get(1).getLatency().getP99Ms())
        .as("the base stretch: 300 ms for 4 s of 20")
        .isBetween(300.0, 303.0);
    assertThat(rows.get(1).getLatency().getP50Ms()).isBetween(50.0, 50.5);
    assertThat(rows.get(0).getLagMax()).isEqualTo(3_000.0);
    assertThat(rows.get(0).getDrainSeconds()).isEqualTo(6.0);
    assertThat(rows.get(0).getLatencyBackSeconds()).isEqualTo(4.0);
    assertThat(rows.get(2).getDrainSeconds())
        .as("the second burst never took the lag (40) past its level (100 caught up)")
        .isEqualTo(0.0);
    assertThat(rows.get(2).getLatencyBackSeconds()).isEqualTo(0.0);
    assertThat(rows.get(1).getDrainSeconds()).as("not a burst").isNull();
    assertThat(summary.getBursts()).isEqualTo(2);
    assertThat(summary.getBurstsDrained()).isEqualTo(2);
    assertThat(summary.getDrainSecondsMax()).isEqualTo(6.0);
  }

  /**
   * The second burst starts while the first is still draining: it counts as drained only where the
   * app was before any burst, not at the backlog the first one left.
   */
  @Test
  void aBurstStillBehindAtTheNextIsNotDrained() {
    LoadSpec load = load(100, 1);
    LoadShape shape = LoadShapes.of(load.getShape(), Duration.ofSeconds(60));
    List<RangeSeries.Point> lag = new ArrayList<>();
    for (long s = START - 30; s < START + 60; s += 2) {
      lag.add(new RangeSeries.Point(s, s < START ? 20 : 5_000));
    }
    LoadShapeSummary summary =
        LoadShapeResults.summarize(
            load, shape, Instant.ofEpochSecond(START), new TreeMap<>(), lag, 100);
    assertThat(summary.getSegments().get(0).getDrainSeconds()).isNull();
    assertThat(summary.getSegments().get(0).getRecords()).isEqualTo(5_000L);
    assertThat(summary.getBurstsDrained()).isZero();
    assertThat(summary.getDrainSecondsMax()).isNull();
  }

  /** A burst the window's end cuts has nothing to drain in: it is not counted among the bursts. */
  @Test
  void aBurstCutByTheWindowsEndIsNotJudged() {
    LoadSpec load = load(100, 1);
    LoadShape shape = LoadShapes.of(load.getShape(), Duration.ofSeconds(65));
    LoadShapeSummary summary =
        LoadShapeResults.summarize(
            load, shape, Instant.ofEpochSecond(START), new TreeMap<>(), List.of(), 100);
    assertThat(summary.getSegments()).hasSize(5);
    assertThat(summary.getSegments().get(4).getLabel()).isEqualTo("burst");
    assertThat(summary.getSegments().get(4).getRecords()).as("5 s of 5 × 100").isEqualTo(2_500L);
    assertThat(summary.getBursts()).isEqualTo(2);
  }

  private static LoadSpec load(double rate, int producers) {
    LoadTopicSpec topic = new LoadTopicSpec();
    topic.setName("input");
    topic.setRatePerSecond(rate);
    LoadSpec load = new LoadSpec();
    load.setTopics(List.of(topic));
    load.setProducers(producers);
    load.setShape(Specs.burst(5, "10s", "30s"));
    return load;
  }

  private static Histogram histogram(long count, long latencyMs) {
    Histogram h = new Histogram(3_600_000_000L, 2);
    h.recordValueWithCount(latencyMs * 1000, count);
    return h;
  }
}
