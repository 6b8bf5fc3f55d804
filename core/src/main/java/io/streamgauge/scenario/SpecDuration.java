package io.streamgauge.scenario;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duration notation of a BenchmarkRun spec: hours, minutes and seconds in that order, e.g.
 * {@code 30s}, {@code 10m}, {@code 1h30m}. The CRD enforces the same pattern; this class parses and
 * prints it.
 */
public final class SpecDuration {

  private static final Pattern FORMAT = Pattern.compile("^(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?$");

  private SpecDuration() {}

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException if it is not in the notation
   */
  public static Duration parse(String text) {
    Matcher m = text == null ? null : FORMAT.matcher(text);
    if (m == null || text.isEmpty() || !m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a duration like 30s, 10m or 1h30m");
    }
    return Duration.ofHours(group(m, 1)).plusMinutes(group(m, 2)).plusSeconds(group(m, 3));
  }

  /** Prints {@code duration} in the notation, to whole seconds, e.g. {@code 1h5m} or {@code 0s}. */
  public static String format(Duration duration) {
    long seconds = duration.toSeconds();
    if (seconds == 0) {
      return "0s";
    }
    StringBuilder out = new StringBuilder();
    append(out, seconds / 3600, 'h');
    append(out, seconds % 3600 / 60, 'm');
    append(out, seconds % 60, 's');
    return out.toString();
  }

  private static long group(Matcher m, int index) {
    String value = m.group(index);
    return value == null ? 0 : Long.parseLong(value);
  }

  private static void append(StringBuilder out, long amount, char unit) {
    if (amount > 0) {
      out.append(amount).append(unit);
    }
  }
}
