package io.streamgauge.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.streamgauge.common.RecordHeaders;
import io.streamgauge.conformance.ConformanceCheck.Verdict;
import io.streamgauge.conformance.OutputRecorder.Seen;
import io.streamgauge.conformance.ProbeTraffic.Probe;
import io.streamgauge.metrics.Component;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ConformanceJudgeTest {

  private static final Instant NOW = Instant.parse("2026-12-01T20:00:00Z");
  private static final long HOUR_AGO = NOW.minus(Duration.ofHours(1)).toEpochMilli();

  @Test
  void carriedTimestampsPassAndOnesStampedWhenWrittenFailSayingSo() {
    List<Probe> probes = probes(3);
    List<Seen> carried = new ArrayList<>();
    List<Seen> restamped = new ArrayList<>();
    for (int i = 0; i < probes.size(); i++) {
      carried.add(seen(i, probes.get(i).timestamp(), probes.get(i).trace(), NOW));
      restamped.add(seen(i, NOW.plusMillis(i).toEpochMilli(), probes.get(i).trace(), NOW));
    }

    ConformanceCheck good = ConformanceJudge.timestamps(probes, carried, true, NOW);
    ConformanceCheck bad = ConformanceJudge.timestamps(probes, restamped, true, NOW);
    ConformanceCheck aggregated = ConformanceJudge.timestamps(probes, carried, false, NOW);

    assertThat(good.verdict()).isEqualTo(Verdict.PASS);
    assertThat(aggregated.verdict()).isEqualTo(Verdict.PASS);
    assertThat(bad.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(bad.detail())
        .startsWith("3 of 3 output records carry another timestamp")
        .contains("3 stamped with the time they were written");
  }

  @Test
  void aOneToOneOutputWithoutItsInputsHeaderFailsHeaders() {
    List<Probe> probes = probes(2);
    List<Seen> output =
        List.of(
            seen(0, probes.get(0).timestamp(), probes.get(0).trace(), NOW),
            seen(1, probes.get(1).timestamp(), null, NOW));

    assertThat(ConformanceJudge.headers(probes, output, true).verdict()).isEqualTo(Verdict.FAIL);
    assertThat(ConformanceJudge.headers(probes, output.subList(0, 1), true).verdict())
        .isEqualTo(Verdict.PASS);
    assertThat(ConformanceJudge.headers(probes, output, false).verdict())
        .isEqualTo(Verdict.NOT_CHECKED);
  }

  @Test
  void outputCommittedInBurstsOnTheIntervalIsTransactionalAndOutputWithoutMarkersIsNot() {
    Duration interval = Duration.ofSeconds(5);
    List<Seen> written = new ArrayList<>();
    List<Seen> committed = new ArrayList<>();
    List<Seen> atOnce = new ArrayList<>();
    // 20 records a second for 16 s; commits at 5, 10 and 15 s make everything before visible,
    // each leaving a marker (an offset) after the records it commits.
    for (int i = 0; i < 320; i++) {
      Instant at = NOW.plusMillis(50L * i);
      long commitsBefore = 50L * i / 5000;
      Instant visible = NOW.plusMillis((commitsBefore + 1) * 5000);
      written.add(seen(i + commitsBefore, HOUR_AGO, null, at));
      if (visible.isBefore(NOW.plusSeconds(16))) {
        committed.add(seen(i + commitsBefore, HOUR_AGO, null, visible));
      }
      atOnce.add(seen(i, HOUR_AGO, null, at.plusMillis(20)));
    }

    ConformanceCheck transactional = ConformanceJudge.transactional(written, committed, interval);
    ConformanceCheck immediate = ConformanceJudge.transactional(atOnce, atOnce, interval);

    assertThat(ConformanceJudge.commitStarts(committed)).hasSize(3);
    assertThat(transactional.verdict()).as(transactional.detail()).isEqualTo(Verdict.PASS);
    assertThat(transactional.detail())
        .contains("3 commits a median 5.0 s apart", "2 commit markers between its records");
    assertThat(immediate.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(immediate.detail())
        .contains("319 pairs of consecutive committed records have contiguous offsets");
  }

  @Test
  void outputBufferedUntilTheCommitIsTransactionalThoughItWaitsLittle() {
    List<Seen> written = new ArrayList<>();
    List<Seen> committed = new ArrayList<>();
    // a record cache: each interval's output written 100 ms before its commit, 40 records a time
    for (int commit = 0; commit < 4; commit++) {
      Instant visible = NOW.plusSeconds(5L * (commit + 1));
      for (int i = 0; i < 40; i++) {
        long offset = commit * 41L + i;
        written.add(seen(offset, HOUR_AGO, null, visible.minusMillis(100)));
        committed.add(seen(offset, HOUR_AGO, null, visible));
      }
    }

    ConformanceCheck check =
        ConformanceJudge.transactional(written, committed, Duration.ofSeconds(5));

    assertThat(check.verdict()).as(check.detail()).isEqualTo(Verdict.PASS);
    assertThat(check.detail()).contains("each record a median 0.1 s after it was written");
  }

  @Test
  void commitsFarMoreOftenThanTheIntervalAreNotOnTheInterval() {
    List<Seen> written = new ArrayList<>();
    List<Seen> committed = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Instant at = NOW.plusMillis(50L * i);
      long commitsBefore = 50L * i / 1500;
      written.add(seen(i + commitsBefore, HOUR_AGO, null, at));
      // a commit every 1.5 s, each record waiting ~0.75 s, against a 4 s interval
      committed.add(
          seen(i + commitsBefore, HOUR_AGO, null, NOW.plusMillis((commitsBefore + 1) * 1500)));
    }

    ConformanceCheck check =
        ConformanceJudge.transactional(written, committed, Duration.ofSeconds(4));

    assertThat(check.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(check.detail()).contains("does not commit on its commit.interval.ms");
  }

  @Test
  void aProbeSeenTwiceOrNeverAfterTheKillFailsAndExactCountsPass() {
    List<Probe> probes = probes(3);
    List<Seen> twice =
        List.of(
            seen(0, 0, probes.get(0).trace(), NOW),
            seen(1, 0, probes.get(0).trace(), NOW),
            seen(2, 0, probes.get(1).trace(), NOW));
    List<Probe> lines =
        List.of(
            new Probe("input", trace(0), HOUR_AGO, "kafka flink".getBytes(StandardCharsets.UTF_8)),
            new Probe("input", trace(1), HOUR_AGO, "kafka".getBytes(StandardCharsets.UTF_8)));
    List<Seen> exact = List.of(count("kafka", 1), count("flink", 1), count("kafka", 2));
    List<Seen> doubled = List.of(count("kafka", 3), count("flink", 1));

    ConformanceCheck dup =
        ConformanceJudge.exactlyOnceAcrossAKill("stateless-simple", true, probes, twice, "kill -9");
    ConformanceCheck counts =
        ConformanceJudge.exactlyOnceAcrossAKill("wordcount", false, lines, exact, "kill -9");
    ConformanceCheck overcounted =
        ConformanceJudge.exactlyOnceAcrossAKill("wordcount", false, lines, doubled, "kill -9");

    assertThat(dup.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(dup.detail()).contains("1 probe(s) more than once and 1 never (of 3)");
    assertThat(counts.verdict()).as(counts.detail()).isEqualTo(Verdict.PASS);
    assertThat(overcounted.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(overcounted.detail()).contains("kafka sent 2, counted 3");
    assertThat(
            ConformanceJudge.exactlyOnceAcrossAKill(
                    "stateless-advanced", false, probes, twice, "kill -9")
                .verdict())
        .isEqualTo(Verdict.NOT_CHECKED);
  }

  @Test
  void aFigureTheProfileReadsButTheAppLacksFailsWhileOneNoProfileReadsWarns() {
    List<FigureResult> figures =
        List.of(
            figure(Figure.CPU_CORES, 0.5, null),
            figure(
                Figure.HEAP_BYTES, null, "no data: jvm_memory_used_bytes{area=\"heap\"} is absent"),
            figure(
                Figure.GC_PAUSE_MAX_SECONDS,
                null,
                "no query for gcPauseMaxSeconds in profile(s) prometheus-jvm"),
            figure(
                Figure.GC_PAUSE_SECONDS,
                null,
                "the query returned NaN (for a per-event figure such as a GC pause: no events in the window)"));

    Map<String, Verdict> verdicts = new java.util.HashMap<>();
    ConformanceJudge.metrics(figures).forEach(c -> verdicts.put(c.name(), c.verdict()));

    assertThat(verdicts)
        .containsEntry("metric cpuCores", Verdict.PASS)
        .containsEntry("metric heapBytes", Verdict.FAIL)
        .containsEntry("metric gcPauseMaxSeconds", Verdict.WARN)
        .containsEntry("metric gcPauseSeconds", Verdict.WARN)
        .containsEntry("metric threads", Verdict.NOT_CHECKED);
  }

  @Test
  void readinessAndSigtermSayWhatTheAppDid() {
    assertThat(ConformanceJudge.ready("/health", Optional.empty(), Duration.ofMinutes(2)).verdict())
        .isEqualTo(Verdict.FAIL);
    assertThat(
            ConformanceJudge.ready(
                    "/health", Optional.of(Duration.ofSeconds(3)), Duration.ofMinutes(2))
                .detail())
        .isEqualTo("/health answered 200 3.0 s after start");
    assertThat(
            ConformanceJudge.sigterm(Optional.empty(), OptionalInt.of(137), Duration.ofSeconds(35))
                .verdict())
        .isEqualTo(Verdict.FAIL);
    assertThat(
            ConformanceJudge.sigterm(
                    Optional.of(Duration.ofMillis(400)),
                    OptionalInt.of(143),
                    Duration.ofSeconds(35))
                .detail())
        .isEqualTo("stopped 0.4 s after SIGTERM (exit 143)");
    ConformanceCheck crashedOnClose =
        ConformanceJudge.sigterm(
            Optional.of(Duration.ofMillis(400)), OptionalInt.of(134), Duration.ofSeconds(35));
    assertThat(crashedOnClose.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(crashedOnClose.detail())
        .startsWith("stopped 0.4 s after SIGTERM (exit 134): a clean");
  }

  private static List<Probe> probes(int count) {
    List<Probe> probes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      probes.add(
          new Probe(
              "input", trace(i), HOUR_AGO + i, ("value " + i).getBytes(StandardCharsets.UTF_8)));
    }
    return probes;
  }

  private static byte[] trace(long sequence) {
    return RecordHeaders.encodeTrace(RecordHeaders.streamId("probe", "input", 0), sequence);
  }

  private static Seen seen(long offset, long timestamp, byte[] trace, Instant arrived) {
    return new Seen("output", 0, offset, timestamp, null, null, trace, arrived);
  }

  private static Seen count(String word, long count) {
    return new Seen(
        "output",
        0,
        0,
        HOUR_AGO,
        word.getBytes(StandardCharsets.UTF_8),
        ByteBuffer.allocate(Long.BYTES).putLong(count).array(),
        null,
        NOW);
  }

  private static FigureResult figure(Figure figure, Double value, String missing) {
    return new FigureResult(
        Component.APP, figure, "prometheus-jvm", "q", value, missing, null, null, null, null);
  }
}
