package io.streamgauge.loadgen;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations written like {@code 30s}, {@code 10m} or {@code 1h30m}, as in a BenchmarkRun spec. */
final class Durations {

  private static final Pattern FORMAT = Pattern.compile("^(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?$");

  private Durations() {}

  static Duration parse(String text) {
    Matcher m = FORMAT.matcher(text);
    if (text.isEmpty() || !m.matches()) {
      throw new WorkloadException(2, "duration: '" + text + "' is not like 30s, 10m or 1h30m");
    }
    return Duration.ofHours(part(m, 1)).plusMinutes(part(m, 2)).plusSeconds(part(m, 3));
  }

  private static long part(Matcher m, int group) {
    return m.group(group) == null ? 0 : Long.parseLong(m.group(group));
  }
}
