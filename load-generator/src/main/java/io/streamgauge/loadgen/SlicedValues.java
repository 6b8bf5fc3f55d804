package io.streamgauge.loadgen;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Values cut at random offsets from a pre-generated pool, so generating a value costs one copy: the
 * {@code string} profile (mixed-case ASCII letters, so uppercase and filter steps do real work) and
 * the {@code bytes} profile (random bytes).
 */
final class SlicedValues implements ValueGenerator {

  private static final int POOL_EXTRA = 1 << 16;
  private static final byte[] LETTERS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes();

  private final SizeDistribution sizes;
  private final byte[] pool;

  SlicedValues(SizeDistribution sizes, byte[] pool) {
    this.sizes = sizes;
    this.pool = pool;
  }

  static byte[] mixedCaseAscii(int maxSize, RandomGenerator random) {
    byte[] pool = new byte[maxSize + POOL_EXTRA];
    for (int i = 0; i < pool.length; i++) {
      pool[i] = LETTERS[random.nextInt(LETTERS.length)];
    }
    return pool;
  }

  static byte[] randomBytes(int maxSize, RandomGenerator random) {
    byte[] pool = new byte[maxSize + POOL_EXTRA];
    random.nextBytes(pool);
    return pool;
  }

  @Override
  public byte[] next(RandomGenerator random) {
    int size = sizes.next(random);
    int offset = random.nextInt(pool.length - size + 1);
    return Arrays.copyOfRange(pool, offset, offset + size);
  }
}
