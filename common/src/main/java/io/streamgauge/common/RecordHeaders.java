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
 *   <li><b>Header {@value #SOURCE}</b>: the topic and partition the generator wrote the record to,
 *       as {@code topic/partition} in UTF-8. Topologies may merge topics or repartition, so the
 *       consumer of an output topic needs it to know which sequence a record belongs to.
 *   <li><b>Header {@value #SEQUENCE}</b>: the record's sequence number within (producer id,
 *       source), 8 bytes big-endian, starting at 0 and increasing by 1 with no gaps. A sequence
 *       number never seen downstream is a lost record; one seen twice is a duplicate.
 * </ul>
 *
 * <p>The generator chooses each record's partition itself (murmur2 of the key, as Kafka's default
 * partitioner does) so that the sequence is per partition and ordering within it is preserved.
 */
public final class RecordHeaders {

  /** Header carrying the producer id. */
  public static final String PRODUCER_ID = "sg-producer";

  /** Header carrying the source topic and partition, {@code topic/partition}. */
  public static final String SOURCE = "sg-source";

  /** Header carrying the per-(producer, source) sequence number. */
  public static final String SEQUENCE = "sg-seq";

  private RecordHeaders() {}

  /** The producer id as header bytes. */
  public static byte[] encodeProducerId(String producerId) {
    return producerId.getBytes(StandardCharsets.UTF_8);
  }

  /** The source as header bytes. */
  public static byte[] encodeSource(String topic, int partition) {
    return (topic + "/" + partition).getBytes(StandardCharsets.UTF_8);
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
    return header == null ? -1 : decodeSequence(header.value());
  }

  /** The sequence number in header bytes, or -1 when malformed; allocates nothing. */
  public static long decodeSequence(byte[] value) {
    if (value == null || value.length != Long.BYTES) {
      return -1;
    }
    long sequence = 0;
    for (byte b : value) {
      sequence = (sequence << 8) | (b & 0xff);
    }
    return sequence;
  }

  /** The source ({@code topic/partition}) of a record, or null when the header is missing. */
  public static String source(Headers headers) {
    Header header = headers.lastHeader(SOURCE);
    return header == null || header.value() == null
        ? null
        : new String(header.value(), StandardCharsets.UTF_8);
  }

  /** The producer id of a record, or null when the header is missing. */
  public static String producerId(Headers headers) {
    Header header = headers.lastHeader(PRODUCER_ID);
    return header == null || header.value() == null
        ? null
        : new String(header.value(), StandardCharsets.UTF_8);
  }
}
