package io.streamgauge.loadgen;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.random.RandomGenerator;

/** A fixed set of distinct lowercase words, 3 to 10 letters, generated from a seed. */
final class Vocabulary {

  static final int MIN_WORD = 3;
  static final int MAX_WORD = 10;

  private final byte[][] words;

  private Vocabulary(byte[][] words) {
    this.words = words;
  }

  static Vocabulary generate(int size, RandomGenerator random) {
    Set<String> distinct = new LinkedHashSet<>();
    char[] letters = new char[MAX_WORD];
    while (distinct.size() < size) {
      int length = random.nextInt(MIN_WORD, MAX_WORD + 1);
      for (int i = 0; i < length; i++) {
        letters[i] = (char) ('a' + random.nextInt(26));
      }
      distinct.add(new String(letters, 0, length));
    }
    return new Vocabulary(
        distinct.stream().map(w -> w.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new));
  }

  int size() {
    return words.length;
  }

  byte[] pick(RandomGenerator random) {
    return words[random.nextInt(words.length)];
  }
}
