package io.streamgauge.compare;

/**
 * One figure compared: each side's spread, the relative difference of the medians, its bootstrap
 * interval when both sides were repeated, the noise floor and the verdict with its reason.
 *
 * @param baseline the baseline's spread, null when no baseline run measured the figure
 * @param candidate the candidate's spread, null when no candidate run measured it
 * @param delta {@code median(candidate) / median(baseline) - 1}, null when it has no value (a side
 *     is missing or the baseline's median is 0)
 * @param interval the 95 % bootstrap interval of {@code delta}, null unless both sides have two
 *     runs or more
 * @param noiseFloor differences under it are parity: max(2 %, 2 × the larger coefficient of
 *     variation)
 * @param reason why the verdict, in a few words
 */
public record ComparisonRow(
    ComparedFigure figure,
    Spread baseline,
    Spread candidate,
    Double delta,
    BootstrapInterval interval,
    double noiseFloor,
    Verdict verdict,
    String reason) {

  /** The smallest difference a comparison calls a win: 2 %. */
  public static final double MIN_NOISE_FLOOR = 0.02;

  /** Compares one figure's values, one per run, on each side (either side may be empty). */
  public static ComparisonRow of(ComparedFigure figure, double[] baseline, double[] candidate) {
    Spread b = baseline.length == 0 ? null : Spread.of(baseline);
    Spread c = candidate.length == 0 ? null : Spread.of(candidate);
    if (b == null || c == null) {
      String side = b == null ? "baseline" : "candidate";
      return new ComparisonRow(
          figure,
          b,
          c,
          null,
          null,
          MIN_NOISE_FLOOR,
          Verdict.NOT_COMPARED,
          "not measured in the " + side);
    }
    double floor = noiseFloor(b, c);
    if (b.median() == 0) {
      return c.median() == 0
          ? new ComparisonRow(figure, b, c, 0.0, null, floor, Verdict.PARITY, "both 0")
          : new ComparisonRow(
              figure,
              b,
              c,
              null,
              null,
              floor,
              winner(figure, 1),
              "the baseline's median is 0: no relative difference");
    }
    double delta = c.median() / b.median() - 1;
    BootstrapInterval interval =
        b.count() > 1 && c.count() > 1
            ? BootstrapInterval.ofMedianRatio(baseline, candidate)
            : null;
    if (Math.abs(delta) < floor) {
      return new ComparisonRow(
          figure,
          b,
          c,
          delta,
          interval,
          floor,
          Verdict.PARITY,
          String.format("|Δ| under the noise floor of %.1f %%", floor * 100));
    }
    if (interval != null && interval.containsZero()) {
      return new ComparisonRow(
          figure, b, c, delta, interval, floor, Verdict.PARITY, "the 95 % interval holds 0");
    }
    String beyond =
        interval == null
            ? String.format("|Δ| above the noise floor of %.1f %%", floor * 100)
            : "the 95 % interval excludes 0";
    return new ComparisonRow(figure, b, c, delta, interval, floor, winner(figure, delta), beyond);
  }

  private static Verdict winner(ComparedFigure figure, double delta) {
    boolean candidateBetter =
        figure.better() == ComparedFigure.Better.LOWER ? delta < 0 : delta > 0;
    return candidateBetter ? Verdict.CANDIDATE_WINS : Verdict.BASELINE_WINS;
  }

  private static double noiseFloor(Spread b, Spread c) {
    double cv = Math.max(finiteOrZero(b.cv()), finiteOrZero(c.cv()));
    return Math.max(MIN_NOISE_FLOOR, 2 * cv);
  }

  private static double finiteOrZero(double v) {
    return Double.isFinite(v) ? v : 0;
  }
}
