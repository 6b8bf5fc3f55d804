package io.streamgauge.conformance;

import io.streamgauge.conformance.OutputRecorder.Seen;
import io.streamgauge.conformance.ProbeTraffic.Probe;
import io.streamgauge.metrics.Figure;
import io.streamgauge.metrics.FigureResult;
import io.streamgauge.platform.AppExit;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Judges what the conformance run saw, one point of the contract at a time; pure, so each rule is
 * tested on its own.
 */
final class ConformanceJudge {

  /** The app's own figures, as its metric profile and the platform read them. */
  static final List<Figure> APP_FIGURES =
      List.of(
          Figure.CPU_CORES,
          Figure.MEMORY_BYTES,
          Figure.HEAP_BYTES,
          Figure.GC_PAUSE_SECONDS,
          Figure.GC_PAUSE_MAX_SECONDS,
          Figure.THREADS);

  /** Two committed records further apart than this belong to different commits. */
  static final Duration COMMIT_GAP = Duration.ofMillis(500);

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private ConformanceJudge() {}

  /** The app's readiness path answered 200 within {@code limit} of its start. */
  static ConformanceCheck ready(String path, Optional<Duration> timeToReady, Duration limit) {
    return timeToReady
        .map(
            t ->
                ConformanceCheck.pass(
                    "ready", path + " answered 200 " + seconds(t) + " after start"))
        .orElse(
            ConformanceCheck.fail(
                "ready",
                path
                    + " did not answer 200 within "
                    + seconds(limit)
                    + " of start: the app must answer 200 on its readiness path once it"
                    + " processes records (spec.app.metrics.readinessPath)"));
  }

  /** Every output topic got records. */
  static ConformanceCheck outputs(List<String> topics, List<Seen> committed) {
    Map<String, Long> counts = new LinkedHashMap<>();
    topics.forEach(t -> counts.put(t, 0L));
    committed.forEach(s -> counts.merge(s.topic(), 1L, Long::sum));
    List<String> empty =
        counts.entrySet().stream().filter(e -> e.getValue() == 0).map(Map.Entry::getKey).toList();
    String tally =
        counts.entrySet().stream()
            .map(e -> e.getKey() + " (" + e.getValue() + ")")
            .collect(Collectors.joining(", "));
    return empty.isEmpty()
        ? ConformanceCheck.pass("outputs", "every output topic written: " + tally)
        : ConformanceCheck.fail(
            "outputs", "nothing committed to " + String.join(", ", empty) + " of " + tally);
  }

  /**
   * Output records carry the timestamp of their input (one to one), or of an input behind them (an
   * aggregation: within the probes' timestamps, all an hour old), never the time they were written:
   * that is what makes the measured latency end to end.
   *
   * @param writtenFrom when the probes began to be sent; any output stamped later was re-stamped
   */
  static ConformanceCheck timestamps(
      List<Probe> probes, List<Seen> committed, boolean oneToOne, Instant writtenFrom) {
    if (committed.isEmpty()) {
      return ConformanceCheck.notChecked("timestamps", "no output to check");
    }
    Map<String, Long> byTrace = new HashMap<>();
    probes.forEach(p -> byTrace.put(key(p.trace()), p.timestamp()));
    long first = probes.stream().mapToLong(Probe::timestamp).min().orElse(0);
    long last = probes.stream().mapToLong(Probe::timestamp).max().orElse(0);
    int wrong = 0;
    int restamped = 0;
    Seen example = null;
    for (Seen s : committed) {
      Long input = oneToOne && s.trace() != null ? byTrace.get(key(s.trace())) : null;
      boolean ok =
          input != null ? s.timestamp() == input : s.timestamp() >= first && s.timestamp() <= last;
      if (!ok) {
        wrong++;
        if (s.timestamp() >= writtenFrom.toEpochMilli()) {
          restamped++;
        }
        example = example == null ? s : example;
      }
    }
    if (wrong == 0) {
      return ConformanceCheck.pass(
          "timestamps",
          oneToOne
              ? "every output record carries its input's timestamp (" + committed.size() + ")"
              : "every output record carries the timestamp of an input behind it ("
                  + committed.size()
                  + ")");
    }
    return ConformanceCheck.fail(
        "timestamps",
        wrong
            + " of "
            + committed.size()
            + " output records carry another timestamp (e.g. "
            + Instant.ofEpochMilli(example.timestamp())
            + " on "
            + example.topic()
            + ", inputs stamped "
            + Instant.ofEpochMilli(first)
            + " to "
            + Instant.ofEpochMilli(last)
            + ")"
            + (restamped > 0
                ? "; "
                    + restamped
                    + " stamped with the time they were written: the latency measured"
                    + " would leave out the time in the app"
                : ""));
  }

