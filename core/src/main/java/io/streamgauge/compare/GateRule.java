package io.streamgauge.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One rule of a regression gate: a figure may worsen by at most a share of the baseline, e.g.
 * {@code latency.p99<=5%} (p99 no more than 5 % higher) or {@code throughput.consumed<=1%} (no more
 * than 1 % lower: "worse" follows the figure's direction).
 *
 * @param maxWorsening the largest allowed worsening as a fraction (0.05 = 5 %)
 */
public record GateRule(ComparedFigure figure, double maxWorsening) {

  /** A rule that cannot be parsed; the message says what is expected. */
  public static final class BadRuleException extends IllegalArgumentException {
    BadRuleException(String message) {
      super(message);
    }
  }

  /**
   * Parses {@code FIGURE<=N%}, e.g. {@code latency.p99<=5%}.
   *
   * @throws BadRuleException naming the rule, the expected form and the figures known
   */
  public static GateRule parse(String text) {
    String[] parts = text.split("<=", 2);
    if (parts.length != 2 || !parts[1].strip().endsWith("%")) {
      throw new BadRuleException(
          "gate rule '" + text + "': expected FIGURE<=N%, e.g. latency.p99<=5%");
    }
    String key = parts[0].strip();
    ComparedFigure figure;
    try {
      figure = ComparedFigure.byKey(key);
    } catch (IllegalArgumentException e) {
      throw new BadRuleException(
          "gate rule '"
              + text
              + "': unknown figure '"
              + key
              + "' (known: "
              + Arrays.stream(ComparedFigure.values())
                  .map(ComparedFigure::key)
                  .collect(Collectors.joining(", "))
              + ")");
    }
    String number = parts[1].strip();
    double percent;
    try {
      percent = Double.parseDouble(number.substring(0, number.length() - 1).strip());
    } catch (NumberFormatException e) {
      percent = Double.NaN;
    }
    if (!(percent >= 0) || Double.isInfinite(percent)) {
      throw new BadRuleException(
          "gate rule '" + text + "': the allowed worsening must be a percentage of 0 or more");
    }
    return new GateRule(figure, percent / 100);
  }

  /** The rule as written, e.g. {@code latency.p99<=5%}. */
  @Override
  public String toString() {
    return figure.key() + "<=" + String.format(Locale.ROOT, "%s%%", trim(maxWorsening * 100));
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
