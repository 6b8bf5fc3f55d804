package io.streamgauge.latency;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Integrity of one window: per (producer, source) stream the sequence numbers received, looked up
 * by the raw header bytes in an open-addressing table so a record costs no allocation once its
 * stream is known. Records without the headers are counted as unattributed.
 */
final class IntegrityTracker {

  private Stream[] table = new Stream[64];
  private int size;
  private long unattributed;

  private static final class Stream {
    final byte[] producer;
    final byte[] source;
    final int hash;
    final String producerId;
    final SequenceSet sequences = new SequenceSet();

    Stream(byte[] producer, byte[] source, int hash) {
      this.producer = producer;
      this.source = source;
      this.hash = hash;
      this.producerId = new String(producer, StandardCharsets.UTF_8);
    }
  }

  /** One record: its producer and source header values and its sequence, or null/-1 if absent. */
  void record(byte[] producer, byte[] source, long sequence) {
    if (producer == null || source == null || sequence < 0) {
      unattributed++;
      return;
    }
    find(producer, source).sequences.add(sequence);
  }

  long unattributed() {
    return unattributed;
  }

  /** Per producer id: received, lost (gaps) and duplicated, summed over its sources. */
  Map<String, long[]> perProducer() {
    Map<String, long[]> result = new TreeMap<>();
    for (Stream s : table) {
      if (s != null) {
        long[] counts = result.computeIfAbsent(s.producerId, k -> new long[3]);
        counts[0] += s.sequences.received();
        counts[1] += s.sequences.gaps();
        counts[2] += s.sequences.duplicates();
      }
    }
    return result;
  }

  private Stream find(byte[] producer, byte[] source) {
    int hash = Arrays.hashCode(producer) * 31 + Arrays.hashCode(source);
    int mask = table.length - 1;
    int i = mix(hash) & mask;
    while (table[i] != null) {
      Stream s = table[i];
      if (s.hash == hash
          && Arrays.equals(s.producer, producer)
          && Arrays.equals(s.source, source)) {
        return s;
      }
      i = (i + 1) & mask;
    }
    Stream added = new Stream(producer.clone(), source.clone(), hash);
    table[i] = added;
    if (++size * 2 > table.length) {
      rehash();
    }
    return added;
  }

  private void rehash() {
    Stream[] old = table;
    table = new Stream[old.length * 2];
    int mask = table.length - 1;
    for (Stream s : old) {
      if (s != null) {
        int i = mix(s.hash) & mask;
        while (table[i] != null) {
          i = (i + 1) & mask;
        }
        table[i] = s;
      }
    }
  }

  private static int mix(int h) {
    return h ^ (h >>> 16);
  }
}
