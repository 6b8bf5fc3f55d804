package io.streamgauge.metrics;

/**
 * PromQL for a counter whose exporter stamps its own samples (cAdvisor): what it rose by over the
 * window, per series summed, and the part of the window that rise rests on.
 *
 * <p>Each series counts its slope between its first and last samples inside the window (by the
 * samples' own timestamps) times the part of the window it was there for. cAdvisor stamps its
 * samples with its housekeeping time (one to two of the kubelet's housekeeping intervals apart:
 * 10-20 s by default), and {@code rate()} extrapolates from the samples to the window's edges only
 * when an edge is closer than 1.1 average intervals; past that it extrapolates half an interval and
 * divides by the whole window, so a 60 s window read up to 30 % low in a simulation. The slope has
 * no such edge term.
 *
 * <p>A series there before the window (a sample within Prometheus' lookback of its start) counts
 * from the start; one that began inside it (a container started in the window: a pod's replacement)
 * counts from its first sample, plus that sample's value, which is what the new container had used
 * since it started (its counter begins at 0). A series still there at the window's end counts to
 * the end; one that ended inside it (a deleted pod, whose series Prometheus marks stale) counts to
 * its last sample. So a pod killed in the window adds what it used before the kill, and its
 * replacement what it used after, each once.
 *
 * <p>A series with one sample inside the window has no slope: it adds only what it used before that
 * sample when it began inside, and nothing for the rest, which the span says. With no series of two
 * samples the rise is NaN and the figure reported missing. A counter reset inside the window (a
 * restarted container is a new series) is not corrected. The first sample is found by its timestamp
 * through 1 s subqueries, not by the range's left edge, which Prometheus 2 counts in and Prometheus
 * 3 does not. See bench/results/cadvisor-cpu.md.
 */
final class ExporterStampedCounter {

  private final String series;

  private ExporterStampedCounter(String series) {
    this.series = series;
  }

  /** The rise of {@code series} (a selector) over the window, summed over its series. */
  static String rise(String series) {
    ExporterStampedCounter c = new ExporterStampedCounter(series);
    return "((sum(("
        + c.last()
        + " - "
        + c.first()
        + ") / ("
        + c.span()
        + " > 0) * "
        + c.present()
        + ") or vector(NaN)) + sum("
        + c.usedBeforeFirstSample()
        + "))";
  }

  /**
   * The share of the time the series were there in the window that their samples span, as seconds
   * of the whole window: what {@link #rise} rests on. cAdvisor stamps a busy container's samples
   * one to two housekeeping intervals apart, and Prometheus sees one a scrape interval late at
   * most, so a window loses up to both at each edge (10 s and 30 s by default: a 60 s window can
   * rest on no span at all), and a pod that ran only part of the window may leave one sample in it,
   * which spans nothing.
   */
  static String span(String series) {
    ExporterStampedCounter c = new ExporterStampedCounter(series);
    return "sum(" + c.span() + ") / sum(" + c.present() + ") * $seconds";
  }

  private String sampledInWindow() {
    return "(timestamp(" + series + ") > $start)";
  }

  private String firstAt() {
    return "min_over_time(" + sampledInWindow() + "[$window:1s])";
  }

  /** At the window's end when the series is there (exact), else its last sample's in the window. */
  private String lastAt() {
    return "(" + sampledInWindow() + " or max_over_time(" + sampledInWindow() + "[$window:1s]))";
  }

  private String first() {
    return "min_over_time((" + series + " and " + sampledInWindow() + ")[$window:1s])";
  }

  private String last() {
    return "max_over_time(" + series + "[$window])";
  }

  /** Seconds between the first and last samples inside the window. */
  private String span() {
    return "(" + lastAt() + " - " + firstAt() + ")";
  }

  /** Present at the window's start: a sample within the lookback before it. */
  private String atStart() {
    return "timestamp(" + series + " offset $window)";
  }

  /** Present at the window's end: not stale. */
  private String atEnd() {
    return "timestamp(" + series + ")";
  }

  /** Seconds of the window the series was there for. */
  private String present() {
    String from = "((0 * " + atStart() + " + $start) or " + firstAt() + ")";
    String to = "((0 * " + atEnd() + " + $start + $seconds) or " + lastAt() + ")";
    return "(" + to + " - " + from + ")";
  }

  /** A series that began inside the window: its first sample's value; else 0. */
  private String usedBeforeFirstSample() {
    return "((" + first() + " unless " + atStart() + ") or 0 * " + atStart() + ")";
  }
}
