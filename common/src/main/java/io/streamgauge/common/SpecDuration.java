package io.streamgauge.common;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duration notation of Streamgauge's documents (a BenchmarkRun spec, a load generator's
 * workload): hours, minutes and seconds in that order, e.g. {@code 30s}, {@code 10m}, {@code
 * 1h30m}. The one definition: the CRD's pattern is {@link #PATTERN}, and every parser is {@link
 * #parse}.
 */
public final class SpecDuration {

  /** The notation as a regular expression, as the CRD states it (a compile-time constant). */
  public static final String PATTERN = "^([0-9]+h([0-9]+m)?([0-9]+s)?|[0-9]+m([0-9]+s)?|[0-9]+s)$";

  /** The longest duration a spec may hold, as written: 30 days, far beyond any benchmark's. */
  public static final String MAX_TEXT = "720h";

  /** {@link #MAX_TEXT} as a duration. */
  public static final Duration MAX = Duration.ofHours(720);

  /** The CRD's rule on every duration field (a compile-time constant, for the annotation). */
  public static final String AT_MOST_MAX_RULE = "duration(self) <= duration('" + MAX_TEXT + "')";

  /** What the API server says when {@link #AT_MOST_MAX_RULE} does not hold. */
  public static final String AT_MOST_MAX_MESSAGE = "must be at most " + MAX_TEXT;

  private static final Pattern FORMAT = Pattern.compile(PATTERN);
  private static final Pattern PARTS = Pattern.compile("^(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?$");

  private SpecDuration() {}

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException if it is not in the notation or longer than {@link #MAX}
   */
  public static Duration parse(String text) {
    if (!isValid(text)) {
      throw new IllegalArgumentException("'" + text + "' is not a duration like 30s, 10m or 1h30m");
    }
    Duration duration;
    try {
      duration = parsed(text);
    } catch (ArithmeticException | NumberFormatException e) {
      duration = null;
    }
    if (duration == null || duration.compareTo(MAX) > 0) {
      throw new IllegalArgumentException("'" + text + "' " + AT_MOST_MAX_MESSAGE);
    }
    return duration;
  }

  /** True when {@code text} is in the notation. */
  public static boolean isValid(String text) {
    return text != null && FORMAT.matcher(text).matches();
  }

  private static Duration parsed(String text) {
    Matcher m = PARTS.matcher(text);
    m.matches();
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
