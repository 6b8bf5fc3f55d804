package io.streamgauge.loadgen;

import java.nio.charset.StandardCharsets;
import java.util.random.RandomGenerator;

/**
 * Record keys {@code key-0 .. key-(K-1)}, chosen uniformly, round-robin or Zipf-skewed (key-0
 * hottest). Encoded keys are cached up to {@value #CACHE_LIMIT} distinct keys.
 */
final class KeyGenerator {

  static final int CACHE_LIMIT = 1_000_000;

  private final long keys;
  private final String distribution;
  private final ZipfSampler zipf;
  private final byte[][] cache;
  private long next;

  KeyGenerator(long keys, String distribution, double zipfExponent) {
    this.keys = keys;
    this.distribution = distribution == null ? "uniform" : distribution;
    this.zipf = "zipf".equals(this.distribution) ? new ZipfSampler(keys, zipfExponent) : null;
    this.cache = keys <= CACHE_LIMIT ? new byte[(int) keys][] : null;
  }

  byte[] next(RandomGenerator random) {
    long index =
        switch (distribution) {
          case "round-robin" -> next++ % keys;
          case "zipf" -> zipf.sample(random) - 1;
          default -> random.nextLong(keys);
        };
    return encoded(index);
  }

  private byte[] encoded(long index) {
    if (cache == null) {
      return ("key-" + index).getBytes(StandardCharsets.US_ASCII);
    }
    byte[] key = cache[(int) index];
    if (key == null) {
      key = ("key-" + index).getBytes(StandardCharsets.US_ASCII);
      cache[(int) index] = key;
    }
    return key;
  }
}