  /**
   * A one-to-one topology's output records carry their input's trace header, which the latency
   * consumer counts lost and duplicated records by.
   */
  static ConformanceCheck headers(List<Probe> probes, List<Seen> committed, boolean oneToOne) {
    if (!oneToOne) {
      return ConformanceCheck.notChecked(
          "headers", "the scenario does not keep records one to one: integrity is not tracked");
    }
    Set<String> traces = probes.stream().map(p -> key(p.trace())).collect(Collectors.toSet());
    long carried =
        committed.stream()
            .filter(s -> s.trace() != null && traces.contains(key(s.trace())))
            .count();
    return carried == committed.size()
        ? ConformanceCheck.pass(
            "headers",
            "every output record carries its input's sg header: lost and duplicated records can be"
                + " counted")
        : ConformanceCheck.fail(
            "headers",
            (committed.size() - carried)
                + " of "
                + committed.size()
                + " output records lack their input's sg header: the app must copy headers to"
                + " what it derives one to one, or integrity cannot be tracked");
  }

  /**
   * Under exactly-once, output is written in transactions committed on the commit interval. Each
   * commit leaves a marker in every partition the transaction wrote to, so consecutive committed
   * records skip an offset at each commit; output written outside transactions has contiguous
   * offsets. And {@code read_committed} sees a transaction's records when it commits: in bursts
   * about an interval apart, where an app that ignores the interval shows another spacing. How long
   * a record waits between being written ({@code read_uncommitted}) and visible is reported, not
   * judged: an app that buffers output (Kafka Streams' record caches) writes it just before the
   * commit.
   */
  static ConformanceCheck transactional(
      List<Seen> uncommitted, List<Seen> committed, Duration commitInterval) {
    OffsetSkips skips = OffsetSkips.of(committed);
    if (skips.pairs() == 0) {
      return ConformanceCheck.fail(
          "transactional", "too little committed output to judge: no two records in a partition");
    }
    long interval = commitInterval.toMillis();
    String written =
        medianWait(uncommitted, committed)
            .map(w -> ", each record a median " + seconds(w) + " after it was written")
            .orElse("");
    if (skips.skips() == 0) {
      return ConformanceCheck.fail(
          "transactional",
          "the "
              + skips.pairs()
              + " pairs of consecutive committed records have contiguous offsets"
              + written
              + ": no commit markers between them, so the output is not written in transactions");
    }
    List<Instant> commits = commitStarts(committed);
    if (commits.size() < 3) {
      return ConformanceCheck.fail(
          "transactional",
          "too little output to judge the commits' spacing: " + commits.size() + " commit(s) seen");
    }
    List<Long> gaps = new ArrayList<>();
    for (int i = 1; i < commits.size(); i++) {
      gaps.add(Duration.between(commits.get(i - 1), commits.get(i)).toMillis());
    }
    long gap = median(gaps);
    String seen =
        "read_committed saw the output in "
            + commits.size()
            + " commits a median "
            + seconds(gap)
            + " apart"
            + written
            + ", "
            + skips.skips()
            + " commit markers between its records (commit interval "
            + seconds(interval)
            + ")";
    if (gap < interval / 2 || gap > 2 * interval + 1000) {
      return ConformanceCheck.fail(
          "transactional", seen + ": the app does not commit on its commit.interval.ms");
    }
    return ConformanceCheck.pass("transactional", seen);
  }

