package io.streamgauge.compare;

import java.util.Locale;

/**
 * The comparison as the methodology prints it: Metric | baseline | candidate | Δ% | verdict, with
 * the 95 % interval and the noise floor beside Δ, each side's range when it was repeated, then the
 * notes and the spec differences.
 */
public final class ComparisonMarkdown {

  private ComparisonMarkdown() {}

  /** The comparison as a markdown section. */
  public static String render(Comparison comparison) {
    StringBuilder out = new StringBuilder();
    out.append("## Comparison: `")
        .append(comparison.candidateLabel())
        .append("` (candidate, ")
        .append(runs(comparison.candidate().size()))
        .append(") against `")
        .append(comparison.baselineLabel())
        .append("` (baseline, ")
        .append(runs(comparison.baseline().size()))
        .append(")\n\n");
    out.append("| Metric | baseline | candidate | Δ% | 95% CI of Δ | noise floor | verdict |\n");
    out.append("|---|---:|---:|---:|---|---:|---|\n");
    for (ComparisonRow row : comparison.rows()) {
      out.append("| ")
          .append(row.figure().label())
          .append(" | ")
          .append(side(row.baseline()))
          .append(" | ")
          .append(side(row.candidate()))
          .append(" | ")
          .append(row.delta() == null ? "–" : percent(row.delta()))
          .append(" | ")
          .append(
              row.interval() == null
                  ? "–"
                  : "["
                      + percent(row.interval().low())
                      + ", "
                      + percent(row.interval().high())
                      + "]")
          .append(" | ")
          .append(String.format(Locale.ROOT, "%.1f%%", row.noiseFloor() * 100))
          .append(" | ")
          .append(row.verdict().text())
          .append(" |\n");
    }
    out.append(
        "\nEach side is the median of its runs (min–max beside it when repeated); Δ is the"
            + " candidate's median over the baseline's, minus one. Parity when |Δ| is under the"
            + " noise floor (max(2 %, 2 × the larger coefficient of variation)) or the interval"
            + " holds 0. One p99 per run is one observation: runs are never pooled.\n");
    if (!comparison.notes().isEmpty()) {
      out.append("\n");
      comparison.notes().forEach(n -> out.append("- ").append(n).append('\n'));
    }
    out.append("\nSpec differences (baseline → candidate):");
    if (comparison.specDifferences().isEmpty()) {
      out.append(" none.\n");
    } else {
      out.append("\n\n");
      comparison.specDifferences().forEach(d -> out.append("- `").append(d).append("`\n"));
    }
    return out.toString();
  }

  /** A figure's value as the table prints it: three or four significant digits. */
  public static String number(double v) {
    double a = Math.abs(v);
    String format = a >= 1000 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, format, v);
  }

  /** A relative difference as a signed percentage, e.g. {@code +12.0%}. */
  static String percent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
  }

  private static String side(Spread spread) {
    return spread == null ? "–" : spread(spread);
  }

  /** A spread as the tables print it: the median, and min–max when there are several runs. */
  public static String spread(Spread spread) {
    String median = number(spread.median());
    return spread.count() < 2
        ? median
        : median + " (" + number(spread.min()) + "–" + number(spread.max()) + ")";
  }

  private static String runs(int n) {
    return n == 1 ? "1 run" : n + " runs";
  }
}
