package io.streamgauge.results;

import io.streamgauge.api.status.FaultStatus;
import io.streamgauge.api.summary.FaultSummary;
import io.streamgauge.api.summary.IntegritySummary;
import io.streamgauge.api.summary.LatencySegment;
import io.streamgauge.metrics.RangeSeries;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * What each injected fault did, from the run over time: when the app recovered (from some scrape on
 * until the window's end: its output rate averaged no more than {@link #RATE_TOLERANCE} below its
 * average before the fault (nor above it, unless the lag is as low as before), never below half,
 * and its input lag at every scrape back where it was: at most the highest seen before the fault,
 * or caught up as the run's start counts it, whichever is more), the latency of the records stamped
 * before, during and after it, and the broker-bounce verdict on delivery. Each fault's "before"
 * starts at the previous fault (or the window's start) and its "after" ends at the next one (or the
 * window's end).
 */
public final class FaultResults {

  /** How far from its pre-fault average the output rate may be and count as recovered. */
  public static final double RATE_TOLERANCE = 0.05;

  /**
   * The share of its pre-fault average below which one scrape's output rate is a stall: no
   * recovered stretch holds one, so a stall and its catch-up cannot average out.
   */
  public static final double STALL_SHARE = 0.5;

  private FaultResults() {}

  /**
   * @param faults status.faults; those never injected are left out
   * @param measurementStart the window's start
   * @param measurementEnd the window's end
   * @param outputRate the output rate a point per scrape (each over two scrapes)
   * @param inputLag the app's input lag a point per scrape, or empty when not sampled
   * @param caughtUpLag the input lag, in records, within which an app counts as caught up ({@code
   *     checks.maxBacklogAtStartSeconds} of the target rate): the pre-fault maximum alone is the
   *     highest of a few noisy scrapes, which a recovered app's longer rest of the window exceeds
   *     by chance (a 45.9 s "recovery" under exactly-once at 400 records/s in CI)
   * @param seconds the measurement window's latency per second of record timestamps
   * @param integrity the window's integrity, or null where not tracked
   * @param group the app's consumer group over the run, for each fault's rebalance
   */
  public static List<FaultSummary> summarize(
      List<FaultStatus> faults,
      Instant measurementStart,
      Instant measurementEnd,
      List<RangeSeries.Point> outputRate,
      List<RangeSeries.Point> inputLag,
      double caughtUpLag,
      NavigableMap<Long, Histogram> seconds,
      IntegritySummary integrity,
      GroupHistory group) {
    List<FaultStatus> injected =
        faults == null
            ? List.of()
            : faults.stream().filter(f -> f.getInjectedAt() != null).toList();
    List<FaultSummary> summaries = new ArrayList<>();
    for (int i = 0; i < injected.size(); i++) {
      FaultStatus fault = injected.get(i);
      Instant at = Instant.parse(fault.getInjectedAt());
      Instant from = i == 0 ? measurementStart : Instant.parse(injected.get(i - 1).getInjectedAt());
      Instant to =
          i == injected.size() - 1
              ? measurementEnd
              : Instant.parse(injected.get(i + 1).getInjectedAt());
      FaultSummary summary = new FaultSummary();
      summary.setType(fault.getType());
      summary.setInstance(fault.getInstance());
      summary.setInjectedAt(fault.getInjectedAt());
      group
          .settledAgainAfter(at)
          .filter(settled -> !settled.isAfter(to))
          .ifPresent(
              settled ->
                  summary.setRebalanceSeconds(
                      (settled.toEpochMilli() - at.toEpochMilli()) / 1000.0));
      Instant recoveredAt = recovery(summary, at, from, to, outputRate, inputLag, caughtUpLag);
      // Seconds split where the segments meet; the window's last, partial second belongs to it.
      long first = from.getEpochSecond();
      long injectedSecond = at.getEpochSecond();
      long last = to.equals(measurementEnd) ? ceilSecond(to) : to.getEpochSecond();
      summary.setBefore(segment(seconds, first, injectedSecond));
      latencyBackFrom(seconds, first, injectedSecond, last)
          .ifPresent(
              back ->
                  summary.setLatencyRecoverySeconds(
                      Math.max(0, back * 1000 - at.toEpochMilli()) / 1000.0));
      if (recoveredAt == null) {
        summary.setDuring(segment(seconds, injectedSecond, last));
      } else {
        long recoveredSecond = Math.min(recoveredAt.getEpochSecond(), last);
        summary.setDuring(segment(seconds, injectedSecond, recoveredSecond));
        summary.setAfter(segment(seconds, recoveredSecond, last));
      }
      summary.setDelivery(delivery(integrity));
      summaries.add(summary);
    }
    return summaries;
  }

  /**
   * Sets recovered, recoverySeconds and the lags of {@code summary}.
   *
   * @return when the app recovered, or null
   */
  private static Instant recovery(
      FaultSummary summary,
      Instant at,
      Instant from,
      Instant to,
      List<RangeSeries.Point> outputRate,
      List<RangeSeries.Point> inputLag,
      double caughtUpLag) {
    OptionalDouble rateBefore = between(outputRate, from, at).mapToDouble(p -> p.value()).average();
    OptionalDouble lagBefore = between(inputLag, from, at).mapToDouble(p -> p.value()).max();
    OptionalDouble lagPeak = after(inputLag, at, to).mapToDouble(p -> p.value()).max();
    lagBefore.ifPresent(summary::setLagBefore);
    lagPeak.ifPresent(summary::setLagPeak);
    if (rateBefore.isEmpty()) {
      return null; // nothing to recover to: no output rate before the fault
    }
    List<RangeSeries.Point> afterwards = after(outputRate, at, to).toList();
    Instant recoveredAt = null;
    // Two scrapes at least: one good sample can be a rate passing through.
    for (int i = 0; i + 1 < afterwards.size() && recoveredAt == null; i++) {
      List<RangeSeries.Point> tail = afterwards.subList(i, afterwards.size());
      if (rateIsBack(tail, rateBefore.getAsDouble(), lagAsBefore(tail, inputLag, lagBefore))
          && lagStaysBack(tail, inputLag, lagBefore, caughtUpLag)) {
        recoveredAt = instant(afterwards.get(i));
      }
    }
    summary.setRecovered(recoveredAt != null);
    if (recoveredAt == null) {
      return null;
    }
    summary.setRecoverySeconds((recoveredAt.toEpochMilli() - at.toEpochMilli()) / 1000.0);
    return recoveredAt;
  }

  /**
   * Whether the output rate over {@code tail} is back: its average at least {@link #RATE_TOLERANCE}
   * short of {@code rateBefore} at most, and no scrape a stall ({@link #STALL_SHARE}). The average,
   * not every scrape: a rate over two scrapes scatters by more than 5 % at a few hundred records/s
   * (370 to 427 at 400 under exactly-once here), so requiring each scrape within 5 % would call a
   * recovered app unrecovered by chance; the floor keeps a stall and its catch-up from averaging
   * out.
   *
   * <p>A rate above the pre-fault average is held to the same 5 % unless the lag is as low as
   * before the fault at every scrape of {@code tail} ({@code lagAsBefore}): then no backlog is left
   * to catch up on, and an app cannot output more than its input for long without one, so a higher
   * steady rate means the few scrapes before the fault ran below the input rate (evidence:
   * bench/results/test-times.md). Lag within the caught-up allowance alone is not enough: an app
   * draining its last two seconds of backlog is still catching up.
   */
  private static boolean rateIsBack(
      List<RangeSeries.Point> tail, double rateBefore, boolean lagAsBefore) {
    double mean = tail.stream().mapToDouble(RangeSeries.Point::value).average().orElseThrow();
    boolean notBelow = mean >= (1 - RATE_TOLERANCE) * rateBefore;
    boolean notAbove = lagAsBefore || mean <= (1 + RATE_TOLERANCE) * rateBefore;
    return notBelow
        && notAbove
        && tail.stream().allMatch(p -> p.value() >= STALL_SHARE * rateBefore);
  }

  /** Whether the input lag at every scrape of {@code tail} is at most its pre-fault maximum. */
  private static boolean lagAsBefore(
      List<RangeSeries.Point> tail, List<RangeSeries.Point> inputLag, OptionalDouble lagBefore) {
    return lagBefore.isPresent()
        && tail.stream().allMatch(p -> lagAt(inputLag, p) <= lagBefore.getAsDouble());
  }

  /**
   * Whether the input lag at every scrape of {@code tail} is at most its pre-fault maximum or
   * {@code caughtUpLag}, whichever is more.
   */
  private static boolean lagStaysBack(
      List<RangeSeries.Point> tail,
      List<RangeSeries.Point> inputLag,
      OptionalDouble lagBefore,
      double caughtUpLag) {
    if (lagBefore.isEmpty()) {
      return true;
    }
    double back = Math.max(lagBefore.getAsDouble(), caughtUpLag);
    return tail.stream().allMatch(p -> lagAt(inputLag, p) <= back);
  }

  /** The lag sample nearest in time to {@code p}; +infinity when there is none. */
  private static double lagAt(List<RangeSeries.Point> lag, RangeSeries.Point p) {
    RangeSeries.Point nearest = null;
    for (RangeSeries.Point l : lag) {
      if (nearest == null
          || Math.abs(l.epochSeconds() - p.epochSeconds())
              < Math.abs(nearest.epochSeconds() - p.epochSeconds())) {
        nearest = l;
      }
    }
    return nearest == null ? Double.POSITIVE_INFINITY : nearest.value();
  }

  /** Points at or after {@code from} and at or before {@code to}. */
  private static Stream<RangeSeries.Point> between(
      List<RangeSeries.Point> points, Instant from, Instant to) {
    return points.stream().filter(p -> !instant(p).isBefore(from) && !instant(p).isAfter(to));
  }

  /** Points after {@code from} and at or before {@code to}. */
  private static Stream<RangeSeries.Point> after(
      List<RangeSeries.Point> points, Instant from, Instant to) {
    return points.stream().filter(p -> instant(p).isAfter(from) && !instant(p).isAfter(to));
  }

  private static Instant instant(RangeSeries.Point p) {
    return Instant.ofEpochMilli(Math.round(p.epochSeconds() * 1000));
  }

  private static long ceilSecond(Instant t) {
    return t.getNano() == 0 ? t.getEpochSecond() : t.getEpochSecond() + 1;
  }

  /**
   * The first second of [injected, last) from which every second's p99 up to {@code last} is at
   * most the highest per-second p99 of [first, injected): the latency back where it ranged before
   * the fault, with no margin to choose. Seconds without records are passed over. Empty when there
   * was no latency before, or it never got back.
   */
  static OptionalLong latencyBackFrom(
      NavigableMap<Long, Histogram> seconds, long first, long injected, long last) {
    OptionalLong worstBefore =
        seconds.subMap(first, true, injected, false).values().stream()
            .filter(h -> h.getTotalCount() > 0)
            .mapToLong(h -> h.getValueAtPercentile(99))
            .max();
    if (worstBefore.isEmpty()) {
      return OptionalLong.empty();
    }
    Long backFrom = null;
    for (Map.Entry<Long, Histogram> second :
        seconds.subMap(injected, true, last, false).entrySet()) {
      Histogram h = second.getValue();
      if (h.getTotalCount() == 0) {
        continue;
      }
      if (h.getValueAtPercentile(99) > worstBefore.getAsLong()) {
        backFrom = null;
      } else if (backFrom == null) {
        backFrom = second.getKey();
      }
    }
    return backFrom == null ? OptionalLong.empty() : OptionalLong.of(backFrom);
  }

  /**
   * The latency of the records stamped in the seconds [first, last), each second wholly on one side
   * of a boundary.
   */
  static LatencySegment segment(NavigableMap<Long, Histogram> seconds, long first, long last) {
    LatencySegment segment = new LatencySegment();
    segment.setFrom(Instant.ofEpochSecond(first).toString());
    segment.setTo(Instant.ofEpochSecond(last).toString());
    Histogram merged = null;
    for (Histogram h : seconds.subMap(first, true, last, false).values()) {
      if (merged == null) {
        merged = h.copy();
      } else {
        merged.add(h);
      }
    }
    long samples = merged == null ? 0 : merged.getTotalCount();
    segment.setSamples(samples);
    if (samples > 0) {
      segment.setP50Ms(merged.getValueAtPercentile(50) / 1000.0);
      segment.setP99Ms(merged.getValueAtPercentile(99) / 1000.0);
      segment.setMaxMs(merged.getMaxValue() / 1000.0);
    }
    return segment;
  }

  /** Kafka's broker-bounce verdict: all records delivered, more, or fewer than generated. */
  static String delivery(IntegritySummary integrity) {
    if (integrity == null) {
      return null;
    }
    long lost = integrity.getLost() == null ? 0 : integrity.getLost();
    long duplicated = integrity.getDuplicated() == null ? 0 : integrity.getDuplicated();
    if (lost > 0) {
      return "fewer than generated (%d lost%s)"
          .formatted(lost, duplicated > 0 ? ", " + duplicated + " duplicated" : "");
    }
    return duplicated > 0
        ? "more than generated (%d duplicated)".formatted(duplicated)
        : "all delivered";
  }
}
