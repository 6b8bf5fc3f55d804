package io.streamgauge.latency;

/**
 * The sequence numbers received from one (producer, source) stream, as a bitset growing in either
 * direction: counts distinct and duplicate numbers, and gaps between the smallest and largest.
 */
final class SequenceSet {

  private long base = -1;
  private long[] words = new long[16];
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private long distinct;
  private long duplicates;

  void add(long sequence) {
    if (base < 0) {
      base = sequence & ~63L;
    }
    if (sequence < base) {
      growDown(sequence);
    }
    long offset = sequence - base;
    int word = (int) (offset >>> 6);
    if (word >= words.length) {
      growUp(word);
    }
    long bit = 1L << (offset & 63);
    if ((words[word] & bit) != 0) {
      duplicates++;
      return;
    }
    words[word] |= bit;
    distinct++;
    min = Math.min(min, sequence);
    max = Math.max(max, sequence);
  }

  long received() {
    return distinct + duplicates;
  }

  long duplicates() {
    return duplicates;
  }

  /** Numbers between the smallest and largest received that never arrived. */
  long gaps() {
    return distinct == 0 ? 0 : (max - min + 1) - distinct;
  }

  private void growUp(int word) {
    int length = words.length;
    while (length <= word) {
      length *= 2;
    }
    words = java.util.Arrays.copyOf(words, length);
  }

  private void growDown(long sequence) {
    long newBase = sequence & ~63L;
    int shift = (int) ((base - newBase) >>> 6);
    long[] grown = new long[words.length + shift];
    System.arraycopy(words, 0, grown, shift, words.length);
    words = grown;
    base = newBase;
  }
}
