package io.streamgauge.common;

import java.util.ArrayList;
import java.util.List;

/**
 * The load's shape over the measurement window, as a factor of the spec's rates: a sequence of
 * segments, each moving the factor linearly from one value to another over its seconds (constant
 * when both are equal). Outside the window the factor is 1.
 *
 * <p>The records a segment holds are {@code rate × ∫factor}: with {@code F} that integral from the
 * window's start, a schedule that sends record {@code j} of the window (from 0) when {@code F}
 * reaches {@code j / rate} sends exactly {@code ⌈rate·F(b)⌉ − ⌈rate·F(a)⌉} records in {@code [a,
 * b)}, which is {@code rate × ∫factor} whenever that is a whole number, whatever the fractions
 * before. Both the load generator (when each record is due) and the results (what each segment
 * should have held) read it from here.
 *
 * @param segments in order, the first starting at the window's start (0), each starting where the
 *     one before ended
 */
public record LoadShape(List<Segment> segments) {

  /**
   * Within this many records of a whole number, a segment boundary's count is that number: sums of
   * products of decimal rates and seconds miss whole counts by a few ulps.
   */
  private static final double WHOLE = 1e-6;

  /**
   * How long before its segment's end the last due time lies at the latest, in seconds: more than
   * half a millisecond, so the stamp rounded to the nearest millisecond is still inside.
   */
  public static final double LAST_IN_SEGMENT = 0.0006;

  /**
   * One segment of the window.
   *
   * @param start seconds after the window's start
   * @param end seconds after the window's start, after {@code start}
   * @param from the factor at {@code start}, at least 0
   * @param to the factor at {@code end}, at least 0
   * @param label what the segment is, for reports: {@code burst}, {@code base}, {@code step 2},
   *     {@code ramp}
   */
  public record Segment(double start, double end, double from, double to, String label) {

    /** Seconds the segment lasts. */
    public double seconds() {
      return end - start;
    }

    /** The integral of the factor over the segment, in seconds (records at a rate of 1/s). */
    public double area() {
      return seconds() * (from + to) / 2;
    }

    /** The factor's mean over the segment. */
    public double meanFactor() {
      return (from + to) / 2;
    }
  }

  /**
   * One cycle of the shape, repeated over the window.
   *
   * @param seconds how long the piece lasts, more than 0
   * @param from the factor at its start
   * @param to the factor at its end
   * @param label what the piece is
   */
  public record Piece(double seconds, double from, double to, String label) {}

  public LoadShape {
    segments = List.copyOf(segments);
  }

  /**
   * {@code cycle} repeated from the window's start until {@code windowSeconds}, the last piece cut
   * at the window's end.
   *
   * @throws IllegalArgumentException when the cycle is empty or a piece lasts no time
   */
  public static LoadShape over(List<Piece> cycle, double windowSeconds) {
    if (cycle.isEmpty() || cycle.stream().anyMatch(p -> !(p.seconds() > 0))) {
      throw new IllegalArgumentException("a load shape's cycle needs pieces of some length");
    }
    List<Segment> segments = new ArrayList<>();
    double at = 0;
    while (at < windowSeconds) {
      for (Piece piece : cycle) {
        if (at >= windowSeconds) {
          break;
        }
        double end = Math.min(windowSeconds, at + piece.seconds());
        double to = piece.from() + (piece.to() - piece.from()) * (end - at) / piece.seconds();
        segments.add(new Segment(at, end, piece.from(), to, piece.label()));
        at = end;
      }
    }
    return new LoadShape(segments);
  }

  /** Seconds the shape covers: the window's length. */
  public double seconds() {
    return segments.isEmpty() ? 0 : segments.get(segments.size() - 1).end();
  }

  /** The integral of the factor from the window's start to {@code x} seconds after it. */
  public double area(double x) {
    double area = 0;
    for (Segment s : segments) {
      if (x >= s.end()) {
        area += s.area();
      } else {
        if (x > s.start()) {
          double t = x - s.start();
          area += s.from() * t + (s.to() - s.from()) * t * t / (2 * s.seconds());
        }
        return area;
      }
    }
    return area + Math.max(0, x - seconds());
  }

  /** The factor {@code x} seconds after the window's start (1 outside it). */
  public double factorAt(double x) {
    for (Segment s : segments) {
      if (x >= s.start() && x < s.end()) {
        return s.from() + (s.to() - s.from()) * (x - s.start()) / s.seconds();
      }
    }
    return 1;
  }

  /** The records {@code rate} records/s sends over the whole window under this shape. */
  public long records(double rate) {
    return wholeCeil(rate * area(seconds()));
  }

  /** The records of the window due before {@code x} seconds after its start at {@code rate}. */
  public long recordsBefore(double x, double rate) {
    return wholeCeil(rate * area(x));
  }

  /** The records sent in {@code segment} at {@code rate} records/s under this shape. */
  public long records(Segment segment, double rate) {
    return wholeCeil(rate * area(segment.end())) - wholeCeil(rate * area(segment.start()));
  }

  /**
   * Seconds after the window's start at which record {@code j} of the window (from 0) is due at
   * {@code rate} records/s: where {@code rate × area} reaches {@code j}, in the first segment whose
   * records {@code [rate·F(start), rate·F(end))} hold it, so a segment of factor 0 holds none. A
   * record past the window's records is due after it at the rate itself.
   *
   * <p>A record is stamped with its due time rounded to the millisecond: one due in the last half
   * millisecond of its segment is moved to {@link #LAST_IN_SEGMENT} before the segment's end, so
   * its stamp stays in the segment (whose ends are whole milliseconds) and every segment holds what
   * it should by the stamps too.
   */
  public double due(long j, double rate) {
    double before = 0;
    for (Segment s : segments) {
      double after = before + rate * s.area();
      if (j < after - WHOLE) {
        double need = Math.max(0, (j - before) / rate);
        return Math.min(s.start() + within(s, need), s.end() - LAST_IN_SEGMENT);
      }
      before = after;
    }
    return seconds() + Math.max(0, j - wholeCeil(before)) / rate;
  }

  /** The time into {@code s} at which the factor's integral from its start reaches {@code need}. */
  private static double within(Segment s, double need) {
    double slope = (s.to() - s.from()) / s.seconds();
    if (slope == 0) {
      return need / s.from();
    }
    // from·t + slope·t²/2 = need; the root that is positive, in the cancellation-free form
    double root = Math.sqrt(Math.max(0, s.from() * s.from() + 2 * slope * need));
    return Math.min(s.seconds(), 2 * need / (s.from() + root));
  }

  /** {@code ⌈x⌉}, with {@code x} within {@link #WHOLE} of a whole number counted as that number. */
  static long wholeCeil(double x) {
    double nearest = Math.rint(x);
    return Math.abs(x - nearest) <= WHOLE ? (long) nearest : (long) Math.ceil(x);
  }
}