  /**
   * How often consecutive records of one partition skip offsets: each skip is a transaction marker
   * (or aborted writes) between them.
   *
   * @param pairs consecutive record pairs within a partition
   * @param skips those whose offsets are not contiguous
   */
  record OffsetSkips(int pairs, int skips) {

    static OffsetSkips of(List<Seen> records) {
      Map<String, List<Long>> byPartition = new HashMap<>();
      for (Seen s : records) {
        byPartition
            .computeIfAbsent(s.topic() + "/" + s.partition(), k -> new ArrayList<>())
            .add(s.offset());
      }
      int pairs = 0;
      int skips = 0;
      for (List<Long> offsets : byPartition.values()) {
        List<Long> sorted = offsets.stream().distinct().sorted().toList();
        for (int i = 1; i < sorted.size(); i++) {
          pairs++;
          if (sorted.get(i) - sorted.get(i - 1) > 1) {
            skips++;
          }
        }
      }
      return new OffsetSkips(pairs, skips);
    }
  }

  /** The median time between a record's being written and its being visible to read_committed. */
  private static Optional<Long> medianWait(List<Seen> uncommitted, List<Seen> committed) {
    Map<String, Instant> written = new HashMap<>();
    uncommitted.forEach(s -> written.putIfAbsent(s.position(), s.arrived()));
    List<Long> waits = new ArrayList<>();
    for (Seen s : committed) {
      Instant at = written.get(s.position());
      if (at != null) {
        waits.add(Math.max(0, Duration.between(at, s.arrived()).toMillis()));
      }
    }
    return waits.isEmpty() ? Optional.empty() : Optional.of(median(waits));
  }

  /** When each commit became visible: the first record of each burst. */
  static List<Instant> commitStarts(List<Seen> committed) {
    List<Instant> arrivals = committed.stream().map(Seen::arrived).sorted().toList();
    List<Instant> starts = new ArrayList<>();
    Instant previous = null;
    for (Instant at : arrivals) {
      if (previous == null || Duration.between(previous, at).compareTo(COMMIT_GAP) > 0) {
        starts.add(at);
      }
      previous = at;
    }
    return starts;
  }

  /**
   * After the app was killed in the middle of a transaction and started again, {@code
   * read_committed} saw every probe's output exactly once: the aborted writes stayed invisible and
   * the restarted app neither lost nor repeated committed work. One to one: each probe's trace
   * once. Wordcount: each word's last count is how often it was sent.
   */
  static ConformanceCheck exactlyOnceAcrossAKill(
      String scenario, boolean oneToOne, List<Probe> probes, List<Seen> committed, String kill) {
    String name = "aborted-unseen";
    String after = "after " + kill;
    if (oneToOne) {
      Map<String, Integer> seen = new HashMap<>();
      committed.forEach(s -> seen.merge(s.trace() == null ? "" : key(s.trace()), 1, Integer::sum));
      long twice = probes.stream().filter(p -> seen.getOrDefault(key(p.trace()), 0) > 1).count();
      long never = probes.stream().filter(p -> seen.getOrDefault(key(p.trace()), 0) == 0).count();
      if (twice == 0 && never == 0) {
        return ConformanceCheck.pass(
            name, after + ", read_committed saw each of " + probes.size() + " probes once");
      }
      return ConformanceCheck.fail(
          name,
          after
              + ", read_committed saw "
              + twice
              + " probe(s) more than once and "
              + never
              + " never (of "
              + probes.size()
              + ")");
    }
    if (scenario.equals("wordcount")) {
      Map<String, Long> sent = new TreeMap<>();
      for (Probe p : probes) {
        for (String word :
            WHITESPACE.split(new String(p.value(), java.nio.charset.StandardCharsets.UTF_8))) {
          if (!word.isEmpty()) {
            sent.merge(word, 1L, Long::sum);
          }
        }
      }
      Map<String, Long> counted = new TreeMap<>();
      for (Seen s : committed) {
        if (s.key() != null && s.value() != null && s.value().length == Long.BYTES) {
          counted.merge(
              new String(s.key(), java.nio.charset.StandardCharsets.UTF_8),
              ByteBuffer.wrap(s.value()).getLong(),
              Math::max);
        }
      }
      List<String> off =
          sent.keySet().stream()
              .filter(w -> !sent.get(w).equals(counted.get(w)))
              .limit(5)
              .map(w -> w + " sent " + sent.get(w) + ", counted " + counted.getOrDefault(w, 0L))
              .toList();
      return off.isEmpty()
          ? ConformanceCheck.pass(
              name,
              after + ", every word's count is how often it was sent (" + sent.size() + " words)")
          : ConformanceCheck.fail(name, after + ", counts are off: " + String.join("; ", off));
    }
    return ConformanceCheck.notChecked(
        name,
        scenario
            + " does not keep records one to one: what exactly once means for its output is not checked");
  }

