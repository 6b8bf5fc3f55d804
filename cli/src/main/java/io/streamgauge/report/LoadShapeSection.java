package io.streamgauge.report;

import io.streamgauge.api.summary.LatencySegment;
import io.streamgauge.api.summary.LoadSegmentSummary;
import io.streamgauge.api.summary.LoadShapeSummary;
import io.streamgauge.load.LoadShapes;
import io.streamgauge.results.RunChecks;
import java.time.Duration;
import java.time.Instant;

/** The report's section on a shaped load: a row per segment of the window, bursts with drains. */
public final class LoadShapeSection {

  private LoadShapeSection() {}

  /** Appends the section; nothing when the load had no shape. */
  public static void append(StringBuilder md, LoadShapeSummary load) {
    if (load == null || load.getSegments() == null || load.getSegments().isEmpty()) {
      return;
    }
    md.append("\n## Load shape\n\n")
        .append("The load ran ")
        .append(load.getShape())
        .append(
            " over the window. Records: what the shape put in each segment; timed: the records"
                + " stamped there the latency consumer read. Latency by the records' intended"
                + " send time, to 2 significant digits.");
    if (load.getBursts() != null) {
      md.append(
          " Drained: from a burst's end until the app's input lag was back at its level before"
              + " the burst (resolution: a scrape, and the app's commit interval); latency back:"
              + " until no second's p99 was above the worst second's before it.");
      md.append(
          "\n\n%d of %d bursts drained before the next%s."
              .formatted(
                  load.getBurstsDrained(),
                  load.getBursts(),
                  load.getDrainSecondsMax() == null
                      ? ""
                      : ", the slowest in " + RunChecks.number(load.getDrainSecondsMax()) + " s"));
    }
    md.append("\n\n")
        .append(
            "| segment | from (s) | rate (records/s) | records | timed | p50 / p99 / max (ms) |"
                + " input lag peak | drained after (s) | latency back after (s) |\n")
        .append("|---|---:|---|---:|---:|---|---:|---:|---:|\n");
    Instant start = null;
    for (int i = 0; i < load.getSegments().size(); i++) {
      LoadSegmentSummary s = load.getSegments().get(i);
      LatencySegment latency = s.getLatency();
      Instant from = latency == null ? null : Instant.parse(latency.getFrom());
      start = start == null ? from : start;
      // A burst the window's end cuts is not judged: nothing of the window is left to drain in.
      boolean burst = LoadShapes.BURST.equals(s.getLabel()) && i + 1 < load.getSegments().size();
      md.append("| ")
          .append(s.getLabel())
          .append(" | ")
          .append(from == null ? "–" : Duration.between(start, from).toSeconds())
          .append(" | ")
          .append(rate(s))
          .append(" | ")
          .append(RunChecks.number(s.getRecords() == null ? null : s.getRecords().doubleValue()))
          .append(" | ")
          .append(
              latency == null || latency.getSamples() == null
                  ? "–"
                  : RunChecks.number(latency.getSamples().doubleValue()))
          .append(" | ")
          .append(
              latency == null || latency.getP99Ms() == null
                  ? "–"
                  : ms(latency.getP50Ms())
                      + " / "
                      + ms(latency.getP99Ms())
                      + " / "
                      + ms(latency.getMaxMs()))
          .append(" | ")
          .append(RunChecks.number(s.getLagMax()))
          .append(" | ")
          .append(burst ? orNotBack(s.getDrainSeconds()) : "")
          .append(" | ")
          .append(burst ? orNotBack(s.getLatencyBackSeconds()) : "")
          .append(" |\n");
    }
  }

  private static String rate(LoadSegmentSummary s) {
    String from = RunChecks.number((double) Math.round(s.getFromRatePerSec()));
    String to = RunChecks.number((double) Math.round(s.getToRatePerSec()));
    return from.equals(to) ? from : from + " → " + to;
  }

  /** A latency to a tenth of a millisecond (the histograms hold two significant digits). */
  private static String ms(Double value) {
    return value == null ? "–" : String.format(java.util.Locale.ROOT, "%,.1f", value);
  }

  private static String orNotBack(Double seconds) {
    return seconds == null ? "**not back**" : RunChecks.number(seconds);
  }
}
