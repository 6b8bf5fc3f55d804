package io.streamgauge.platform.local;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The fixed piece of work {@link MachineSpeed} times: one thread counting pseudo-random words (a
 * fixed sequence) into a 100,000-entry hash map — allocation, hashing and cache misses, as a stream
 * app's record path has. Run as a JVM of its own, with nothing but this class on its path.
 */
final class CalibrationWorkload {

  private static final int WORDS = 100_000;

  private final Map<String, long[]> counts = new HashMap<>();
  private long seed = 42;

  private CalibrationWorkload() {}

  /**
   * The child: {@code <warmupMillis> <measuredMillis>}; prints millions of words counted per second
   * over the measured part, then the words and the seconds it divided.
   */
  public static void main(String[] args) {
    CalibrationWorkload speed = new CalibrationWorkload();
    speed.countFor(Long.parseLong(args[0]));
    long millis = Long.parseLong(args[1]);
    long started = System.nanoTime();
    long words = speed.countFor(millis);
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.println(
        String.format(Locale.ROOT, "%.3f %d %.6f", words / seconds / 1e6, words, seconds));
  }

  /** Counts words for about {@code millis}; returns how many. */
  private long countFor(long millis) {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    long words = 0;
    while (System.nanoTime() < end) {
      for (int i = 0; i < 1_000; i++) {
        seed = seed * 6364136223846793005L + 1442695040888963407L;
        String word = Long.toString((seed >>> 33) % WORDS, 36);
        counts.computeIfAbsent(word, w -> new long[1])[0]++;
      }
      words += 1_000;
    }
    return words;
  }
}