  /**
   * Each of the app's figures was found: those its profile reads from the app's own metrics (heap,
   * GC, threads) must be there, else the profile does not match what the app exposes; a figure no
   * profile of the run offers is not asked for, so not checked (client_java keeps no GC pause
   * maximum); one without a query, or a per-event one without events (no GC in the window), is a
   * warning.
   */
  static List<ConformanceCheck> metrics(List<FigureResult> figures) {
    List<ConformanceCheck> checks = new ArrayList<>();
    for (Figure figure : APP_FIGURES) {
      String name = "metric " + figure.key();
      Optional<FigureResult> result =
          figures.stream().filter(f -> f.figure() == figure).findFirst();
      if (result.isEmpty()) {
        checks.add(
            ConformanceCheck.notChecked(
                name,
                "no metric profile of the run offers it (docs/reference/metric-profiles.md)"));
      } else if (result.get().isMeasured()) {
        checks.add(
            ConformanceCheck.pass(
                name,
                format(result.get().value())
                    + " "
                    + figure.unit()
                    + " ("
                    + result.get().profile()
                    + ")"));
      } else if (result.get().missingReason().startsWith("no query")
          || result.get().missingReason().contains("no events in the window")) {
        checks.add(ConformanceCheck.warn(name, result.get().missingReason()));
      } else {
        checks.add(
            ConformanceCheck.fail(
                name,
                result.get().missingReason()
                    + ": the app's /metrics lacks what its profile (spec.app.metrics.profile) reads"));
      }
    }
    return checks;
  }

  /** SIGTERM stopped the app within its shutdown timeout, and it exited as a clean stop does. */
  static ConformanceCheck sigterm(
      Optional<Duration> stoppedIn, OptionalInt exitCode, Duration limit) {
    if (stoppedIn.isEmpty()) {
      return ConformanceCheck.fail(
          "sigterm", "still running " + seconds(limit) + " after SIGTERM (shutdown.timeout.ms)");
    }
    String how =
        "stopped " + seconds(stoppedIn.get()) + " after SIGTERM (exit " + exitCode.orElse(-1) + ")";
    if (exitCode.isPresent() && !AppExit.isClean(exitCode.getAsInt())) {
      return ConformanceCheck.fail(
          "sigterm", how + ": a clean stop exits 0 (or 143, a JVM's own on SIGTERM); see its log");
    }
    return ConformanceCheck.pass("sigterm", how);
  }

  private static String key(byte[] trace) {
    return Arrays.toString(trace);
  }

  private static long median(List<Long> values) {
    List<Long> sorted = values.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }

  private static String seconds(Duration d) {
    return seconds(d.toMillis());
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  private static String format(double value) {
    return Math.abs(value) >= 1000
        ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%.3g", value);
  }
}
