package io.streamgauge.latency;

import io.streamgauge.common.RecordHeaders;
import java.util.Map;
import java.util.TreeMap;

/**
 * Integrity of one window: per stream ({@code producerId/topic/partition}, from the trace header)
 * the sequence numbers received. Streams are found by the raw header bytes in an open-addressing
 * table, so a record costs no allocation once its stream is known; the previous record's stream is
 * tried first, as a poll batch holds runs of one partition. Records without the header are counted
 * as unattributed.
 */
final class IntegrityTracker {

  private Stream[] table = new Stream[64];
  private int size;
  private long unattributed;

  /** The stream of the previous record: a poll batch holds runs of records of one partition. */
  private Stream last;

  private static final class Stream {
    final byte[] trace;
    final int hash;
    final String producerId;
    final SequenceSet sequences = new SequenceSet();

    Stream(byte[] trace, int hash) {
      this.trace = trace.clone();
      this.hash = hash;
      this.producerId = RecordHeaders.producerIdOf(trace);
    }
  }

  /** One record, by its trace header value (null when it had none). */
  void record(byte[] trace) {
    if (trace == null) {
      unattributed++;
      return;
    }
    Stream s = last;
    if (s == null || !RecordHeaders.sameStream(s.trace, trace)) {
      s = find(trace);
      last = s;
    }
    s.sequences.add(RecordHeaders.sequence(trace));
  }

  long unattributed() {
    return unattributed;
  }

  /** Per producer id: received, lost (gaps) and duplicated, summed over its streams. */
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

  /**
   * Per stream id ({@code producerId/topic/partition}): distinct numbers received, duplicates and
   * gaps.
   */
  Map<String, long[]> perStream() {
    Map<String, long[]> result = new TreeMap<>();
    for (Stream s : table) {
      if (s != null) {
        result.put(
            RecordHeaders.streamIdOf(s.trace),
            new long[] {
              s.sequences.received() - s.sequences.duplicates(),
              s.sequences.duplicates(),
              s.sequences.gaps()
            });
      }
    }
    return result;
  }

  private Stream find(byte[] trace) {
    int hash = RecordHeaders.streamHash(trace);
    int mask = table.length - 1;
    int i = mix(hash) & mask;
    while (table[i] != null) {
      Stream s = table[i];
      if (s.hash == hash && RecordHeaders.sameStream(s.trace, trace)) {
        return s;
      }
      i = (i + 1) & mask;
    }
    Stream added = new Stream(trace, hash);
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
