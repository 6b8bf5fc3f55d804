package io.streamgauge.loadgen;

import java.util.random.RandomGenerator;

/**
 * The {@code text} profile (wordcount): lines of exactly the drawn size, made of words from a
 * {@link Vocabulary} separated by single spaces, padded with trailing spaces to the size. Splitting
 * a line on whitespace yields only vocabulary words.
 */
final class TextValues implements ValueGenerator {

  private final SizeDistribution sizes;
  private final Vocabulary vocabulary;

  TextValues(SizeDistribution sizes, Vocabulary vocabulary) {
    this.sizes = sizes;
    this.vocabulary = vocabulary;
  }

  @Override
  public byte[] next(RandomGenerator random) {
    byte[] line = new byte[sizes.next(random)];
    int length = 0;
    while (true) {
      byte[] word = vocabulary.pick(random);
      int needed = (length == 0 ? 0 : 1) + word.length;
      if (length + needed > line.length) {
        break;
      }
      if (length > 0) {
        line[length++] = ' ';
      }
      System.arraycopy(word, 0, line, length, word.length);
      length += word.length;
    }
    for (int i = length; i < line.length; i++) {
      line[i] = ' ';
    }
    return line;
  }
}
