package io.streamgauge.common;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The wire contract between the load generator and the latency consumer. This class is the one
 * place it is defined.
 *
 * <ul>
 *   <li><b>Record timestamp</b> (CreateTime): the <em>intended</em> send time of the record on the
 *       load generator's fixed-rate schedule, in epoch milliseconds — not the time {@code send()}
 *       was called. A producer that falls behind therefore shows up as end-to-end latency
 *       downstream (no coordinated omission).
 *   <li><b>Header {@value #PRODUCER_ID}</b>: the load-generator instance's id, UTF-8.
 *   <li><b>Header {@value #SEQUENCE}</b>: the record's sequence number within (producer id, topic,
 *       partition), 8 bytes big-endian, starting at 0 and increasing by 1 with no gaps. A gap seen
 *       downstream is a lost record; a repeat is a duplicate.
 * </ul>
 *
 * <p>The generator chooses each record's partition itself (murmur2 of the key, as Kafka's default
 * partitioner does) so that the sequence is per partition and ordering within it is preserved.
 */
public final class RecordHeaders {

  /** Header carrying the producer id. */
  public static final String PRODUCER_ID = "sg-producer";

  /** Header carrying the per-(producer, topic, partition) sequence number. */
  public static final String SEQUENCE = "sg-seq";

  private RecordHeaders() {}

  /** The producer id as header bytes. */
  public static byte[] encodeProducerId(String producerId) {
    return producerId.getBytes(StandardCharsets.UTF_8);
  }

  /** The sequence number as header bytes. */
  public static byte[] encodeSequence(long sequence) {
    return ByteBuffer.allocate(Long.BYTES).putLong(sequence).array();
  }

  /**
   * The sequence number of a record, or -1 when the header is missing or malformed (the record did
   * not come from a Streamgauge load generator, or the topology dropped headers).
   */
  public static long sequence(Headers headers) {
    Header header = headers.lastHeader(SEQUENCE);
    if (header == null || header.value() == null || header.value().length != Long.BYTES) {
      return -1;
    }
    return ByteBuffer.wrap(header.value()).getLong();
  }

  /** The producer id of a record, or null when the header is missing. */
  public static String producerId(Headers headers) {
    Header header = headers.lastHeader(PRODUCER_ID);
    return header == null || header.value() == null
        ? null
        : new String(header.value(), StandardCharsets.UTF_8);
  }
}
